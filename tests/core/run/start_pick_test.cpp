// Keeping another start's tree than the run's choice, and going back.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/run/start_pick.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

RunConfig iris_run(const std::string& method, const std::vector<std::string>& params) {
    return test::dataset_run("iris.csv", "species", method, params, 3);
}

// A three-start GET run: short, and its starts end on different trees.
RunOutcome three_starts() {
    return run_training(iris_run("get", {"depth=2", "schedule=U(5,25):8,U(50,150):8", "starts=3"}));
}

// The kept start's tree becomes the model, scored on the run's data; its command says --start K.
TEST(StartPick, KeepsAStartsTreeAndScoresIt) {
    RunOutcome outcome = three_starts();
    ASSERT_EQ(outcome.starts.size(), 3u);
    const std::string command = outcome.model.card.command_line;
    keep_start_tree(outcome, 2);
    ASSERT_TRUE(outcome.picked);
    EXPECT_EQ(outcome.picked->start, 2);
    EXPECT_EQ(outcome.model.tree.predict_proba(outcome.data->test.X), outcome.starts[2].model.predict_proba(outcome.data->test.X));
    EXPECT_EQ(outcome.train_scores, evaluate(outcome.starts[2].model, outcome.data->train));
    EXPECT_EQ(outcome.test_scores, evaluate(outcome.starts[2].model, outcome.data->test));
    EXPECT_EQ(outcome.model.card.command_line, command + " --start 3");

    keep_start_tree(outcome, 0);  // a second pick replaces the first, not stacks on it
    EXPECT_EQ(outcome.model.card.command_line, command + " --start 1");
    EXPECT_EQ(outcome.train_scores, evaluate(outcome.starts[0].model, outcome.data->train));
}

// Going back restores the run's own tree, scores and command exactly.
TEST(StartPick, GoesBackToTheRunsTree) {
    RunOutcome outcome = three_starts();
    const RunOutcome original = outcome;
    keep_start_tree(outcome, 1);
    ASSERT_NE(model_to_json(outcome.model), model_to_json(original.model)) << "start 2 is not the run's choice here";
    keep_run_tree(outcome);
    EXPECT_FALSE(outcome.picked);
    EXPECT_EQ(model_to_json(outcome.model), model_to_json(original.model));
    EXPECT_EQ(outcome.test_scores, original.test_scores);
    EXPECT_EQ(outcome.train_scores, original.train_scores);
}

// A start the run did not make, or a run without starts, is refused with the count users see.
TEST(StartPick, RefusesStartsOutOfRange) {
    RunOutcome outcome = three_starts();
    try {
        keep_start_tree(outcome, 3);
        FAIL() << "start 4 of 3 was accepted";
    } catch (const ParamError& error) {
        EXPECT_STREQ(error.what(), "there is no start 4: the run made 3 starts (1 to 3)");
    }
    EXPECT_THROW(keep_start_tree(outcome, -1), ParamError);
    EXPECT_FALSE(outcome.picked) << "a refused pick changes nothing";

    RunOutcome cart = run_training(iris_run("cart", {"max_depth=2"}));
    EXPECT_THROW(keep_start_tree(cart, 0), ParamError);
}

}  // namespace
}  // namespace treelab
