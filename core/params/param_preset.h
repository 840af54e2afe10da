#pragma once
// Named settings of a learner's parameters, one `preset` row away: "paper" keeps the paper's
// faithful setting while TreeLab's defaults are what a study found best. A preset is a list of
// "name=value" assignments applied over the defaults; the user's explicit assignments win over it.
#include <map>
#include <span>
#include <string>
#include <vector>

#include "core/params/param_spec.h"

namespace treelab {

struct ParamPreset {
    std::string name;   // "paper": the value of the preset row
    std::string label;  // "Paper (faithful)": the form's words for it
    std::string help;   // where the setting comes from ("001 App. B.2's default setting")
    std::vector<std::string> assignments;  // "name=value", as on the command line
};

// The name of the row a learner with presets has.
inline constexpr const char* kPresetParam = "preset";
// The word of the preset row that applies no preset: TreeLab's defaults.
inline constexpr const char* kDefaultPreset = "treelab";
inline constexpr const char* kDefaultPresetLabel = "TreeLab defaults";  // the form's words for it

// The `preset` row: a Choice of "treelab" (TreeLab's defaults, the default) then each preset's name,
// shown in the form as kDefaultPresetLabel and each preset's label.
ParamSpec preset_param_spec(std::span<const ParamPreset> presets);

// The method's values: the defaults of `specs`, then the assignments of the preset named by the
// last "preset=NAME" among `assignments` (if any), then every other assignment in order, so the
// user's explicit values win wherever they stand. Throws ParamError for an unknown parameter,
// value or preset.
ParamValues resolve_params(std::span<const ParamSpec> specs, std::span<const ParamPreset> presets,
                           const std::vector<std::string>& assignments);

// The values `preset` (a preset's name or "treelab") gives before any explicit assignment.
ParamValues preset_values(std::span<const ParamSpec> specs, std::span<const ParamPreset> presets,
                          const std::string& preset);

// What a run's values (canonical texts) are compared against to say what it changed (run cards'
// commands, the results' parameter column): the values of its preset (the defaults for "treelab"
// or a preset this version does not know), the preset row itself at "treelab", so that the preset
// and what the user changed on it stand out.
std::map<std::string, std::string> baseline_texts(std::span<const ParamSpec> specs, std::span<const ParamPreset> presets,
                                                  const std::map<std::string, std::string>& values);

}  // namespace treelab
