#pragma once
// A Text parameter whose value is a list of stages, a schedule: each stage holds a value, fixed or
// drawn per start from a range, for a number of epochs (GET's scale-factor schedule). A ParamSpec
// that carries a StageListForm says so as data, and the GUI form shows a schedule editor (a stage
// table, presets and a preview) for it instead of a line edit; the text stays the CLI's.
#include <functional>
#include <string>
#include <vector>

namespace treelab {

struct ParamStage {
    double low = 1.0, high = 1.0;  // the stage's value ~ U(low, high); low == high is a fixed value
    int epochs = 1;
};

struct StageListForm {
    std::string value_label;  // what a stage's value is, e.g. "scale factor α"
    // How a sweep names the value field of a stage, `schedule[2].alpha` (stage_field.h), and its
    // symbol in labels, "stage 2 α".
    std::string value_key, value_symbol;
    // The stages of a text parse_text accepts, or of a preset named in ParamSpec::choices; throws
    // ParamError with the parser's sentence.
    std::function<std::vector<ParamStage>(const std::string&)> read;
    // The text of stages, in the grammar parse_text reads (not checked: parse_text checks it).
    std::function<std::string(const std::vector<ParamStage>&)> write;
};

}  // namespace treelab
