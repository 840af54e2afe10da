#include "core/run/run_option_docs.h"

#include "core/learners/learner.h"

namespace treelab {
namespace {

// "CART: none, LatentTrees: quantile, GradTree: quantile", from the registry.
std::string default_scalings() {
    std::string text;
    for (const LearnerInfo& learner : learners())
        text += (text.empty() ? "" : ", ") + learner.label + ": " + to_string(learner.default_scaling);
    return text;
}

// "LatentTrees, GradTree": the learners check_run_config refuses train+valid for.
std::string early_stopping_learners() {
    std::string text;
    for (const LearnerInfo& learner : learners())
        if (learner.uses_validation) text += (text.empty() ? "" : ", ") + learner.label;
    return text;
}

}  // namespace

const RunOptionDoc& split_seed_doc() {
    static const RunOptionDoc doc{
        "--split-seed",
        "seed of the split alone, which then stays fixed while the seed (or a sweep's seeds) varies the learner, "
        "as the LatentTrees protocol holds one split for several model seeds; unset = the seed draws the split too",
        {}};
    return doc;
}

const RunOptionDoc& learner_seed_doc() {
    static const RunOptionDoc doc{
        "--learner-seed",
        "seed of the learner alone, which then stays fixed while the seed (or a sweep's seeds) varies the split and "
        "SMOTE, as the GradTree protocol holds the model seed 42 for the data seeds 42..51; unset = the seed seeds the "
        "learner too; not with --split-seed",
        {}};
    return doc;
}

const RunOptionDoc& split_mode_doc() {
    static const RunOptionDoc doc{
        "--split-mode",
        "how the rows are divided into training, validation and test rows",
        {{"stratified", "every class in the same shares in each part, shuffled with the split's seed (a plain shuffle "
                        "for a regression target)"},
         {"shuffled", "a plain shuffle that ignores the classes"},
         {"gradtree", "the GradTree protocol's split bit for bit: numpy's RandomState(seed).permutation, the test rows "
                      "first, then the validation rows from the rest (scikit-learn's train_test_split twice)"},
         {"sklearn-stratified", "scikit-learn's stratified train_test_split for the test rows, then for the validation "
                                "rows from the rest, row for row as the LatentTrees scripts split"}}};
    return doc;
}

const RunOptionDoc& scaling_doc() {
    static const RunOptionDoc doc{
        "--scaling",
        "transform of every input feature, fitted on the training rows only (the run card records what was applied)",
        {{"auto", "the method's own choice (" + default_scalings() + ")"},
         {"none", "the features as read, so thresholds stay in the data's units"},
         {"zscore", "minus the training mean, divided by the training standard deviation"},
         {"quantile", "each feature through its training quantiles to a standard normal (scikit-learn's "
                      "QuantileTransformer, output_distribution=normal)"},
         {"quantile-gradtree", "as quantile, but the quantiles are fitted on the training rows with a little noise "
                               "added, as the GradTree protocol does"}}};
    return doc;
}

const RunOptionDoc& categorical_doc() {
    static const RunOptionDoc doc{
        "--categorical",
        "encoding of the categorical columns, fitted on the training rows",
        {{"onehot", "one 0/1 feature per level, all zeros for a missing or unseen value"},
         {"loo", "leave-one-out target encoding (the GradTree protocol, category_encoders' LeaveOneOutEncoder): one "
                 "feature holding the level's mean target over the training rows, each training row leaving its own "
                 "out, and the training mean for a missing, unseen or single-row level"},
         {"ordinal", "one feature holding the level's rank in sorted order, -1 for a missing or unseen value"}}};
    return doc;
}

const RunOptionDoc& missing_as_level_doc() {
    static const RunOptionDoc doc{
        "--missing-as-level",
        "a missing value of a categorical column is a level of its own, '?' (a one-hot feature of its own, or its own "
        "leave-one-out mean), as the GradTree protocol's loader reads Congressional Voting's '?' votes; unset = "
        "one-hot all zeros, leave-one-out the training mean",
        {}};
    return doc;
}

const RunOptionDoc& smote_doc() {
    static const RunOptionDoc doc{
        "--smote",
        "rebalance the training rows with SMOTE (5 neighbours, every class up to the majority count) when the smallest "
        "class share is at most 0.25/(C-1), as the GradTree protocol does, drawing as its SMOTE() does from numpy's "
        "global state (the split's seed, or after the quantile-gradtree noise RandomState(42) advanced by it); "
        "validation and test rows are never rebalanced; classification only",
        {}};
    return doc;
}

const RunOptionDoc& fit_on_doc() {
    static const RunOptionDoc doc{
        "--fit-on",
        "rows the learner fits on",
        {{"train", "the training rows, the validation rows serving early stopping and model selection"},
         {"train+valid", "training and validation rows together, the GradTree protocol for learners that do not stop "
                         "early (refused for those that stop early on the validation rows: " +
                             early_stopping_learners() + ")"}}};
    return doc;
}

std::string option_help_line(const RunOptionDoc& doc) {
    std::string line = doc.help;
    for (std::size_t k = 0; k < doc.choices.size(); ++k)
        line += (k == 0 ? ": " : "; ") + doc.choices[k].word + " = " + doc.choices[k].help;
    return line;
}

}  // namespace treelab
