#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include "core/error.h"
#include "core/learners/latent/latent_learner.h"
#include "core/model/model_file.h"
#include "core/model/soft_routing.h"

namespace treelab {
namespace {

// Four Gaussian blobs (sd 0.5) at (±2, ±2), class = quadrant, plus a noise feature.
Dataset blobs(int per_class, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::normal_distribution<double> noise(0.0, 0.5);
    Dataset data;
    data.X.resize(4 * per_class, 3);
    data.y.resize(4 * per_class);
    for (int c = 0; c < 4; ++c)
        for (int k = 0; k < per_class; ++k) {
            const Eigen::Index i = c * per_class + k;
            data.X(i, 0) = (c % 2 == 0 ? -2.0 : 2.0) + noise(random);
            data.X(i, 1) = (c / 2 == 0 ? -2.0 : 2.0) + noise(random);
            data.X(i, 2) = noise(random);
            data.y(i) = c;
        }
    data.feature_names = {"x0", "x1", "x2"};
    data.class_names = {"a", "b", "c", "d"};
    return data;
}

// y = 3·sign(x0) + x1 + noise, a step the tree must find.
Dataset step_regression(int rows, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::normal_distribution<double> normal;
    Dataset data;
    data.task = Task::Regression;
    data.X.resize(rows, 2);
    data.y.resize(rows);
    for (Eigen::Index i = 0; i < rows; ++i) {
        data.X(i, 0) = normal(random);
        data.X(i, 1) = normal(random);
        data.y(i) = (data.X(i, 0) > 0.0 ? 3.0 : -3.0) + data.X(i, 1) + 0.1 * normal(random);
    }
    data.feature_names = {"x0", "x1"};
    return data;
}

ParamValues params(std::initializer_list<std::string> assignments) {
    ParamValues values(latent_hyperparameter_table());
    for (const std::string& assignment : assignments) values.set_assignment(latent_hyperparameter_table(), assignment);
    return values;
}

// Two models with the same nodes (splits, pruning, counts) and routing predictor, bit for bit.
void expect_same_model(const TreeModel& a, const TreeModel& b) {
    ASSERT_EQ(a.nodes.size(), b.nodes.size());
    for (std::size_t t = 0; t < a.nodes.size(); ++t) {
        SCOPED_TRACE("node " + std::to_string(t));
        EXPECT_EQ(a.nodes[t].weights, b.nodes[t].weights);
        EXPECT_EQ(std::bit_cast<std::uint64_t>(a.nodes[t].threshold), std::bit_cast<std::uint64_t>(b.nodes[t].threshold));
        EXPECT_EQ(a.nodes[t].pruned, b.nodes[t].pruned);
        EXPECT_EQ(a.nodes[t].samples, b.nodes[t].samples);
    }
    ASSERT_TRUE(a.routing_predictor.has_value());
    ASSERT_TRUE(b.routing_predictor.has_value());
    EXPECT_EQ(a.routing_predictor->activity, b.routing_predictor->activity);
    ASSERT_EQ(a.routing_predictor->layers.size(), b.routing_predictor->layers.size());
    for (std::size_t k = 0; k < a.routing_predictor->layers.size(); ++k) {
        EXPECT_EQ(a.routing_predictor->layers[k].weights, b.routing_predictor->layers[k].weights) << "layer " << k;
        EXPECT_EQ(a.routing_predictor->layers[k].bias, b.routing_predictor->layers[k].bias) << "layer " << k;
    }
}

// The epoch whose validation loss the loop kept as best: the last one <= every earlier loss.
int best_epoch(const std::vector<EpochReport>& history) {
    int best = 0;
    double best_loss = std::numeric_limits<double>::infinity();
    for (const EpochReport& report : history)
        if (!report.heartbeat && std::isfinite(report.valid_loss) && report.valid_loss <= best_loss) {
            best_loss = report.valid_loss;
            best = report.epoch;
        }
    return best;
}

double accuracy(const TreeModel& model, const Dataset& data) {
    return (model.predict(data.X).array() == data.y.array()).cast<double>().mean();
}

// A depth-2 tree separates four Gaussian blobs: test accuracy above 0.95, every training row counted at the root.
TEST(LatentLearner, SeparatesFourBlobs) {
    const Dataset train = blobs(40, 1), valid = blobs(10, 2), test = blobs(50, 3);
    const ParamValues values = params({"depth=2", "epochs=40", "batch_size=16", "learning_rate=0.01"});
    const TrainResult result = train_latent({train, &valid, values, 7}, {});
    ASSERT_TRUE(result.model.routing_predictor.has_value());
    EXPECT_EQ(result.model.nodes.size(), 7u);
    // The root holds every training row, counted per class.
    EXPECT_EQ(result.model.nodes[0].samples, 160.0);
    EXPECT_EQ(result.model.nodes[0].class_counts, Eigen::Vector4d::Constant(40.0));
    EXPECT_GT(accuracy(result.model, test), 0.95);
    EXPECT_FALSE(result.history.empty());
}

// Training splits a batch into fixed row blocks and solves the pruning QP's nodes in parallel, so
// the same seed gives the same model and losses, bit for bit, on 1 thread and on 4 (batches of
// 512 rows: 4 blocks of 128), with the linear f_φ (per block) and with an MLP with dropout.
TEST(LatentLearner, SameModelOnOneAndFourThreads) {
    const Dataset train = blobs(150, 8), valid = blobs(40, 9);
    for (const std::string predictor : {"predictor=linear", "predictor=mlp"}) {
        SCOPED_TRACE(predictor);
        const ParamValues values =
            params({"depth=4", "epochs=5", "batch_size=512", "learning_rate=0.05", predictor, "dropout=0.1"});
        std::vector<TrainResult> results;
        for (const int threads : {1, 4}) {
            tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
            tbb::task_arena arena(threads);
            results.push_back(arena.execute([&] { return train_latent({train, &valid, values, 11}, {}); }));
        }
        expect_same_model(results[0].model, results[1].model);
        ASSERT_EQ(results[0].history.size(), results[1].history.size());
        for (std::size_t e = 0; e < results[0].history.size(); ++e) {
            EXPECT_EQ(std::bit_cast<std::uint64_t>(results[0].history[e].train_loss),
                      std::bit_cast<std::uint64_t>(results[1].history[e].train_loss));
            EXPECT_EQ(std::bit_cast<std::uint64_t>(results[0].history[e].valid_loss),
                      std::bit_cast<std::uint64_t>(results[1].history[e].valid_loss));
        }
    }
}

// On a step function the tree plus linear predictor reaches R² > 0.9 on held-out rows.
TEST(LatentLearner, FitsAStepRegression) {
    const Dataset train = step_regression(200, 1), valid = step_regression(50, 2), test = step_regression(200, 3);
    const ParamValues values = params({"depth=2", "epochs=60", "batch_size=16", "learning_rate=0.1"});
    const TrainResult result = train_latent({train, &valid, values, 3}, {});
    ASSERT_EQ(result.model.task, Task::Regression);
    const Eigen::VectorXd residual = result.model.predict(test.X) - test.y;
    const double variance = (test.y.array() - test.y.mean()).square().mean();
    EXPECT_GT(1.0 - residual.squaredNorm() / static_cast<double>(test.y.size()) / variance, 0.9);
}

// Targets in the hundreds (as diabetes' progression) are learned in normalised units and mapped
// back: the same step as above, shifted by 500 and scaled by 100, trained alike, still reaches R² > 0.9.
TEST(LatentLearner, FitsARegressionTargetOnAnyScale) {
    Dataset train = step_regression(200, 1), valid = step_regression(50, 2), test = step_regression(200, 3);
    for (Dataset* data : {&train, &valid, &test}) data->y = (data->y.array() * 100.0 + 500.0).matrix();
    const ParamValues values = params({"depth=2", "epochs=60", "batch_size=16", "learning_rate=0.1"});
    const TrainResult result = train_latent({train, &valid, values, 3}, {});
    const Eigen::VectorXd residual = result.model.predict(test.X) - test.y;
    const double variance = (test.y.array() - test.y.mean()).square().mean();
    EXPECT_GT(1.0 - residual.squaredNorm() / static_cast<double>(test.y.size()) / variance, 0.9);
}

// The MLP predictor (000 §4) learns the same regression through its hidden layers, the target
// normalisation folded into its last layer: R² > 0.9 on held-out rows, a 64-unit hidden layer.
TEST(LatentLearner, MlpPredictorFitsARegressionTargetOnAnyScale) {
    Dataset train = step_regression(200, 1), valid = step_regression(50, 2), test = step_regression(200, 3);
    for (Dataset* data : {&train, &valid, &test}) data->y = (data->y.array() * 100.0 + 500.0).matrix();
    const ParamValues values = params({"depth=2", "epochs=60", "batch_size=16", "learning_rate=0.1", "predictor=mlp"});
    const TrainResult result = train_latent({train, &valid, values, 3}, {});
    const std::vector<DenseLayer>& layers = result.model.routing_predictor->layers;
    ASSERT_EQ(layers.size(), 2u);
    EXPECT_EQ(layers[0].weights.rows(), 64);
    EXPECT_EQ(layers[0].weights.cols(), 2 + 4);  // features + leaves
    EXPECT_EQ(layers[1].weights.rows(), 1);
    const Eigen::VectorXd residual = result.model.predict(test.X) - test.y;
    const double variance = (test.y.array() - test.y.mean()).square().mean();
    EXPECT_GT(1.0 - residual.squaredNorm() / static_cast<double>(test.y.size()) / variance, 0.9);
}

// Dropout (training only) is drawn from the run's seed: the same seed gives the same model bit for
// bit, and the masks change the model compared with no dropout; predictions use no dropout.
TEST(LatentLearner, MlpDropoutIsDeterministicForASeed) {
    const Dataset train = blobs(20, 6), valid = blobs(5, 7);
    const ParamValues dropping = params({"depth=2", "epochs=5", "predictor=mlp", "mlp_layers=3", "dropout=0.3"});
    const TreeModel a = train_latent({train, &valid, dropping, 4}, {}).model;
    const TreeModel b = train_latent({train, &valid, dropping, 4}, {}).model;
    expect_same_model(a, b);
    EXPECT_EQ(a.predict_outputs(valid.X), a.predict_outputs(valid.X));
    ASSERT_EQ(a.routing_predictor->layers.size(), 3u);
    EXPECT_EQ(a.routing_predictor->layers[1].weights.rows(), 128);
    const TreeModel plain = train_latent({train, &valid, params({"depth=2", "epochs=5", "predictor=mlp", "mlp_layers=3"}), 4}, {}).model;
    EXPECT_NE(a.predict_outputs(valid.X), plain.predict_outputs(valid.X));
}

// Larger lambda prunes more (000 §4.2, Fig. 3): in the default formulation (λ · mean a) a strong
// λ leaves fewer nodes with a_t > 0 and a smaller total activity; in the paper's (λ‖η‖∞) it does not
// prune (resources/doc/methods/latent.md), so only the default is held to it here.
TEST(LatentLearner, LargerLambdaPrunesMore) {
    const Dataset train = blobs(30, 4), valid = blobs(10, 5);
    Eigen::VectorXd activity[2];
    for (const int k : {0, 1}) {
        const std::string lambda = k == 0 ? "0" : "1";
        const ParamValues values = params({"depth=3", "epochs=30", "batch_size=16", "learning_rate=0.01", "lambda=" + lambda});
        const TrainResult result = train_latent({train, &valid, values, 11}, {});
        ASSERT_TRUE(result.model.routing_predictor.has_value());
        activity[k] = result.model.routing_predictor->activity;
    }
    EXPECT_LT(activity[1].sum(), activity[0].sum() - 1.0);
    EXPECT_LE(2 * (activity[1].array() > 0.0).count(), (activity[0].array() > 0.0).count());
}

// A saved and reloaded model predicts bit-identically to the trained one, with either predictor.
TEST(LatentLearner, SavedModelPredictsIdentically) {
    const Dataset train = blobs(20, 6), valid = blobs(5, 7);
    for (const std::string predictor : {"linear", "mlp"}) {
        SCOPED_TRACE(predictor);
        const ParamValues values = params({"depth=2", "epochs=5", "split_activation=elu", "predictor=" + predictor});
        ModelFile model;
        model.tree = train_latent({train, &valid, values, 1}, {}).model;
        for (const std::string& name : train.feature_names) model.pipeline.inputs.push_back({name, ColumnKind::Numeric, 0.0, false, {}});
        model.target = {"label", Task::Classification, train.class_names};
        const ModelFile back = model_from_json(model_to_json(model), "latent.json");
        const Eigen::MatrixXd a = model.tree.predict_proba(valid.X), b = back.tree.predict_proba(valid.X);
        ASSERT_EQ(a.size(), b.size());
        for (Eigen::Index k = 0; k < a.size(); ++k) EXPECT_EQ(std::bit_cast<std::uint64_t>(a(k)), std::bit_cast<std::uint64_t>(b(k)));
        EXPECT_EQ(model.tree.predict(valid.X), back.tree.predict(valid.X));
    }
}

// Self-supervised mode regresses the chosen columns from the others (000 §4.2): those columns get
// zero weights in every split and in the predictor, and the class target only counts rows.
TEST(LatentLearner, SelfSupervisedRegressesChosenColumns) {
    const Dataset train = blobs(20, 8), valid = blobs(5, 9);
    for (const std::string predictor_kind : {"linear", "mlp"}) {
        SCOPED_TRACE(predictor_kind);
        const ParamValues values = params({"depth=2", "epochs=5", "task=self_supervised", "regress=x2, x0", "predictor=" + predictor_kind});
        const TreeModel model = train_latent({train, &valid, values, 2}, {}).model;
        ASSERT_TRUE(model.routing_predictor.has_value());
        const RoutingPredictor& predictor = *model.routing_predictor;
        EXPECT_EQ(predictor.output_features, (std::vector<int>{2, 0}));
        EXPECT_EQ(model.predict_outputs(valid.X).cols(), 2);
        for (const int column : {0, 2}) {
            EXPECT_TRUE((predictor.layers.front().weights.col(column).array() == 0.0).all());
            for (int t = 0; t < 3; ++t) EXPECT_EQ(model.nodes[static_cast<std::size_t>(t)].weights(column), 0.0);
        }
        EXPECT_EQ(model.nodes[0].class_counts.sum(), 80.0);
    }
}

// Bad task/target combinations and unknown regressed names are refused with ParamError.
TEST(LatentLearner, RefusesBadSettings) {
    const Dataset train = blobs(5, 10);
    EXPECT_THROW(train_latent({train, nullptr, params({"task=regression"}), 0}, {}), ParamError);
    EXPECT_THROW(train_latent({train, nullptr, params({"task=self_supervised", "regress=RI"}), 0}, {}), ParamError);
    EXPECT_THROW(train_latent({train, nullptr, params({"task=self_supervised", "regress=x0,x1,x2"}), 0}, {}), ParamError);
    EXPECT_THROW(train_latent({train, nullptr, params({"regress=x0"}), 0}, {}), ParamError);
}

// The progress callback can stop the run; the model of the best epoch so far is still returned:
// stopped at the first epoch whose validation loss is worse than an earlier one, the model is the
// one a run of exactly the best epoch's count returns (same seed, so the same first epochs), not
// the last epoch's.
TEST(LatentLearner, ProgressCanStop) {
    // Few training rows, a third of them mislabelled, and a large step: the validation loss soon rises.
    Dataset train = blobs(5, 12);
    for (Eigen::Index i = 0; i < train.rows(); i += 3) train.y(i) = static_cast<double>((static_cast<int>(train.y(i)) + 1) % 4);
    const Dataset valid = blobs(5, 13);
    const ParamValues values = params({"depth=2", "epochs=50", "patience=0", "learning_rate=0.1"});
    // Where to stop: the first epoch that does not improve on the best so far (this seed's run).
    const TrainResult full = train_latent({train, &valid, values, 0}, {});
    int stop_at = 0;
    double best_loss = std::numeric_limits<double>::infinity();
    for (const EpochReport& report : full.history) {
        if (report.valid_loss > best_loss) {
            stop_at = report.epoch;
            break;
        }
        best_loss = report.valid_loss;
    }
    ASSERT_GT(stop_at, 1) << "this seed's validation loss must get worse within 50 epochs";

    const TrainResult result = train_latent({train, &valid, values, 0}, [&](const EpochReport& report) {
        return report.heartbeat || report.epoch < stop_at;
    });
    EXPECT_TRUE(result.stopped_early);
    ASSERT_EQ(result.history.size(), static_cast<std::size_t>(stop_at));
    const int best = best_epoch(result.history);
    ASSERT_EQ(best, stop_at - 1);
    ParamValues until_best = values;
    until_best.set_assignment(latent_hyperparameter_table(), "epochs=" + std::to_string(best));
    const TrainResult reference = train_latent({train, &valid, until_best, 0}, {});
    EXPECT_FALSE(reference.stopped_early);
    expect_same_model(result.model, reference.model);
}

// Each epoch reports how many nodes keep a > 0 on the training rows; after one epoch that is the
// count of the returned model, whose activity is solved on the same rows.
TEST(LatentLearner, ReportsActiveNodesEveryEpoch) {
    const Dataset train = blobs(30, 4), valid = blobs(10, 5);
    std::vector<int> reported;
    const auto record = [&](const EpochReport& report) {
        if (!report.heartbeat) reported.push_back(report.active_nodes);
        return true;
    };
    const TrainResult one = train_latent({train, &valid, params({"depth=3", "epochs=1", "lambda=10"}), 11}, record);
    ASSERT_EQ(reported.size(), 1u);
    EXPECT_EQ(reported[0], (one.model.routing_predictor->activity.array() > 0.0).count());
    EXPECT_EQ(one.history.at(0).active_nodes, reported[0]);

    reported.clear();
    const TrainResult more = train_latent({train, &valid, params({"depth=3", "epochs=8", "lambda=10"}), 11}, record);
    ASSERT_EQ(reported.size(), more.history.size());
    for (std::size_t k = 0; k < reported.size(); ++k) {
        EXPECT_EQ(more.history[k].active_nodes, reported[k]);
        EXPECT_GE(reported[k], 1);
        EXPECT_LE(reported[k], 15);
    }
}

// The live tree of each epoch (EpochReport::snapshot) is the tree export would give for the
// parameters of that epoch: after one epoch it equals the returned model node for node, pruning
// included; later epochs carry one on the advertised cadence, and the history keeps none.
TEST(LatentLearner, ReportsLiveTreesOnItsCadence) {
    const Dataset train = blobs(30, 4), valid = blobs(10, 5);
    std::vector<int> epochs_with_tree;
    TreeModel first;
    const auto record = [&](const EpochReport& report) {
        if (report.heartbeat || !report.snapshot) return true;
        if (epochs_with_tree.empty()) first = *report.snapshot;
        epochs_with_tree.push_back(report.epoch);
        return true;
    };
    const TrainResult one = train_latent({train, &valid, params({"depth=3", "epochs=1", "lambda=10"}), 11}, record);
    ASSERT_EQ(epochs_with_tree, std::vector<int>{1});
    ASSERT_EQ(first.nodes.size(), one.model.nodes.size());
    for (std::size_t t = 0; t < first.nodes.size(); ++t) {
        EXPECT_EQ(first.nodes[t].pruned, one.model.nodes[t].pruned) << "node " << t;
        EXPECT_EQ(first.nodes[t].samples, one.model.nodes[t].samples) << "node " << t;
    }
    EXPECT_EQ(one.history.at(0).snapshot, nullptr);

    epochs_with_tree.clear();
    const int every = latent_snapshot_every(3);
    ASSERT_GT(every, 0);
    const int epochs = 2 * every + 1;
    const TrainResult more = train_latent(
        {train, &valid, params({"depth=3", "epochs=" + std::to_string(epochs), "patience=0", "lambda=10"}), 11}, record);
    std::vector<int> expected;
    for (int epoch = 1; epoch <= epochs; ++epoch)
        if (epoch == 1 || epoch % every == 0 || epoch == epochs) expected.push_back(epoch);  // and the last planned one
    EXPECT_EQ(epochs_with_tree, expected);
    EXPECT_EQ(first.nodes.size(), more.model.nodes.size());
}

// Trees too large to rebuild every few epochs get no live tree at all.
TEST(LatentLearner, DeepTreesHaveNoLiveTree) {
    EXPECT_GT(latent_snapshot_every(1), 0);
    EXPECT_EQ(latent_snapshot_every(kLatentLiveTreeMaxDepth + 1), 0);
}

// Regression rows whose features sit near the square root of the largest double: a squared error
// on them overflows once the predictor's weights grow a little.
Dataset overflowing_regression(double scale) {
    Dataset data = step_regression(40, 21);
    data.X *= scale;
    return data;
}

// A run whose loss goes non-finite after finishing epochs says so and keeps the best epoch's model.
// Training rows are ordinary; the validation rows are scaled so that the validation loss, which
// grows while the weights move from their initial values towards the fit, overflows in epoch 4
// on this seed (epochs 1-3 finite, epoch 1 the best).
TEST(LatentLearner, DivergenceKeepsTheBestModel) {
    const Dataset train = step_regression(40, 21), valid = overflowing_regression(2e153);
    const TrainResult result =
        train_latent({train, &valid, params({"depth=1", "epochs=50", "batch_size=8", "learning_rate=0.1"}), 1}, {});
    EXPECT_TRUE(result.diverged);
    ASSERT_EQ(result.history.size(), 4u);
    EXPECT_TRUE(std::isfinite(result.history[2].valid_loss));
    EXPECT_FALSE(std::isfinite(result.history[3].valid_loss));
    // The kept model is the best epoch's: a run of exactly that many epochs returns the same one.
    const int best = best_epoch(result.history);
    ASSERT_GE(best, 1);
    const TrainResult reference = train_latent(
        {train, &valid, params({"depth=1", "epochs=" + std::to_string(best), "batch_size=8", "learning_rate=0.1"}), 1}, {});
    EXPECT_FALSE(reference.diverged);
    expect_same_model(result.model, reference.model);
    EXPECT_TRUE(result.model.routing_predictor->layers.front().weights.allFinite());
    EXPECT_TRUE(result.model.predict(train.X).allFinite());
}

// Training rows beyond the square root of the largest double overflow the first batch loss: with no
// finished epoch there is no model to keep, so the run is a TrainingError.
TEST(LatentLearner, DivergenceInTheFirstEpochIsAnError) {
    const Dataset train = overflowing_regression(1e160), valid = overflowing_regression(1e160);
    EXPECT_THROW(train_latent({train, &valid, params({"depth=1", "epochs=50", "batch_size=8"}), 1}, {}),
                 TrainingError);
}

}  // namespace
}  // namespace treelab
