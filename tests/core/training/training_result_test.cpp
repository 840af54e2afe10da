#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/training/training_result.h"

namespace treelab {
namespace {

// A model that records which parameters it was made from (its one feature name), and how often
// the learner's export was called.
struct CountingExport {
    int calls = 0;
    TreeModel operator()(const Eigen::VectorXd& parameters) {
        ++calls;
        TreeModel model;
        model.feature_names = {std::to_string(parameters(0))};
        return model;
    }
};

EpochReport report(int start, int epoch, double train_metric, double valid_metric) {
    EpochReport r;
    r.start = start;
    r.epoch = epoch;
    r.train_metric = train_metric;
    r.valid_metric = valid_metric;
    return r;
}

TrainingOutcome two_starts() {
    TrainingOutcome outcome;
    outcome.best_parameters = Eigen::VectorXd::Constant(1, 2.0);
    outcome.best_epoch = 1;
    outcome.best_start = 1;
    outcome.history = {report(0, 1, 0.5, 0.4), report(0, 2, 0.6, 0.5), report(1, 1, 0.9, 0.8)};
    outcome.starts = {{Eigen::VectorXd::Constant(1, 1.0), 2, 0.3}, {Eigen::VectorXd::Constant(1, 2.0), 1, 0.1}};
    return outcome;
}

// Each start becomes a tree of its own, exported once with the learner's export, with its best
// epoch, selection loss and the metrics its best epoch reported.
TEST(TrainingResult, ExportsEveryStartsTreeOnce) {
    CountingExport counting;
    const TrainResult result = training_result(two_starts(), "Test", "", std::ref(counting));
    EXPECT_EQ(counting.calls, 3) << "the run's model and the two starts' trees, nothing per epoch";
    EXPECT_EQ(result.model.feature_names.front(), std::to_string(2.0));
    ASSERT_EQ(result.starts.size(), 2u);
    EXPECT_EQ(result.starts[0].model.feature_names.front(), std::to_string(1.0));
    EXPECT_EQ(result.starts[0].best_epoch, 2);
    EXPECT_EQ(result.starts[0].selection_loss, 0.3);
    EXPECT_EQ(result.starts[0].train_metric, 0.6);
    EXPECT_EQ(result.starts[0].valid_metric, 0.5);
    EXPECT_EQ(result.starts[1].model.feature_names.front(), std::to_string(2.0));
    EXPECT_EQ(result.starts[1].train_metric, 0.9);
    EXPECT_EQ(result.history.size(), 3u);
}

// A start that finished no epoch still has a tree (its initial parameters) but no metrics.
TEST(TrainingResult, StartWithoutEpochHasNoMetrics) {
    TrainingOutcome outcome = two_starts();
    outcome.starts.push_back({Eigen::VectorXd::Constant(1, 3.0), 0, std::numeric_limits<double>::infinity()});
    const TrainResult result = training_result(std::move(outcome), "Test", "", CountingExport{});
    ASSERT_EQ(result.starts.size(), 3u);
    EXPECT_EQ(result.starts[2].best_epoch, 0);
    EXPECT_TRUE(std::isnan(result.starts[2].train_metric));
    EXPECT_EQ(result.starts[2].model.feature_names.front(), std::to_string(3.0));
}

// A run that diverged before any epoch has no model to return.
TEST(TrainingResult, DivergedBeforeAnEpochThrows) {
    TrainingOutcome outcome;
    outcome.diverged = true;
    EXPECT_THROW(training_result(std::move(outcome), "Test", "try less", CountingExport{}), TrainingError);
}

}  // namespace
}  // namespace treelab
