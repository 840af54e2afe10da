// Sweeps keep what a view needs to show any row: the model (as a run would save it) and its data.
#include <algorithm>
#include <atomic>
#include <set>
#include <tuple>
#include <sstream>

#include <gtest/gtest.h>

#include <array>

#include "core/error.h"
#include "core/learners/learner.h"
#include "core/run/sweep.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

SweepConfig glass_sweep(const std::string& param, std::vector<std::string> values, int seeds) {
    SweepConfig config;
    config.base.data_file = test::dataset("glass.csv");
    config.base.target = "Type";
    config.base.params = ParamValues(find_learner("cart").params);
    config.base.seed = 7;
    config.param = param;
    config.values = std::move(values);
    config.seeds = seeds;
    return config;
}

// Every row's model, evaluated on its row's data, gives exactly the row's scores and tree sizes.
void expect_rows_carry_their_models(const std::vector<SweepRow>& rows, const std::string& param) {
    for (const SweepRow& row : rows) {
        ASSERT_TRUE(row.model && row.data);
        EXPECT_EQ(evaluate(row.model->tree, row.data->train), row.train);
        EXPECT_EQ(evaluate(row.model->tree, row.data->valid), row.valid);
        EXPECT_EQ(evaluate(row.model->tree, row.data->test), row.test);
        EXPECT_EQ(row.model->tree.stats().active_nodes, row.tree.active_nodes);
        EXPECT_EQ(row.model->card.seed, row.seed);
        EXPECT_EQ(row.model->card.params.at(param), row.value) << "the run card names the swept value";
        EXPECT_FALSE(row.model->target.class_names.empty());
    }
}

// CART's automatic alpha path: pruned trees carry their pipeline, target and a run card at their alpha.
TEST(Sweep, AutomaticPathRowsCarryTheirModels) {
    const std::vector<SweepRow> rows = run_sweep(glass_sweep("ccp_alpha", {}, 2));
    ASSERT_GT(rows.size(), 4u);
    expect_rows_carry_their_models(rows, "ccp_alpha");
    EXPECT_EQ(rows[0].data, rows[2].data) << "one prepared data set per seed, shared by its rows";
}

// A retraining sweep (max_depth) keeps each run's model too.
TEST(Sweep, RetrainingRowsCarryTheirModels) {
    const std::vector<SweepRow> rows = run_sweep(glass_sweep("max_depth", {"1", "3"}, 2));
    ASSERT_EQ(rows.size(), 4u);
    expect_rows_carry_their_models(rows, "max_depth");
    EXPECT_LT(rows[0].tree.depth, rows[1].tree.depth);
}

// Train, valid and test scores of `config` trained on `data` (a sweep row's split).
std::array<Scores, 3> scores_on(const PreparedData& data, const RunConfig& config) {
    const RunOutcome outcome = run_training(data, config);
    return {outcome.train_scores, outcome.valid_scores, outcome.test_scores};
}

// --learner-seed (the GradTree protocol, utilities_GDT.py: data seeds vary, the model seed is 42): the seeds move the split
// while every row's learner draws from the one learner seed. Observed through CART's random
// feature order (max_features=1): each row equals a run on its split with learner seed 9, and
// differs from the run whose learner seed is the row's seed. Both the retraining and the
// pruning-path sweep honour it; the run card's command carries it.
TEST(Sweep, LearnerSeedStaysWhileTheSeedsMoveTheSplit) {
    for (const std::string& param : {std::string("max_depth"), std::string("ccp_alpha")}) {
        SCOPED_TRACE(param);
        SweepConfig config = glass_sweep(param, {param == "max_depth" ? "4" : "0.01"}, 2);
        config.base.params.set(find_learner("cart").params, "max_features", "1");
        config.base.learner_seed = 9u;
        const std::vector<SweepRow> rows = run_sweep(config);
        ASSERT_EQ(rows.size(), 2u);
        EXPECT_NE(rows[0].data->split.test, rows[1].data->split.test) << "the seeds 7 and 8 draw two splits";
        bool differs_from_row_seed = false;
        for (const SweepRow& row : rows) {
            const std::array<Scores, 3> observed = {row.train, row.valid, row.test};
            RunConfig fixed = config.base;
            fixed.seed = row.seed;
            fixed.params.set(find_learner("cart").params, param, row.value);
            EXPECT_EQ(scores_on(*row.data, fixed), observed) << "seed " << row.seed;
            RunConfig moving = fixed;
            moving.learner_seed.reset();
            differs_from_row_seed |= scores_on(*row.data, moving) != observed;
            EXPECT_NE(row.model->card.command_line.find("--seed " + std::to_string(row.seed) + " --learner-seed 9"),
                      std::string::npos)
                << row.model->card.command_line;
        }
        EXPECT_TRUE(differs_from_row_seed) << "a learner seed that followed the seeds would give other trees";
    }
}

// Progress counts rows out of the total, and a stop returns the rows finished so far.
TEST(Sweep, StopReturnsTheFinishedRows) {
    std::vector<std::pair<int, int>> reports;
    SweepConfig config = glass_sweep("max_depth", {"1", "2", "3"}, 1);
    config.jobs = 1;  // one row at a time: the stop lands after exactly one row (several jobs: ParallelProgress…)
    const auto rows = run_sweep(config, [&](int done, int total) {
        reports.emplace_back(done, total);
        return done < 1;
    });
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].value, "1");
    ASSERT_FALSE(reports.empty());
    EXPECT_EQ(reports.back(), std::make_pair(1, 3));
}

// The CSV's header names every column once, also when the swept hyperparameter is called `depth`
// like the learned tree's depth (LatentTrees and GradTree have a `depth`).
TEST(Sweep, CsvColumnNamesAreUnique) {
    SweepRow row;
    row.value = "4";
    row.test["accuracy"] = 0.5;
    const std::string csv = sweep_to_csv("depth", {row});
    std::istringstream header(csv.substr(0, csv.find('\n')));
    std::set<std::string> names;
    for (std::string name; std::getline(header, name, ',');) EXPECT_TRUE(names.insert(name).second) << name << " twice";
    EXPECT_TRUE(names.count("depth") && names.count("tree_depth"));
}

// A GET sweep over stage 2's α of the schedule set for the run: each row's run card carries that
// schedule with the value substituted, stage 1 untouched; the CSV quotes a U(LOW,HIGH) value.
TEST(Sweep, StageFieldSweepSubstitutesIntoTheRunsSchedule) {
    SweepConfig config;
    config.base.data_file = test::dataset("iris.csv");
    config.base.target = "species";
    config.base.method = "get";
    config.base.params = method_params("get", {"depth=2", "schedule=U(5,25):5,60:5", "starts=2"});
    config.param = "schedule[2].alpha";
    config.values = {"50", "U(80,120)"};
    config.seeds = 2;
    const std::vector<SweepRow> rows = run_sweep(config);
    ASSERT_EQ(rows.size(), 4u);
    for (const SweepRow& row : rows) {
        ASSERT_TRUE(row.model);
        EXPECT_EQ(row.model->card.params.at("schedule"), "U(5,25):5," + row.value + ":5") << row.value;
        EXPECT_EQ(row.model->card.params.at("starts"), "2");
        EXPECT_EQ(evaluate(row.model->tree, row.data->test), row.test);
    }
    EXPECT_EQ(rows[0].value, "50");
    EXPECT_EQ(rows[1].value, "U(80,120)");
    const std::string csv = sweep_to_csv(config.param, rows);
    EXPECT_EQ(csv.rfind("schedule[2].alpha,seed,", 0), 0u) << csv.substr(0, 40);
    EXPECT_NE(csv.find("\n\"U(80,120)\",0,"), std::string::npos) << csv;
}

// A stage the run's schedule does not have is refused before any training, naming the schedule.
TEST(Sweep, StageFieldBeyondTheScheduleIsRefusedAtOnce) {
    SweepConfig config;
    config.base.data_file = test::dataset("iris.csv");
    config.base.target = "species";
    config.base.method = "get";
    config.base.params = method_params("get", {"schedule=U(5,25):5,60:5"});
    config.param = "schedule[3].alpha";
    config.values = {"50"};
    bool trained = false;
    try {
        run_sweep(config, [&](int, int) { return trained = true; });
        ADD_FAILURE() << "stage 3 of a two-stage schedule was swept";
    } catch (const ParamError& error) {
        EXPECT_NE(std::string(error.what()).find("there is no stage 3"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("has 2 stages"), std::string::npos) << error.what();
    }
    EXPECT_FALSE(trained);
}

// A learner with random initialisation (DGT) and one with its own threads (LatentTrees) over
// values × seeds: the same rows, byte for byte in the CSV, whatever the number of jobs, and the
// pruning path's rows too.
TEST(Sweep, RowsAreTheSameForAnyNumberOfJobs) {
    const std::vector<std::tuple<std::string, std::vector<std::string>, std::string, std::vector<std::string>>> sweeps = {
        {"dgt", {"height=2", "epochs=3", "hidden=none"}, "learning_rate", {"0.01", "0.03", "0.1"}},
        {"latent", {"depth=2", "epochs=3"}, "lambda", {"0.001", "1"}},
    };
    for (const auto& [method, fixed, param, values] : sweeps) {
        SweepConfig config = glass_sweep(param, values, 3);
        config.base.method = method;
        config.base.params = method_params(method, fixed);
        std::string serial;
        for (const int jobs : {1, 2, 3, 0}) {
            config.jobs = jobs;
            const std::vector<SweepRow> rows = run_sweep(config);
            ASSERT_EQ(rows.size(), values.size() * 3);
            EXPECT_EQ(rows[1].seed, 7u) << "seed by seed, values in order";
            const std::string csv = sweep_to_csv(param, rows);
            if (jobs == 1)
                serial = csv;
            else
                EXPECT_EQ(csv, serial) << method << " with " << jobs << " jobs";
        }
    }
    SweepConfig path = glass_sweep("ccp_alpha", {}, 3);
    path.jobs = 1;
    const std::string serial = sweep_to_csv("ccp_alpha", run_sweep(path));
    path.jobs = 3;
    EXPECT_EQ(sweep_to_csv("ccp_alpha", run_sweep(path)), serial);
}

// Several jobs call the progress callback one at a time, count finished rows up to the total, and
// a stop keeps the finished rows, each the serial sweep's row of its value and seed, in grid order.
TEST(Sweep, ParallelProgressIsSerialAndAStopKeepsFinishedRows) {
    SweepConfig config = glass_sweep("max_depth", {"1", "2", "3", "4", "5", "6"}, 2);
    config.jobs = 1;
    const std::vector<SweepRow> serial = run_sweep(config);
    config.jobs = 2;
    std::atomic<int> inside{0};
    int most_inside = 0, last_done = 0;
    bool counted_in_order = true;
    const std::vector<SweepRow> all = run_sweep(config, [&](int done, int total) {
        most_inside = std::max(most_inside, ++inside);
        counted_in_order = counted_in_order && done >= last_done && total == 12;
        last_done = done;
        --inside;
        return true;
    });
    EXPECT_EQ(all.size(), 12u);
    EXPECT_EQ(most_inside, 1);
    EXPECT_TRUE(counted_in_order);
    EXPECT_EQ(last_done, 12);
    const std::vector<SweepRow> stopped = run_sweep(config, [](int done, int) { return done < 3; });
    ASSERT_GE(stopped.size(), 3u);
    ASSERT_LT(stopped.size(), 12u);
    std::size_t next = 0;
    for (const SweepRow& row : stopped) {
        while (next < serial.size() && (serial[next].value != row.value || serial[next].seed != row.seed)) ++next;
        ASSERT_LT(next, serial.size()) << "row " << row.value << "/" << row.seed << " out of grid order";
        EXPECT_EQ(row.test, serial[next].test);
        ++next;
    }
    config.jobs = -1;
    EXPECT_THROW(run_sweep(config), ParamError);
}

}  // namespace
}  // namespace treelab
