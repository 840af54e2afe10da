// sweep_target.h: what a sweep varies, and writing its values into a run's parameters.
#include "core/run/sweep_target.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "core/params/param_preset.h"

namespace treelab {
namespace {

// The stand-in ParamSpec of a stage field; with the run's stage list, its current value and a grid
// range around it (the value's U range or half to twice it; half to twice the epochs).
ParamSpec field_spec(const ParamSpec& list, const StageFieldRef& ref, const ParamValues* current) {
    ParamSpec spec;
    spec.name = stage_field_name(list, ref);
    spec.label = stage_field_label(list, ref);
    const std::string stage = "stage " + std::to_string(ref.stage) + " of " + list.name;
    if (ref.field == StageField::Value) {
        spec.help = "The " + list.stages->value_label + " of " + stage + ": a number, or U(LOW,HIGH) drawn per start.";
        spec.type = ParamType::Real;
        spec.min = std::numeric_limits<double>::lowest();  // the list's own parser holds the range
        spec.max = std::numeric_limits<double>::max();
    } else {
        spec.help = "The epochs of " + stage + ".";
        spec.type = ParamType::Integer;
        spec.min = 1;
        spec.max = std::numeric_limits<int>::max();
    }
    if (!current) return spec;
    const std::vector<ParamStage> stages = list.stages->read(current->text(list.name));
    if (ref.stage > static_cast<int>(stages.size())) return spec;
    const ParamStage& now = stages[static_cast<std::size_t>(ref.stage - 1)];
    if (ref.field == StageField::Value) {
        spec.default_value = stage_value_text(now);
        spec.sweep = now.low < now.high ? SweepRange{now.low, now.high, 3} : SweepRange{now.low / 2, now.low * 2, 3};
    } else {
        spec.default_value = static_cast<long long>(now.epochs);
        spec.sweep = {std::max(1.0, now.epochs / 2.0), now.epochs * 2.0, 3};
    }
    return spec;
}

}  // namespace

SweepTarget sweep_target(std::span<const ParamSpec> specs, const std::string& name, const ParamValues* current) {
    if (const std::optional<StageFieldRef> ref = parse_stage_field_ref(specs, name))
        return {field_spec(stage_list_spec(specs, *ref), *ref, current), ref};
    const auto spec = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == name; });
    if (spec == specs.end()) throw ParamError("this method has no parameter '" + name + "' to sweep");
    // A preset sets many values at once (method_params), which a sweep's one value per row cannot.
    if (name == kPresetParam)
        throw ParamError("a sweep cannot sweep the preset; fix it (--set preset=NAME) and sweep one of its parameters");
    return {*spec, std::nullopt};
}

void check_sweep_value(std::span<const ParamSpec> specs, const SweepTarget& target, const std::string& value) {
    if (target.field) {
        parse_stage_field_value(stage_list_spec(specs, *target.field), *target.field, value);
        return;
    }
    ParamValues check;
    check.set(specs, target.spec.name, value);  // throws naming the parameter
}

void set_sweep_value(ParamValues& params, std::span<const ParamSpec> specs, const SweepTarget& target,
                     const std::string& value) {
    if (!target.field) {
        params.set(specs, target.spec.name, value);
        return;
    }
    const ParamSpec& list = stage_list_spec(specs, *target.field);
    const std::string text = with_stage_field(list, params.text(list.name), *target.field, value);
    try {
        params.set(specs, list.name, text);
    } catch (const ParamError& error) {
        throw ParamError("sweep of " + target.spec.name + " = '" + value + "': " + error.what());
    }
}

double sweep_value_position(const std::string& value) {
    const std::optional<std::pair<double, double>> parsed = parse_stage_value(value);
    return parsed ? (parsed->first + parsed->second) / 2.0 : std::numeric_limits<double>::quiet_NaN();
}

std::vector<SweepTarget> stage_field_targets(std::span<const ParamSpec> specs, const ParamValues& params) {
    std::vector<SweepTarget> targets;
    for (const ParamSpec& spec : specs) {
        if (!spec.stages) continue;
        const int stages = static_cast<int>(spec.stages->read(params.text(spec.name)).size());
        for (int stage = 1; stage <= stages; ++stage)
            for (const StageField field : {StageField::Value, StageField::Epochs})
                targets.push_back(sweep_target(specs, stage_field_name(spec, {spec.name, stage, field}), &params));
    }
    return targets;
}

}  // namespace treelab
