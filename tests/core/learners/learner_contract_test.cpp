// The contract every learner of the registry keeps, checked for each of them with no per-learner
// code: a learner added to the registry is covered here at once. (That the GUI form has one field
// per hyperparameter of every learner is checked in tests/ui/method/method_panel_test.cpp.)
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include "core/learners/learner.h"
#include "core/model/model_file.h"
#include "core/run/evaluation.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// Iris: small, shipped, three balanced classes (a majority guess scores 1/3).
RunConfig iris_config(const LearnerInfo& learner, bool quick, std::vector<std::string> extra = {}) {
    RunConfig config;
    config.data_file = test::dataset("iris.csv");
    config.target = "species";
    config.method = learner.name;
    std::vector<std::string> assignments = quick ? learner.quick_params : std::vector<std::string>{};
    assignments.insert(assignments.end(), extra.begin(), extra.end());
    config.params = method_params(learner.name, assignments);
    config.seed = 11;
    return config;
}

bool has_param(const LearnerInfo& learner, const std::string& name) {
    return std::any_of(learner.params.begin(), learner.params.end(), [&](const ParamSpec& spec) { return spec.name == name; });
}

class LearnerContract : public ::testing::TestWithParam<std::string> {
protected:
    const LearnerInfo& learner() const { return find_learner(GetParam()); }
};

// Every default lies in its declared range and parses back to itself; quick settings are valid assignments.
TEST_P(LearnerContract, DefaultsLieInTheirRanges) {
    const LearnerInfo& info = learner();
    ASSERT_FALSE(info.params.empty());
    for (const ParamSpec& spec : info.params) {
        SCOPED_TRACE(spec.name);
        if (spec.type == treelab::ParamType::Integer || spec.type == treelab::ParamType::Real) {
            const double value = spec.type == treelab::ParamType::Integer ? static_cast<double>(std::get<long long>(spec.default_value))
                                                                 : std::get<double>(spec.default_value);
            EXPECT_GE(value, spec.min);
            EXPECT_LE(value, spec.max);
        }
        if (spec.type == treelab::ParamType::Choice && std::holds_alternative<std::string>(spec.default_value)) {
            EXPECT_NE(std::find(spec.choices.begin(), spec.choices.end(), std::get<std::string>(spec.default_value)),
                      spec.choices.end());
        }
        ParamValues values(info.params);
        EXPECT_NO_THROW(values.set(info.params, spec.name, to_text(spec.default_value)));
        EXPECT_EQ(values.text(spec.name), to_text(spec.default_value));
    }
    EXPECT_NO_THROW(method_params(info.name, info.quick_params));
    if (!info.pruning_param.empty()) {
        EXPECT_TRUE(has_param(info, info.pruning_param));
    }
    if (info.pruning_path) {
        EXPECT_FALSE(info.pruning_param.empty()) << "a pruning path runs over the learner's pruning parameter";
    }
}

// With nothing but the data and the target, the learner returns a valid model that beats the majority guess.
TEST_P(LearnerContract, DefaultRunLearnsIris) {
    const RunOutcome outcome = run_training(iris_config(learner(), false));
    EXPECT_FALSE(outcome.diverged);
    EXPECT_FALSE(outcome.stopped_early);
    EXPECT_NO_THROW(outcome.model.tree.validate());
    EXPECT_GT(outcome.test_scores.at("accuracy"), 0.8) << "a majority guess scores 1/3";
    EXPECT_GT(outcome.model.tree.stats().leaves, 1);
}

// The same seed gives the same model, to the last bit of its file.
TEST_P(LearnerContract, SameSeedSameModel) {
    const RunConfig config = iris_config(learner(), true);
    ModelFile first = run_training(config).model;
    ModelFile second = run_training(config).model;
    EXPECT_EQ(model_to_json(first), model_to_json(second));
}

// The thread count changes nothing: the model is the same, to the last bit of its file, on one
// thread and on two (several starts where the learner has restarts, so they run at once).
TEST_P(LearnerContract, SameModelForAnyThreadCount) {
    std::vector<std::string> extra;
    if (has_param(learner(), "restarts")) extra.push_back("restarts=1");
    const RunConfig config = iris_config(learner(), true, extra);
    std::string one, two;
    {
        const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
        one = model_to_json(run_training(config).model);
    }
    {
        const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
        two = model_to_json(run_training(config).model);
    }
    EXPECT_EQ(one, two);
}

// A saved and reloaded model predicts every row exactly as the trained one.
TEST_P(LearnerContract, ReloadedModelPredictsIdentically) {
    const RunOutcome outcome = run_training(iris_config(learner(), true));
    const test::TempDir folder;
    save_model(outcome.model, folder.file("model.json"));
    const ModelFile loaded = load_model(folder.file("model.json"));
    const Eigen::MatrixXd& X = outcome.data->test.X;
    EXPECT_EQ(loaded.tree.predict_proba(X), outcome.model.tree.predict_proba(X));
    EXPECT_EQ(loaded.tree.route(X), outcome.model.tree.route(X));
}

// Reports come in order within each start: its epochs increase, its heartbeats belong to its epoch in progress.
TEST_P(LearnerContract, ProgressEpochsIncrease) {
    std::vector<EpochReport> reports;
    const RunOutcome outcome = run_training(iris_config(learner(), true), [&](const EpochReport& report) {
        reports.push_back(report);
        return true;
    });
    // Starts that run in parallel interleave their reports: the order holds within each start.
    std::map<int, int> last_epoch;  // start → its last finished epoch
    for (const EpochReport& report : reports) {
        ASSERT_GE(report.start, 0);
        ASSERT_LT(report.start, std::max(report.starts, 1));
        int& last = last_epoch[report.start];
        if (report.heartbeat) {
            EXPECT_GT(report.epoch, last) << "a heartbeat is within the epoch after the last finished one";
            continue;
        }
        EXPECT_EQ(report.epoch, last + 1);
        last = report.epoch;
    }
    const auto epochs = std::count_if(reports.begin(), reports.end(), [](const EpochReport& r) { return !r.heartbeat; });
    EXPECT_EQ(static_cast<std::size_t>(epochs), outcome.history.size()) << "the history holds every finished epoch";
}

// Stop is honoured at once (no report after the one answered with stop) and the best model so far is kept:
// a run stopped after its second epoch returns what a two-epoch run returns.
TEST_P(LearnerContract, CancelStopsAtOnceAndKeepsTheBestModel) {
    const LearnerInfo& info = learner();
    const bool iterative = has_param(info, "epochs");
    int reports = 0, after_stop = 0, finished_epochs = 0;
    bool stopped = false;
    const RunOutcome outcome = run_training(iris_config(info, true), [&](const EpochReport& report) {
        ++reports;
        if (stopped) ++after_stop;
        if (!report.heartbeat) ++finished_epochs;
        // Iterative learners stop after their second epoch; the others (heartbeats only) at their first report.
        stopped = stopped || (iterative ? finished_epochs == 2 : true);
        return !stopped;
    });
    ASSERT_GT(reports, 0) << "every learner reports, at least heartbeats";
    EXPECT_EQ(after_stop, 0);
    EXPECT_TRUE(outcome.stopped_early);
    EXPECT_NO_THROW(outcome.model.tree.validate());
    if (iterative) {
        ASSERT_EQ(outcome.history.size(), 2u);
        RunOutcome two_epochs = run_training(iris_config(info, true, {"epochs=2"}));
        two_epochs.model.card = outcome.model.card;  // the cards differ in their epochs
        EXPECT_EQ(model_to_json(outcome.model), model_to_json(two_epochs.model)) << "the best of the two epochs is kept";
    }
}

// A learner that trains by starts returns a valid tree for every start its history shows, so any
// start's tree can be kept in place of the run's choice (core/run/start_pick.h).
TEST_P(LearnerContract, EveryStartHasItsTree) {
    std::vector<std::string> extra;
    if (has_param(learner(), "restarts")) extra.push_back("restarts=1");  // two starts where the learner has them
    const RunOutcome outcome = run_training(iris_config(learner(), true, extra));
    int starts = 0;
    for (const EpochReport& report : outcome.history) starts = std::max(starts, report.start + 1);
    if (outcome.starts.empty()) {
        EXPECT_LE(starts, 1) << "a run of several starts must return their trees";
        return;
    }
    ASSERT_EQ(static_cast<int>(outcome.starts.size()), starts);
    for (const StartResult& start : outcome.starts) {
        EXPECT_NO_THROW(start.model.validate());
        EXPECT_GE(start.best_epoch, 1);
        EXPECT_EQ(start.model.feature_names, outcome.model.tree.feature_names);
    }
}

INSTANTIATE_TEST_SUITE_P(EveryLearner, LearnerContract, ::testing::ValuesIn([] {
                             std::vector<std::string> names;
                             for (const LearnerInfo& learner : learners()) names.push_back(learner.name);
                             return names;
                         }()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace treelab
