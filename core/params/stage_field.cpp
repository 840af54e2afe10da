// stage_field.h: references to a stage's field, their values, and writing them into a stage list.
#include "core/params/stage_field.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <tuple>

#include "core/error.h"

namespace treelab {
namespace {

constexpr const char* kEpochsKey = "epochs";

// The whole text as one number (no leading or trailing characters).
template <typename Number>
bool parse_all(const std::string& text, Number& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && error == std::errc() && end == text.data() + text.size();
}

bool parse_real(const std::string& text, double& value) { return parse_all(text, value) && std::isfinite(value); }

std::string field_key(const ParamSpec& spec, StageField field) {
    return field == StageField::Value ? spec.stages->value_key : kEpochsKey;
}

const ParamSpec* find(std::span<const ParamSpec> specs, const std::string& name) {
    const auto spec = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == name; });
    return spec == specs.end() ? nullptr : &*spec;
}

}  // namespace

std::optional<StageFieldRef> parse_stage_field_ref(std::span<const ParamSpec> specs, const std::string& name) {
    const std::size_t open = name.find('[');
    if (open == std::string::npos) return std::nullopt;
    const std::size_t close = name.find(']', open);
    if (open == 0 || close == std::string::npos || close + 1 >= name.size() || name[close + 1] != '.')
        throw ParamError("'" + name + "' must be NAME[STAGE].FIELD: a stage-list parameter, a stage counted from 1 and a "
                         "field of its stages (its value's name, or epochs)");
    StageFieldRef ref;
    ref.param = name.substr(0, open);
    const std::string stage = name.substr(open + 1, close - open - 1);
    if (!parse_all(stage, ref.stage) || ref.stage < 1)
        throw ParamError("'" + name + "': stages are counted from 1, not '" + stage + "'");
    const ParamSpec* spec = find(specs, ref.param);
    if (!spec) throw ParamError("this method has no parameter '" + ref.param + "' (in '" + name + "')");
    if (!spec->stages)
        throw ParamError("'" + name + "': parameter " + ref.param + " is not a stage list, so it has no stages to sweep a field of");
    const std::string field = name.substr(close + 2);
    if (field == spec->stages->value_key) ref.field = StageField::Value;
    else if (field == kEpochsKey) ref.field = StageField::Epochs;
    else
        throw ParamError("'" + name + "': the stages of " + ref.param + " have the fields " + spec->stages->value_key +
                         " and " + kEpochsKey + ", not '" + field + "'");
    return ref;
}

const ParamSpec& stage_list_spec(std::span<const ParamSpec> specs, const StageFieldRef& ref) {
    const ParamSpec* spec = find(specs, ref.param);
    if (!spec || !spec->stages) throw ParamError("this method has no stage-list parameter '" + ref.param + "'");
    return *spec;
}

ParamStage parse_stage_field_value(const ParamSpec& spec, const StageFieldRef& ref, const std::string& text) {
    const std::string where = "the value '" + text + "' of " + stage_field_name(spec, ref);
    ParamStage stage;
    if (ref.field == StageField::Epochs) {
        if (!parse_all(text, stage.epochs) || stage.epochs < 1)
            throw ParamError(where + " must be a whole number of epochs from 1");
        return stage;
    }
    const std::optional<std::pair<double, double>> value = parse_stage_value(text);
    if (!value) throw ParamError(where + " must be a number or U(LOW,HIGH)");
    std::tie(stage.low, stage.high) = *value;
    if (stage.low > stage.high) throw ParamError(where + " has its low end above its high end");
    return stage;
}

std::optional<std::pair<double, double>> parse_stage_value(const std::string& text) {
    double low = 0.0, high = 0.0;
    if (parse_real(text, low)) return std::pair{low, low};
    // U(LOW,HIGH): drawn per start from the range, as ParamStage holds it.
    if (text.size() < 4 || (text[0] != 'U' && text[0] != 'u') || text[1] != '(' || text.back() != ')') return std::nullopt;
    const std::string inner = text.substr(2, text.size() - 3);
    const std::size_t comma = inner.find(',');
    if (comma == std::string::npos || !parse_real(inner.substr(0, comma), low) || !parse_real(inner.substr(comma + 1), high))
        return std::nullopt;
    return std::pair{low, high};
}

std::string stage_value_text(const ParamStage& stage) {
    const std::string low = to_text(ParamValue(stage.low));
    return stage.low == stage.high ? low : "U(" + low + "," + to_text(ParamValue(stage.high)) + ")";
}

std::string with_stage_field(const ParamSpec& spec, const std::string& current, const StageFieldRef& ref,
                             const std::string& value) {
    std::vector<ParamStage> stages = spec.stages->read(current);
    const int count = static_cast<int>(stages.size());
    if (ref.stage > count)
        throw ParamError("there is no stage " + std::to_string(ref.stage) + " in " + stage_field_name(spec, ref) + ": " +
                         spec.name + " = '" + current + "' has " + std::to_string(count) +
                         (count == 1 ? " stage" : " stages"));
    const ParamStage parsed = parse_stage_field_value(spec, ref, value);
    ParamStage& stage = stages[static_cast<std::size_t>(ref.stage - 1)];
    if (ref.field == StageField::Epochs) {
        stage.epochs = parsed.epochs;
    } else {
        stage.low = parsed.low;
        stage.high = parsed.high;
    }
    return spec.stages->write(stages);
}

std::string stage_field_name(const ParamSpec& spec, const StageFieldRef& ref) {
    return spec.name + "[" + std::to_string(ref.stage) + "]." + field_key(spec, ref.field);
}

std::string stage_field_label(const ParamSpec& spec, const StageFieldRef& ref) {
    const std::string& symbol = spec.stages->value_symbol.empty() ? spec.stages->value_label : spec.stages->value_symbol;
    return spec.label + ": stage " + std::to_string(ref.stage) + " " + (ref.field == StageField::Value ? symbol : kEpochsKey);
}

}  // namespace treelab
