#pragma once
// What a sweep varies, by the name `treelab-cli sweep --param NAME=...` and the Sweep tab give it: a
// hyperparameter ("lambda") or one field of one stage of a stage-list parameter
// ("schedule[2].alpha", core/params/stage_field.h), whose values are written into the run's current
// stage list (the default or the one set with --set).
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/params/param_spec.h"
#include "core/params/stage_field.h"

namespace treelab {

struct SweepTarget {
    // The hyperparameter itself, or a stand-in describing the field for grids, plots and tables:
    // its name as written, a label ("Scale-factor schedule: stage 2 α"), Real for a value and
    // Integer for epochs, and, given the run's parameters, the stage's current value and a range
    // around it to start a grid from.
    ParamSpec spec;
    std::optional<StageFieldRef> field;  // set for a stage field
};

// Throws ParamError naming what is wrong (no such parameter, a malformed or unknown field).
SweepTarget sweep_target(std::span<const ParamSpec> specs, const std::string& name, const ParamValues* current = nullptr);

// Checks one grid value's form before any run: the parameter's own check, or for a field a number
// or U(LOW,HIGH) (a value) or a whole number from 1 (epochs). Throws ParamError.
void check_sweep_value(std::span<const ParamSpec> specs, const SweepTarget& target, const std::string& value);

// Sets `value` in `params`: the parameter, or the field within the parameter's current stage list,
// which the parameter's parser then checks. Throws ParamError (no such stage, a refused value).
void set_sweep_value(ParamValues& params, std::span<const ParamSpec> specs, const SweepTarget& target,
                     const std::string& value);

// Where a grid value sits on a plot's axis: the number, or the middle of U(LOW,HIGH); NaN else.
double sweep_value_position(const std::string& value);

// Every stage field of the stage-list parameters in `params` (the value and the epochs of each of
// their current stages), in parameter and stage order: what the Sweep tab offers beside the numbers.
std::vector<SweepTarget> stage_field_targets(std::span<const ParamSpec> specs, const ParamValues& params);

}  // namespace treelab
