#include "core/run/run_config.h"

#include <algorithm>

#include "core/data/csv_reader.h"
#include "core/error.h"
#include "core/learners/learner.h"

namespace treelab {
namespace {

std::string fractions_text(const SplitFractions& split) {
    return to_text(split.train) + "," + to_text(split.valid) + "," + to_text(split.test);
}

}  // namespace

std::string to_string(FitOn fit_on) { return fit_on == FitOn::Train ? "train" : "train+valid"; }

FitOn fit_on_from_string(const std::string& text) {
    if (text == "train") return FitOn::Train;
    if (text == "train+valid") return FitOn::TrainAndValid;
    throw ParamError("fit-on '" + text + "': expected train | train+valid");
}

std::string scaling_text(const RunConfig& config) {
    if (!config.scaling) return "auto";
    return config.quantile_fit_noise ? "quantile-gradtree" : to_string(*config.scaling);
}

void set_scaling(RunConfig& config, const std::string& text) {
    const auto texts = scaling_texts();
    if (std::find(texts.begin(), texts.end(), text) == texts.end()) {
        std::string known;
        for (const std::string& word : texts) known += (known.empty() ? "" : ", ") + word;
        throw ParamError("unknown scaling '" + text + "'; use one of: " + known);
    }
    config.quantile_fit_noise = text == "quantile-gradtree";
    if (text == "auto")
        config.scaling.reset();
    else
        config.scaling = config.quantile_fit_noise ? Scaling::QuantileNormal : scaling_from_string(text);
}

std::span<const std::string> scaling_texts() {
    static const std::string texts[] = {"auto", "none", "zscore", "quantile", "quantile-gradtree"};
    return texts;
}

Scaling resolved_scaling(const RunConfig& config) {
    return config.scaling ? *config.scaling : find_learner(config.method).default_scaling;
}

std::string scaling_card_text(const RunConfig& config) {
    if (config.scaling) return scaling_text(config);
    return to_string(resolved_scaling(config)) + " (auto: the method's default)";
}

std::uint32_t resolved_split_seed(const RunConfig& config) { return config.split_seed.value_or(config.seed); }

std::uint32_t resolved_learner_seed(const RunConfig& config) { return config.learner_seed.value_or(config.seed); }

void check_run_config(const RunConfig& config) {
    if (config.split_seed && config.learner_seed)
        throw ParamError("--split-seed and --learner-seed together leave --seed nothing to vary; give one of them");
    const LearnerInfo& learner = find_learner(config.method);
    if (config.fit_on == FitOn::TrainAndValid && learner.uses_validation)
        throw ParamError("fitting on train+valid cannot be used with method " + learner.name + " (" + learner.label +
                         "): it stops early on the validation rows, which would then also be training rows; fit on "
                         "train instead");
}

ParamValues method_params(const std::string& method, const std::vector<std::string>& assignments) {
    const LearnerInfo& learner = find_learner(method);
    return resolve_params(learner.params, learner.presets, assignments);
}

std::string shell_word(const std::string& word) {
    const bool safe = !word.empty() && word.find_first_not_of(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-./=,:+@%") == std::string::npos;
    if (safe) return word;
    std::string quoted = "'";
    for (char c : word) quoted += (c == '\'') ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string equivalent_command(const RunConfig& config) { return "treelab-cli train " + run_options_text(config, "--param"); }

std::string run_options_text(const RunConfig& config, const std::string& param_flag) {
    const LearnerInfo& learner = find_learner(config.method);
    // Against the preset's values: `--param preset=paper` and only what the user changed on it.
    const auto values = config.params.canonical();
    const auto default_texts = baseline_texts(learner.params, learner.presets, values);
    std::string command = "--data " + shell_word(config.data_file.string()) + " --target " + shell_word(config.target) +
                          " --method " + config.method;
    if (config.delimiter != 0) command += " --delimiter " + shell_word(csv_delimiter_text(config.delimiter));
    if (config.decimal != 0) command += " --decimal " + shell_word(std::string(1, config.decimal));
    if (!config.encoding.empty()) command += " --encoding " + shell_word(config.encoding);
    if (config.task) command += " --task " + to_string(*config.task);
    for (const std::string& column : config.drop_columns) command += " --drop " + shell_word(column);
    for (const auto& [name, text] : values)
        if (default_texts.at(name) != text) command += " " + param_flag + " " + shell_word(name + "=" + text);
    command += " --seed " + std::to_string(config.seed);
    if (config.split_seed) command += " --split-seed " + std::to_string(*config.split_seed);
    if (config.learner_seed) command += " --learner-seed " + std::to_string(*config.learner_seed);
    command += " --split " + fractions_text(config.split);
    if (config.split_mode != SplitMode::Stratified) command += " --split-mode " + to_string(config.split_mode);
    // Pin the applied scaling (see the header); an explicit quantile-gradtree keeps its noisy fit.
    const Scaling applied = resolved_scaling(config);
    if (applied != Scaling::None || learner.default_scaling != Scaling::None)
        command += " --scaling " + (config.quantile_fit_noise ? std::string("quantile-gradtree") : to_string(applied));
    if (config.categorical_encoding != CategoricalEncoding::OneHot)
        command += " --categorical " + to_string(config.categorical_encoding);
    if (config.missing_as_level) command += " --missing-as-level";
    if (config.reading.thousands != 0) command += " --thousands " + shell_word(thousands_text(config.reading.thousands));
    if (!config.reading.percent) command += " --percent none";
    if (config.reading.dates != CellReadingOptions::Dates::Detect) command += " --dates " + dates_text(config.reading.dates);
    for (const auto& [name, encoding] : config.column_encodings) command += " --encode " + shell_word(name + "=" + to_string(encoding));
    if (config.fit_on != FitOn::Train) command += " --fit-on " + to_string(config.fit_on);
    if (config.smote) command += " --smote";
    return command;
}

std::string reading_card_text(const CellReadingOptions& reading) {
    return "thousands " + thousands_text(reading.thousands) + ", percent " + (reading.percent ? "auto" : "none") + ", dates " +
           dates_text(reading.dates);
}

std::string columns_card_text(const FeaturePipeline& pipeline, const RunConfig& config) {
    std::string text;
    const auto add = [&](const std::string& note) { text += (text.empty() ? "" : "; ") + note; };
    for (const InputColumn& input : pipeline.inputs) {
        if (!input.reading.plain()) add(input.name + ": " + reading_text(input.reading));
        else if (config.column_encodings.count(input.name)) add(input.name + ": " + to_string(input.encoding) + " (--encode)");
    }
    for (const LeftOutColumn& column : pipeline.left_out) add(column.name + ": left out: " + column.reason);
    return text;
}

}  // namespace treelab
