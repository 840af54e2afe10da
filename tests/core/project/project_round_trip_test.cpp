// Projects saved and loaded back hold every run, sweep and comparison as they were, byte for byte.
#include <cmath>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/project/project_file.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

TEST(ProjectRoundTrip, EveryFieldComesBack) {
    const Project& saved = test::small_project();
    const test::TempDir dir;
    save_project(saved, dir.file("p.treelab"));
    const Project loaded = load_project(dir.file("p.treelab"));

    // The document holds every field; equal documents mean equal projects.
    EXPECT_EQ(project_to_json(loaded), project_to_json(saved));

    EXPECT_EQ(loaded.form.data_file, saved.form.data_file);
    EXPECT_EQ(loaded.form.drop_columns, saved.form.drop_columns);
    EXPECT_EQ(loaded.form.split_seed, saved.form.split_seed);
    EXPECT_EQ(loaded.form.learner_seed, std::nullopt);
    EXPECT_EQ(loaded.form.scaling, saved.form.scaling);
    EXPECT_EQ(loaded.form.reading, saved.form.reading);
    EXPECT_EQ(loaded.form.column_encodings, saved.form.column_encodings);
    EXPECT_EQ(loaded.form.params.canonical(), saved.form.params.canonical());
    EXPECT_EQ(loaded.data_sha256, saved.data_sha256);
    ASSERT_EQ(loaded.method_forms.size(), 2u);
    EXPECT_EQ(loaded.method_forms.at("gradtree").canonical(), saved.method_forms.at("gradtree").canonical());
    EXPECT_EQ(loaded.selected_run, 1);

    ASSERT_EQ(loaded.runs.size(), 3u);
    for (std::size_t i = 0; i < loaded.runs.size(); ++i) {
        const ProjectRun& a = loaded.runs[i];
        const ProjectRun& b = saved.runs[i];
        EXPECT_EQ(a.name, b.name);
        EXPECT_EQ(a.config.has_value(), b.config.has_value());
        EXPECT_EQ(model_to_json(a.outcome.model), model_to_json(b.outcome.model));
        EXPECT_EQ(a.outcome.train_scores, b.outcome.train_scores);
        EXPECT_EQ(a.outcome.test_scores, b.outcome.test_scores);
        EXPECT_EQ(a.outcome.test_rows, b.outcome.test_rows);
        ASSERT_EQ(a.outcome.history.size(), b.outcome.history.size());
        for (std::size_t e = 0; e < a.outcome.history.size(); ++e) {
            EXPECT_EQ(a.outcome.history[e].epoch, b.outcome.history[e].epoch);
            EXPECT_EQ(a.outcome.history[e].train_loss, b.outcome.history[e].train_loss);  // exact
            EXPECT_EQ(a.outcome.history[e].metric, b.outcome.history[e].metric);
        }
        ASSERT_EQ(a.outcome.recorded_trees.size(), b.outcome.recorded_trees.size());
        ASSERT_EQ(a.outcome.starts.size(), b.outcome.starts.size());
        EXPECT_TRUE(a.outcome.test_predictions.size() == 0 && !a.outcome.data) << "rebuilt from the data, not stored";
    }
    const RunOutcome& gradtree = loaded.runs[1].outcome;
    EXPECT_EQ(loaded.runs[1].config->learner_seed, 42u);
    EXPECT_TRUE(std::isnan(gradtree.history.front().valid_metric));
    EXPECT_EQ(gradtree.history.front().schedule_value, std::numeric_limits<double>::infinity());
    EXPECT_EQ(gradtree.valid_scores.at("log_loss"), std::numeric_limits<double>::infinity());
    ASSERT_EQ(gradtree.recorded_trees.size(), 2u);
    EXPECT_EQ(gradtree.recorded_trees[1].epoch, 2);
    EXPECT_EQ(gradtree.recorded_trees[1].tree->nodes.size(), saved.runs[1].outcome.model.tree.nodes.size());
    EXPECT_FALSE(loaded.runs[2].config.has_value());

    ASSERT_EQ(loaded.sweeps.size(), 1u);
    ASSERT_EQ(loaded.sweeps[0].rows.size(), 2u);
    for (std::size_t r = 0; r < 2; ++r) {
        const SweepRow& a = loaded.sweeps[0].rows[r];
        const SweepRow& b = saved.sweeps[0].rows[r];
        EXPECT_EQ(a.value, b.value);
        EXPECT_EQ(a.test, b.test);
        EXPECT_EQ(a.tree.leaves, b.tree.leaves);
        EXPECT_EQ(model_to_json(*a.model), model_to_json(*b.model));
    }
    ASSERT_EQ(loaded.comparisons.size(), 1u);
    const ComparisonResult& comparison = loaded.comparisons[0];
    EXPECT_EQ(resampling_spec(comparison.config.resampling), "3");
    ASSERT_EQ(comparison.cells.size(), saved.comparisons[0].cells.size());
    for (std::size_t c = 0; c < comparison.cells.size(); ++c) {
        EXPECT_EQ(comparison.cells[c].test, saved.comparisons[0].cells[c].test);
        EXPECT_EQ(comparison.cells[c].test_rows, saved.comparisons[0].cells[c].test_rows);
        EXPECT_EQ(comparison.cells[c].predictions, saved.comparisons[0].cells[c].predictions);
        EXPECT_EQ(comparison.cells[c].probabilities, saved.comparisons[0].cells[c].probabilities);
    }
    EXPECT_EQ(comparison.data_sets[0].targets, saved.comparisons[0].data_sets[0].targets);

    // Saved again, the file is the same bytes.
    save_project(loaded, dir.file("again.treelab"));
    EXPECT_EQ(test::read_file(dir.file("again.treelab")), test::read_file(dir.file("p.treelab")));
}

// The runs are written one at a time into the document's text, nested as nlohmann nests them:
// the text is exactly what dumping the parsed document gives, with no runs, one or several.
TEST(ProjectRoundTrip, TheDocumentWrittenRunByRunIsTheOneJsonWouldDump) {
    Project project = test::small_project();
    for (const std::size_t runs : {std::size_t{3}, std::size_t{1}, std::size_t{0}}) {
        project.runs.resize(runs);
        const std::string text = project_to_json(project);
        EXPECT_EQ(nlohmann::ordered_json::parse(text).dump(1), text) << runs << " runs";
    }
}

// With outcome_of, each run's outcome is asked for when that run is written, in order, one at a
// time, and the project's own outcomes are not read: the file equals the project's.
TEST(ProjectRoundTrip, RunsGivenOneAtATimeAreSavedAsTheProjectHoldsThem) {
    const Project& whole = test::small_project();
    Project outline = whole;
    for (ProjectRun& run : outline.runs) run.outcome = RunOutcome{};
    std::vector<std::size_t> asked;
    const test::TempDir dir;
    save_project(outline, dir.file("p.treelab"), [&](std::size_t run) {
        asked.push_back(run);
        return whole.runs.at(run).outcome;
    });
    EXPECT_EQ(asked, (std::vector<std::size_t>{0, 1, 2}));
    EXPECT_EQ(project_to_json(load_project(dir.file("p.treelab"))), project_to_json(whole));
}

}  // namespace
}  // namespace treelab
