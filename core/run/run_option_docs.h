#pragma once
// What each data-preparation option of a run does, written once: treelab-cli's --help and the
// workbench's tooltips and combo boxes both read it (described once, as data, as
// ParamSpec describes the hyperparameters).
#include <string>
#include <vector>

namespace treelab {

struct ChoiceDoc {
    std::string word;  // what the CLI accepts and RunConfig's parsers read: "loo"
    std::string help;  // what choosing it does
};

struct RunOptionDoc {
    std::string flag;                // "--categorical"
    std::string help;                // what the option decides, a lower-case phrase as in the CLI's help
    std::vector<ChoiceDoc> choices;  // in menu order, the default first; empty for a flag or a number
};

const RunOptionDoc& split_seed_doc();
const RunOptionDoc& learner_seed_doc();
const RunOptionDoc& split_mode_doc();   // the words of split_modes()
const RunOptionDoc& scaling_doc();      // the words of scaling_texts(); auto names each method's default
const RunOptionDoc& categorical_doc();  // onehot | loo
const RunOptionDoc& missing_as_level_doc();
const RunOptionDoc& smote_doc();
const RunOptionDoc& fit_on_doc();       // train | train+valid; names the learners that refuse train+valid

// The CLI's one-line help: "help: word = its help; word = its help".
std::string option_help_line(const RunOptionDoc& doc);

}  // namespace treelab
