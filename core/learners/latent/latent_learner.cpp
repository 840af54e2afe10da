// LatentTrees training (000 Alg. 2): minibatch steps on eq. 10 with the pruning QP solved per batch,
// early stopping on the validation loss of the model that would be returned (a solved on the whole
// training set, as export_tree defines it).
#include "core/learners/latent/latent_learner.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "core/error.h"
#include "core/learners/latent/latent_settings.h"
#include "core/metrics/classification_metrics.h"
#include "core/metrics/regression_metrics.h"
#include "core/training/minibatch_training.h"

namespace treelab {
namespace {

using latent::Mode;
using latent::Settings;

struct Split {
    Eigen::MatrixXd X, targets;
};

// The activity a on the whole training set for the parameters last asked about; the validation
// loss and the metrics of one epoch share it.
class ActivityCache {
public:
    ActivityCache(const latent::Spec& spec, const Eigen::MatrixXd& train_inputs) : spec_(spec), train_inputs_(train_inputs) {}

    const Eigen::VectorXd& operator()(const Eigen::VectorXd& parameters) {
        if (parameters.size() != parameters_.size() || parameters != parameters_) {
            parameters_ = parameters;
            a_ = latent::activity(spec_, parameters, train_inputs_);
        }
        return a_;
    }

private:
    const latent::Spec& spec_;
    const Eigen::MatrixXd& train_inputs_;
    Eigen::VectorXd parameters_, a_;
};

}  // namespace

// One live tree (export_tree: pruning solved and rows routed on the whole training set) costs about
// as much as an epoch of batch steps, or more on small sets. Measured (Release, the 2-core
// development machine, under load): Glass self-supervised depth 6, 128 rows: epoch 1.0 ms, tree
// 2.7 ms; Letter depth 8, 12,000 rows: epoch 2.1 s, tree 2.2 s. Every 10th epoch keeps the cost
// within about a quarter of the training time and still gives ten trees over a 100-epoch run.
int latent_snapshot_every(int depth) { return depth <= kLatentLiveTreeMaxDepth ? 10 : 0; }

TrainResult train_latent(const TrainInput& input, const Progress& progress) {
    const Settings settings = latent::resolve_settings(input.params, input.train);
    const latent::Spec& spec = settings.spec;
    const Split train{latent::model_inputs(settings, input.train), latent::model_targets(settings, input.train)};
    const bool has_valid = input.valid && input.valid->rows() > 0;
    const Split valid = has_valid ? Split{latent::model_inputs(settings, *input.valid), latent::model_targets(settings, *input.valid)}
                                  : Split{};
    ActivityCache activity(spec, train.X);

    GradientProblem problem;
    problem.inputs = &train.X;
    problem.targets = &train.targets;
    problem.initial_parameters = [&](int start) { return latent::initial_parameters(spec, input.seed + static_cast<std::uint32_t>(start)); };
    problem.batch_loss = [&](const Eigen::VectorXd& parameters, const Batch& batch, const StepContext& context,
                             Eigen::VectorXd& gradient) {
        if (spec.dropout == 0.0) return latent::batch_loss(spec, parameters, batch.inputs, batch.targets, &gradient);
        // The MLP predictor's dropout masks of this step, from the start's own stream (deterministic for a seed).
        std::mt19937 dropout_random(static_cast<std::uint32_t>((*context.rng)()));
        return latent::batch_loss(spec, parameters, batch.inputs, batch.targets, &gradient, &dropout_random);
    };
    // Self-supervised: the validation MSE of the regressed columns; supervised: the validation loss.
    if (has_valid)
        problem.validation_loss = [&](const Eigen::VectorXd& parameters) {
            return latent::mean_loss(spec, latent::outputs(spec, parameters, valid.X, activity(parameters)), valid.targets);
        };
    // Activity: the best epoch is the one of the best penalised objective, validation loss + λ·mean a
    // (a of the returned tree); on the loss alone, selection would undo the pruning λ asks for.
    if (has_valid && spec.formulation == latent::Formulation::Activity)
        problem.selection_loss = [&](const Eigen::VectorXd& parameters) {
            return problem.validation_loss(parameters) + spec.lambda * activity(parameters).mean();
        };
    if (settings.mode == Mode::Classification) {
        problem.metric = "accuracy";
        problem.metrics = [&](const Eigen::VectorXd& parameters) {
            const Eigen::VectorXd& a = activity(parameters);
            const double valid_accuracy = has_valid ? argmax_accuracy(valid.targets.col(0), latent::outputs(spec, parameters, valid.X, a))
                                                    : std::numeric_limits<double>::quiet_NaN();
            return std::pair{argmax_accuracy(train.targets.col(0), latent::outputs(spec, parameters, train.X, a)), valid_accuracy};
        };
    } else if (settings.mode == Mode::Regression) {
        // R² is unchanged by the target normalisation, so it is computed on the normalised values.
        problem.metric = "r2";
        problem.metrics = [&](const Eigen::VectorXd& parameters) {
            const Eigen::VectorXd& a = activity(parameters);
            const double valid_r2 = has_valid ? regression_report(valid.targets.col(0), latent::outputs(spec, parameters, valid.X, a).col(0)).r2
                                              : std::numeric_limits<double>::quiet_NaN();
            return std::pair{regression_report(train.targets.col(0), latent::outputs(spec, parameters, train.X, a).col(0)).r2, valid_r2};
        };
    }

    // 000 §3.2: a node with a_t = 0 is pruned; the same a as the returned model's (export_tree).
    problem.active_nodes = [&](const Eigen::VectorXd& parameters) {
        return static_cast<int>((activity(parameters).array() > 0.0).count());
    };

    // The live tree is the tree export_tree would return now (pruning solved on the training rows).
    problem.snapshot = [&](const Eigen::VectorXd& parameters) { return latent::export_tree(settings, parameters, input.train); };
    problem.snapshot_every = latent_snapshot_every(spec.depth);

    TrainingSettings training = settings.training;
    training.seed = input.seed;
    TrainingOutcome outcome = train_minibatch(problem, training, progress);
    if (outcome.diverged && outcome.best_epoch == 0)
        throw TrainingError("LatentTrees diverged (a non-finite loss or gradient) before finishing an epoch; "
                            "try a smaller learning_rate");

    TrainResult result;
    result.model = latent::export_tree(settings, outcome.best_parameters, input.train);
    result.stopped_early = outcome.cancelled;
    result.diverged = outcome.diverged;
    result.history = std::move(outcome.history);
    return result;
}

}  // namespace treelab
