#pragma once
// One field of one stage of a stage-list parameter (stage_list.h), named `NAME[K].FIELD`: K counts
// the stages from 1 and FIELD is the list's value key (StageListForm::value_key; GET's `alpha`) or
// `epochs`, e.g. `schedule[2].alpha`. A sweep varies such a field (core/run/sweep_target.h): the
// value is written into the parameter's current stage list, which the parameter's own parser then
// checks, so the field needs no grammar of its own beyond a number or U(LOW,HIGH).
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "core/params/param_spec.h"

namespace treelab {

enum class StageField { Value, Epochs };

struct StageFieldRef {
    std::string param;  // the stage-list parameter, "schedule"
    int stage = 1;      // 1-based
    StageField field = StageField::Value;
};

// `NAME[K].FIELD` as a reference; nullopt for a name without '[' (a parameter's own name). Throws
// ParamError for a malformed reference or one naming no stage field of `specs`: an unknown
// parameter, a parameter that is not a stage list, a stage number below 1, an unknown field.
std::optional<StageFieldRef> parse_stage_field_ref(std::span<const ParamSpec> specs, const std::string& name);

// The stage-list parameter a reference names (parse_stage_field_ref checked that it exists).
const ParamSpec& stage_list_spec(std::span<const ParamSpec> specs, const StageFieldRef& ref);

// A stage's value as a text: "50" -> (50, 50), "U(80,120)" -> (80, 120) (low and high as written,
// not ordered); nullopt for any other text.
std::optional<std::pair<double, double>> parse_stage_value(const std::string& text);
// The text parse_stage_value reads back: "50", "U(80,120)".
std::string stage_value_text(const ParamStage& stage);

// A field's value on its own: a number or U(LOW,HIGH) with LOW <= HIGH (Value; stored in low and
// high), a whole number from 1 (Epochs). Throws ParamError naming the reference and the text.
ParamStage parse_stage_field_value(const ParamSpec& spec, const StageFieldRef& ref, const std::string& text);

// `current` (the parameter's text) with the field of stage ref.stage set to `value`, written by the
// list's own writer. Throws ParamError when the list has no such stage, naming how many it has.
std::string with_stage_field(const ParamSpec& spec, const std::string& current, const StageFieldRef& ref,
                             const std::string& value);

std::string stage_field_name(const ParamSpec& spec, const StageFieldRef& ref);   // "schedule[2].alpha"
std::string stage_field_label(const ParamSpec& spec, const StageFieldRef& ref);  // "Scale-factor schedule: stage 2 α"

}  // namespace treelab
