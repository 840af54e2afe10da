// LatentTrees training (000 Alg. 2): minibatch steps on eq. 10 with the pruning QP solved per batch,
// early stopping on the validation loss of the model that would be returned (a solved on the whole
// training set, as export_tree defines it).
#include "core/learners/latent/latent_learner.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "core/learners/latent/latent_settings.h"
#include "core/learners/latent/latent_workspace.h"
#include "core/metrics/classification_metrics.h"
#include "core/metrics/regression_metrics.h"
#include "core/training/minibatch_training.h"
#include "core/training/training_result.h"

namespace treelab {
namespace {

using latent::Mode;
using latent::Settings;

struct Split {
    Eigen::MatrixXd X, targets;
};

// The model as an epoch leaves it, evaluated once per parameter vector: q of the training rows,
// the activity a solved on them (the returned tree's, export_tree), and from the same q and a the
// outputs of the training rows (for the train metric) and of the validation rows with their loss.
// The validation loss, selection loss, metrics and active nodes of an epoch all read it.
class EpochEvaluation {
public:
    EpochEvaluation(const latent::Spec& spec, const Split& train, const Split* valid, bool train_outputs)
        : spec_(spec), train_(train), valid_(valid), train_outputs_(train_outputs) {}

    const Eigen::VectorXd& activity(const Eigen::VectorXd& parameters) { return update(parameters).a_; }
    const Eigen::MatrixXd& train_outputs(const Eigen::VectorXd& parameters) { return update(parameters).train_out_; }
    const Eigen::MatrixXd& valid_outputs(const Eigen::VectorXd& parameters) { return update(parameters).valid_out_; }
    double valid_loss(const Eigen::VectorXd& parameters) { return update(parameters).valid_loss_; }

private:
    EpochEvaluation& update(const Eigen::VectorXd& parameters) {
        if (parameters.size() == parameters_.size() && parameters == parameters_) return *this;
        parameters_ = parameters;
        latent::path_scores(spec_, parameters, train_.X, train_work_);
        a_ = latent::activity(spec_, parameters, train_work_);
        if (train_outputs_) train_out_ = latent::outputs_of_scores(spec_, parameters, train_.X, train_work_.q, a_);
        if (!valid_) return *this;
        latent::path_scores(spec_, parameters, valid_->X, valid_work_);
        valid_out_ = latent::outputs_of_scores(spec_, parameters, valid_->X, valid_work_.q, a_);
        valid_loss_ = latent::mean_loss(spec_, valid_out_, valid_->targets);
        return *this;
    }

    const latent::Spec& spec_;
    const Split& train_;
    const Split* valid_;
    const bool train_outputs_;
    Eigen::VectorXd parameters_, a_;
    Eigen::MatrixXd train_out_, valid_out_;
    double valid_loss_ = 0.0;
    latent::Workspace train_work_, valid_work_;  // kept across epochs: q of the training set alone is rows × nodes
};

}  // namespace

// One live tree (export_tree: pruning solved and rows routed on the whole training set) costs about
// as much as an epoch of batch steps, or more on small sets. Measured (Release, the 2-core
// development machine, under load): Glass self-supervised depth 6, 128 rows: epoch 1.0 ms, tree
// 2.7 ms; Letter depth 8, 12,000 rows: epoch 2.1 s, tree 2.2 s. Every 10th epoch kept the cost
// within about a quarter of the training time and still gives ten trees over a 100-epoch run.
// (Measured on an epoch 10-20 times slower than today's, with the tree's cost as it is today:
// the share of the live trees is larger now; not re-measured.)
int latent_snapshot_every(int depth) { return depth <= kLatentLiveTreeMaxDepth ? 10 : 0; }

TrainResult train_latent(const TrainInput& input, const Progress& progress) {
    const Settings settings = latent::resolve_settings(input.params, input.train);
    const latent::Spec& spec = settings.spec;
    const Split train{latent::model_inputs(settings, input.train), latent::model_targets(settings, input.train)};
    const bool has_valid = input.valid && input.valid->rows() > 0;
    const Split valid = has_valid ? Split{latent::model_inputs(settings, *input.valid), latent::model_targets(settings, *input.valid)}
                                  : Split{};
    EpochEvaluation evaluation(spec, train, has_valid ? &valid : nullptr, settings.mode != Mode::SelfSupervised);
    latent::Workspace workspace;

    GradientProblem problem;
    problem.inputs = &train.X;
    problem.targets = &train.targets;
    problem.initial_parameters = [&](int start) { return latent::initial_parameters(spec, input.seed + static_cast<std::uint32_t>(start)); };
    problem.batch_loss = [&](const Eigen::VectorXd& parameters, const Batch& batch, const StepContext& context,
                             Eigen::VectorXd& gradient) {
        if (spec.dropout == 0.0) return latent::batch_loss(spec, parameters, batch.inputs, batch.targets, &gradient, workspace);
        // The MLP predictor's dropout masks of this step, from the start's own stream (deterministic for a seed).
        std::mt19937 dropout_random(static_cast<std::uint32_t>((*context.rng)()));
        return latent::batch_loss(spec, parameters, batch.inputs, batch.targets, &gradient, workspace, &dropout_random);
    };
    // Self-supervised: the validation MSE of the regressed columns; supervised: the validation loss.
    if (has_valid)
        problem.validation_loss = [&](const Eigen::VectorXd& parameters) {
            return evaluation.valid_loss(parameters);
        };
    // Activity: the best epoch is the one of the best penalised objective, validation loss + λ·mean a
    // (a of the returned tree); on the loss alone, selection would undo the pruning λ asks for.
    if (has_valid && spec.formulation == latent::Formulation::Activity)
        problem.selection_loss = [&](const Eigen::VectorXd& parameters) {
            return problem.validation_loss(parameters) + spec.lambda * evaluation.activity(parameters).mean();
        };
    if (settings.mode == Mode::Classification) {
        problem.metric = "accuracy";
        problem.metrics = [&](const Eigen::VectorXd& parameters) {
            const double valid_accuracy = has_valid ? argmax_accuracy(valid.targets.col(0), evaluation.valid_outputs(parameters))
                                                    : std::numeric_limits<double>::quiet_NaN();
            return std::pair{argmax_accuracy(train.targets.col(0), evaluation.train_outputs(parameters)), valid_accuracy};
        };
    } else if (settings.mode == Mode::Regression) {
        // R² is unchanged by the target normalisation, so it is computed on the normalised values.
        problem.metric = "r2";
        problem.metrics = [&](const Eigen::VectorXd& parameters) {
            const double valid_r2 = has_valid ? regression_report(valid.targets.col(0), evaluation.valid_outputs(parameters).col(0)).r2
                                              : std::numeric_limits<double>::quiet_NaN();
            return std::pair{regression_report(train.targets.col(0), evaluation.train_outputs(parameters).col(0)).r2, valid_r2};
        };
    }

    // 000 §3.2: a node with a_t = 0 is pruned; the same a as the returned model's (export_tree).
    problem.active_nodes = [&](const Eigen::VectorXd& parameters) {
        return static_cast<int>((evaluation.activity(parameters).array() > 0.0).count());
    };

    // The live tree is the tree export_tree would return now (pruning solved on the training rows).
    problem.snapshot = [&](const Eigen::VectorXd& parameters) { return latent::export_tree(settings, parameters, input.train); };
    problem.snapshot_every = latent_snapshot_every(spec.depth);

    TrainingSettings training = settings.training;
    training.seed = input.seed;
    return training_result(train_minibatch(problem, training, progress), "LatentTrees", "try a smaller learning_rate",
                           [&](const Eigen::VectorXd& parameters) { return latent::export_tree(settings, parameters, input.train); });
}

}  // namespace treelab
