// scale_schedule.h: the schedule's grammar, presets and draws.
#include "core/learners/get/scale_schedule.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "core/error.h"
#include "core/nn/random_uniform.h"
#include "core/params/param_spec.h"

namespace treelab::get {
namespace {

constexpr int kMaxEpochs = 1000000;   // per stage
constexpr int kMaxStages = 100;
constexpr double kMaxAlpha = 1e6;     // beyond it σ(α·u) is a step function in double anyway

const char* const kPaper = "U(5,25):3000,U(50,150):3000";
const char* const kCode = "U(5,25):3000,U(80,120):3000";

// A cursor over the stage list that reports errors by stage.
class StageReader {
public:
    explicit StageReader(std::string text) : text_(std::move(text)) {
        text_.erase(std::remove_if(text_.begin(), text_.end(), [](unsigned char c) { return std::isspace(c); }), text_.end());
    }

    ScaleSchedule read() {
        if (text_.empty()) fail("is empty; write stages ALPHA:EPOCHS separated by commas, e.g. U(5,25):3000,U(50,150):3000, or a preset (paper, code)");
        ScaleSchedule schedule;
        while (true) {
            if (static_cast<int>(schedule.size()) == kMaxStages) fail("has more than " + std::to_string(kMaxStages) + " stages");
            stage_ = static_cast<int>(schedule.size()) + 1;
            schedule.push_back(read_stage());
            if (at_end()) return schedule;
            expect(',', "a comma before the next stage");
        }
    }

private:
    ScaleStage read_stage() {
        ScaleStage stage;
        if (peek() == 'U' || peek() == 'u') {
            ++position_;
            expect('(', "'(' after U");
            stage.low = read_alpha();
            expect(',', "a comma between the two ends of U(LOW,HIGH)");
            stage.high = read_alpha();
            expect(')', "')' closing U(LOW,HIGH)");
            if (stage.low > stage.high)
                fail_stage("U(" + number_text(stage.low) + "," + number_text(stage.high) + ") has its low end above its high end");
        } else {
            stage.low = stage.high = read_alpha();
        }
        expect(':', "':' and a number of epochs after the scale factor");
        const std::string epochs = token();
        int value = 0;
        const auto [end, error] = std::from_chars(epochs.data(), epochs.data() + epochs.size(), value);
        if (epochs.empty() || error != std::errc() || end != epochs.data() + epochs.size() || value < 1 || value > kMaxEpochs)
            fail_stage("epochs must be a whole number from 1 to " + std::to_string(kMaxEpochs) + ", not '" + epochs + "'");
        stage.epochs = value;
        return stage;
    }

    // A scale factor: a finite number in (0, kMaxAlpha].
    double read_alpha() {
        const std::string text = token();
        double value = 0.0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
            fail_stage("the scale factor must be a number or U(LOW,HIGH), not '" + text + "'");
        if (value <= 0.0 || value > kMaxAlpha)
            fail_stage("a scale factor must be above 0 and at most " + number_text(kMaxAlpha) + ", not " + text);
        return value;
    }

    // The text up to the next delimiter of the grammar.
    std::string token() {
        const std::size_t end = std::min(text_.find_first_of(":,()", position_), text_.size());
        std::string text = text_.substr(position_, end - position_);
        position_ = end;
        return text;
    }

    void expect(char c, const std::string& what) {
        if (peek() != c) fail_stage("expected " + what + (at_end() ? " at the end" : " at '" + text_.substr(position_) + "'"));
        ++position_;
    }

    char peek() const { return at_end() ? '\0' : text_[position_]; }
    bool at_end() const { return position_ >= text_.size(); }
    static std::string number_text(double value) { return to_text(ParamValue{value}); }

    [[noreturn]] void fail_stage(const std::string& message) const { fail("stage " + std::to_string(stage_) + ": " + message); }
    [[noreturn]] static void fail(const std::string& message) { throw ParamError("the scale-factor schedule " + message); }

    std::string text_;
    std::size_t position_ = 0;
    int stage_ = 0;
};

std::string stage_text(const ScaleStage& stage) {
    const auto number = [](double value) { return to_text(ParamValue{value}); };
    const std::string alpha = stage.low == stage.high ? number(stage.low) : "U(" + number(stage.low) + "," + number(stage.high) + ")";
    return alpha + ":" + std::to_string(stage.epochs);
}

}  // namespace

const std::vector<std::string>& scale_schedule_presets() {
    static const std::vector<std::string> presets = {"paper", "code"};
    return presets;
}

ScaleSchedule parse_scale_schedule(const std::string& text) {
    if (text == "paper") return StageReader(kPaper).read();
    if (text == "code") return StageReader(kCode).read();
    return StageReader(text).read();
}

std::string canonical_scale_schedule(const std::string& text) {
    const ScaleSchedule schedule = parse_scale_schedule(text);
    if (text == "paper" || text == "code") return text;
    return scale_schedule_text(schedule);
}

std::string scale_schedule_text(const ScaleSchedule& schedule) {
    std::string text;
    for (const ScaleStage& stage : schedule) text += (text.empty() ? "" : ",") + stage_text(stage);
    return text;
}

int total_epochs(const ScaleSchedule& schedule) {
    long long total = 0;
    for (const ScaleStage& stage : schedule) total += stage.epochs;
    if (total > 100000000) throw ParamError("the scale-factor schedule has more than 100000000 epochs in all");
    return static_cast<int>(total);
}

std::vector<double> draw_scale_factors(const ScaleSchedule& schedule, std::mt19937& random) {
    std::vector<double> alphas;
    for (const ScaleStage& stage : schedule)
        alphas.push_back(stage.low == stage.high ? stage.low : nn::random_uniform(random, stage.low, stage.high));
    return alphas;
}

}  // namespace treelab::get
