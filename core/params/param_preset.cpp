#include "core/params/param_preset.h"

#include "core/error.h"

namespace treelab {
namespace {

bool is_preset_assignment(const std::string& assignment) {
    const std::string prefix = std::string(kPresetParam) + "=";
    return assignment.compare(0, prefix.size(), prefix) == 0;
}

const ParamPreset* find_preset(std::span<const ParamPreset> presets, const std::string& name) {
    for (const ParamPreset& preset : presets)
        if (preset.name == name) return &preset;
    return nullptr;
}

}  // namespace

ParamSpec preset_param_spec(std::span<const ParamPreset> presets) {
    ParamSpec spec{kPresetParam, "Preset",
                   "A named setting applied over the defaults before the other parameters (which win): treelab = "
                   "TreeLab's defaults",
                   ParamType::Choice};
    spec.default_value = std::string(kDefaultPreset);
    spec.choices.push_back(kDefaultPreset);
    spec.choice_labels.push_back(kDefaultPresetLabel);
    for (const ParamPreset& preset : presets) {
        spec.choices.push_back(preset.name);
        spec.choice_labels.push_back(preset.label);
        spec.help += "; " + preset.name + " = " + preset.help;
    }
    spec.help += ".";
    return spec;
}

ParamValues preset_values(std::span<const ParamSpec> specs, std::span<const ParamPreset> presets,
                          const std::string& preset) {
    ParamValues values(specs);
    // Parsing through the row names the allowed presets when `preset` is not one.
    values.set(specs, kPresetParam, preset);
    const ParamPreset* found = find_preset(presets, values.text(kPresetParam));
    if (!found) return values;
    for (const std::string& assignment : found->assignments) values.set_assignment(specs, assignment);
    return values;
}

ParamValues resolve_params(std::span<const ParamSpec> specs, std::span<const ParamPreset> presets,
                           const std::vector<std::string>& assignments) {
    const std::string* preset = nullptr;
    for (const std::string& assignment : assignments)
        if (is_preset_assignment(assignment)) preset = &assignment;
    ParamValues values(specs);
    // A learner without presets has no preset row: values.set names its parameters.
    if (preset) values = preset_values(specs, presets, preset->substr(std::string(kPresetParam).size() + 1));
    for (const std::string& assignment : assignments)
        if (!is_preset_assignment(assignment)) values.set_assignment(specs, assignment);
    return values;
}

std::map<std::string, std::string> baseline_texts(std::span<const ParamSpec> specs, std::span<const ParamPreset> presets,
                                                  const std::map<std::string, std::string>& values) {
    const auto preset = values.find(kPresetParam);
    std::map<std::string, std::string> baseline = ParamValues(specs).canonical();
    if (preset != values.end() && find_preset(presets, preset->second)) {
        baseline = preset_values(specs, presets, preset->second).canonical();
        baseline[kPresetParam] = kDefaultPreset;
    }
    return baseline;
}

}  // namespace treelab
