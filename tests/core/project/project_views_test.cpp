#include "core/project/project_views.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// A project saved and read back, its views rebuilt from the data file: each trained run has the
// same prepared rows, test predictions, probabilities and pruning curve as the run had when it
// finished; each sweep row the same data as the sweep prepared.
TEST(ProjectViews, RebuiltFromTheDataFileAsTheRunsHadThem) {
    const Project& original = test::small_project();
    test::TempDir dir;
    save_project(original, dir.file("p.treelab"));
    Project project = load_project(dir.file("p.treelab"));
    ASSERT_EQ(data_file_state(project), DataFileState::Unchanged);
    rebuild_project_views(project);

    ASSERT_EQ(project.runs.size(), original.runs.size());
    for (std::size_t r = 0; r < project.runs.size(); ++r) {
        if (!original.runs[r].config) continue;  // an opened model: below
        const RunOutcome& before = original.runs[r].outcome;
        RunOutcome expected = before;
        add_pruning_curve(expected);  // the workbench's session adds it when the run ends
        const RunOutcome& after = project.runs[r].outcome;
        SCOPED_TRACE(original.runs[r].name);
        ASSERT_TRUE(after.data);
        EXPECT_EQ(after.data->split.test, before.data->split.test);
        EXPECT_EQ(after.data->train.X, before.data->train.X);
        EXPECT_EQ(after.test_predictions, before.test_predictions);
        EXPECT_EQ(after.test_probabilities, before.test_probabilities);
        EXPECT_EQ(after.test_scores, before.test_scores);
        ASSERT_EQ(after.pruning_curve.size(), expected.pruning_curve.size());
        for (std::size_t p = 0; p < after.pruning_curve.size(); ++p) {
            EXPECT_EQ(after.pruning_curve[p].alpha, expected.pruning_curve[p].alpha) << p;
            EXPECT_EQ(after.pruning_curve[p].leaves, expected.pruning_curve[p].leaves) << p;
            EXPECT_EQ(after.pruning_curve[p].test, expected.pruning_curve[p].test) << p;
        }
    }
    // A model opened from a file and scored on the project's data (it has test scores) is scored
    // on every row of the data file again, as Run > Evaluate scored it.
    const RunOutcome& evaluated = project.runs.back().outcome;
    ASSERT_FALSE(project.runs.back().config);
    ASSERT_TRUE(evaluated.data);
    EXPECT_EQ(evaluated.data->test.rows(), 214);
    EXPECT_EQ(evaluated.test_predictions.size(), 214);

    const std::vector<SweepRow>& rows = project.sweeps.front().rows;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        ASSERT_TRUE(rows[r].data);
        EXPECT_EQ(rows[r].data->split.test, original.sweeps.front().rows[r].data->split.test);
    }
}

// Methods refitted on all rows after a comparison, saved in a project and reopened: each is
// prepared again from its comparison's data set as the refit prepared it (every row, a validation
// part for GradTree, no test rows), so its predictions, probabilities and pruning curve are the
// live refit's.
TEST(ProjectViews, ARefitIsRebuiltOnEveryRowAsTheLiveRefitHadIt) {
    ComparisonConfig comparison;
    RunConfig glass;
    glass.data_file = test::dataset("glass.csv");
    glass.target = "Type";
    glass.drop_columns = {"Fe"};
    glass.scaling = Scaling::ZScore;
    comparison.data_sets = {glass};
    comparison.contenders = {make_contender("cart", {"max_depth=4"}), make_contender("gradtree", {"epochs=2", "depth=3"})};
    comparison.resampling = parse_resampling("3");
    comparison.seed = 7;

    Project original;
    original.form = glass;
    std::vector<RunOutcome> live;
    for (std::size_t contender = 0; contender < comparison.contenders.size(); ++contender) {
        live.push_back(refit(comparison, 0, contender));
        add_pruning_curve(live.back());  // the comparison session adds it when the refit ends
        original.runs.push_back({"refit " + std::to_string(contender), std::nullopt, live.back(), RefitSource{comparison, 0, contender}});
    }
    test::TempDir dir;
    save_project(original, dir.file("p.treelab"));
    Project project = load_project(dir.file("p.treelab"));
    EXPECT_EQ(project_to_json(project), project_to_json(original));
    rebuild_project_views(project);

    ASSERT_EQ(project.runs.size(), live.size());
    for (std::size_t r = 0; r < live.size(); ++r) {
        SCOPED_TRACE(project.runs[r].name);
        const RunOutcome& before = live[r];
        const RunOutcome& after = project.runs[r].outcome;
        ASSERT_TRUE(project.runs[r].refit);
        EXPECT_EQ(project.runs[r].refit->contender, r);
        ASSERT_TRUE(after.data);
        EXPECT_EQ(after.data->split.train, before.data->split.train);
        EXPECT_EQ(after.data->split.valid, before.data->split.valid);
        EXPECT_TRUE(after.data->split.test.empty());
        EXPECT_EQ(after.data->train.X, before.data->train.X);
        EXPECT_EQ(after.data->valid.X, before.data->valid.X);
        EXPECT_EQ(after.data->train.X.rows() + after.data->valid.X.rows(), 214);
        EXPECT_EQ(after.test_predictions, before.test_predictions);
        EXPECT_EQ(after.test_probabilities, before.test_probabilities);
        EXPECT_EQ(after.train_scores, before.train_scores);
        EXPECT_EQ(after.valid_scores, before.valid_scores);
        ASSERT_EQ(after.pruning_curve.size(), before.pruning_curve.size());
        for (std::size_t p = 0; p < after.pruning_curve.size(); ++p) {
            EXPECT_EQ(after.pruning_curve[p].alpha, before.pruning_curve[p].alpha) << p;
            EXPECT_EQ(after.pruning_curve[p].leaves, before.pruning_curve[p].leaves) << p;
            EXPECT_EQ(after.pruning_curve[p].train, before.pruning_curve[p].train) << p;
        }
    }
    EXPECT_FALSE(live[0].pruning_curve.empty()) << "CART has a pruning path";
    EXPECT_FALSE(live[1].data->split.valid.empty()) << "GradTree keeps validation rows";
}

// Without the data file, nothing is rebuilt and the state says why.
TEST(ProjectViews, AMissingDataFileIsSaidAndNothingIsRebuilt) {
    test::TempDir dir;
    std::filesystem::copy_file(test::dataset("glass.csv"), dir.file("glass.csv"));
    Project project;
    project.form = test::dataset_run("glass.csv", "Type", "cart", {"max_depth=2"}, 1);
    project.form.data_file = dir.file("glass.csv");
    project.runs.push_back({"CART", project.form, run_training(project.form)});
    save_project(project, dir.file("p.treelab"));
    std::filesystem::remove(dir.file("glass.csv"));
    Project loaded = load_project(dir.file("p.treelab"));
    EXPECT_EQ(data_file_state(loaded), DataFileState::Missing);
    EXPECT_THROW(rebuild_project_views(loaded), Error);
}

}  // namespace
}  // namespace treelab
