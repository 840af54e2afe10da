// DGT training (003). Supervised (Algorithm 3 with the authors' code's loop,
// microsoft/DGT src/models/xdgt.py, DGTPredictor.train): mini-batch RMSprop steps on the straight-through network
// (dgt_network.h) with the gradient clipped and the rate on cosine annealing with warm restarts
// stepped every 10 batches, every epoch to the end, the parameters of the lowest validation loss
// kept (--ulm f). Bandit feedback (DGT-Bandit, Algorithm 1): the online loop's rounds, each a
// forward pass, loss queries to an oracle holding the round's labels, an estimate of ∂L/∂outputs
// from the answers (bandit_feedback.h) and the same backward pass; the last evaluation's tree is
// returned, since choosing one by validation loss would need labels. Either way the returned tree
// is extracted with the leaves the `leaves` parameter chooses (dgt_export.h).
#include "core/learners/dgt/dgt_learner.h"

#include <limits>
#include <optional>
#include <random>
#include <utility>

#include "core/learners/dgt/bandit_feedback.h"
#include "core/learners/dgt/dgt_export.h"
#include "core/learners/dgt/dgt_network.h"
#include "core/learners/dgt/dgt_settings.h"
#include "core/learners/dgt/loss_oracle.h"
#include "core/metrics/classification_metrics.h"
#include "core/metrics/regression_metrics.h"
#include "core/nn/linear_chain.h"
#include "core/training/epoch_outputs.h"
#include "core/training/minibatch_training.h"
#include "core/training/online_training.h"
#include "core/training/training_result.h"

namespace treelab {
namespace {

// Accuracy of the class logits, or R² of the value (unchanged by the target's min-max scaling).
double score(const dgt::Spec& spec, const Eigen::MatrixXd& outputs, const Eigen::VectorXd& y) {
    if (outputs.rows() == 0) return std::numeric_limits<double>::quiet_NaN();
    return spec.classification ? argmax_accuracy(y, outputs) : regression_report(y, outputs.col(0)).r2;
}

// One fit at a fixed height.
TrainResult train_at_height(const TrainInput& input, int height, const Progress& progress) {
    const dgt::Settings settings = dgt::resolve_settings(input.params, input.train, height);
    const dgt::Spec& spec = settings.spec;
    const Eigen::MatrixXd train_targets = settings.target.apply(input.train.y);  // class indices stay as they are
    const bool has_valid = input.valid && input.valid->rows() > 0;
    const Eigen::VectorXd valid_targets = has_valid ? settings.target.apply(input.valid->y) : Eigen::VectorXd();
    // The network of the run's precision, the one that is trained; either validates the spec.
    std::optional<dgt::Network> network;
    std::optional<dgt::BasicNetwork<float>> network32;
    if (settings.float32)
        network32.emplace(spec, settings.l1);
    else
        network.emplace(spec, settings.l1);
    // The hard network's outputs, the chain folded once per parameter vector.
    EpochOutputs outputs([&](const Eigen::VectorXd& parameters, Eigen::MatrixXd& train, Eigen::MatrixXd& valid) {
        const dgt::ParameterView v = dgt::view(spec, parameters);
        const nn::AffineMap folded = nn::LinearChain(spec.chain()).fold(v.chain);
        train = dgt::hard_forward(spec, folded, v, input.train.X).outputs;
        if (has_valid) valid = dgt::hard_forward(spec, folded, v, input.valid->X).outputs;
    });
    const auto export_model = [&](const Eigen::VectorXd& parameters) {
        return dgt::export_tree(spec, settings.target, parameters, settings.leaves, input.train, has_valid ? input.valid : nullptr);
    };

    GradientProblem problem;
    problem.inputs = &input.train.X;
    problem.targets = &train_targets;
    problem.initial_parameters = [&](int start) { return dgt::initial_parameters(spec, input.seed + static_cast<std::uint32_t>(start)); };
    problem.metric = spec.classification ? "accuracy" : "r2";
    problem.metrics = [&](const Eigen::VectorXd& parameters) {
        const double valid = has_valid ? score(spec, outputs.valid(parameters), valid_targets)
                                       : std::numeric_limits<double>::quiet_NaN();
        return std::pair{score(spec, outputs.train(parameters), train_targets.col(0)), valid};
    };
    problem.snapshot = export_model;
    problem.snapshot_every = 10;

    if (settings.feedback == dgt::Feedback::Supervised) {
        const auto supervised = [](auto& net) {
            return [&net](const auto& parameters, const Batch& batch, const StepContext&, auto& gradient) {
                return net.batch_loss(parameters, batch.inputs, batch.targets.col(0), gradient);
            };
        };
        if (settings.float32)
            problem.batch_loss_float32 = supervised(*network32);
        else
            problem.batch_loss = supervised(*network);
        if (has_valid)
            problem.validation_loss = [&](const Eigen::VectorXd& parameters) {
                return dgt::output_loss(spec, outputs.valid(parameters), valid_targets);
            };
        TrainingSettings training = settings.training;
        training.seed = input.seed;
        return training_result(train_minibatch(problem, training, progress), "DGT", "try a smaller learning_rate", export_model);
    }

    // 003 Algorithm 1, a round at a time: the labels reach only the round's loss oracle.
    Eigen::MatrixXd d_outputs;
    long long round_queries = 0;
    const auto bandit = [&](auto& net) {
        return [&](const auto& parameters, const Batch& batch, const StepContext& context, auto& gradient) {
            const dgt::HardPass& pass = net.forward(parameters, batch.inputs);
            dgt::LossOracle oracle(batch.targets.col(0));
            std::mt19937 draws(static_cast<std::uint32_t>((*context.rng)()));  // the round's actions or signs, from the run's stream
            const double loss = dgt::bandit_loss(spec.classification, settings.bandit, pass.outputs, oracle, draws, d_outputs);
            round_queries = oracle.queries();
            return loss + net.backward(parameters, batch.inputs, d_outputs, gradient);
        };
    };
    if (settings.float32)
        problem.batch_loss_float32 = bandit(*network32);
    else
        problem.batch_loss = bandit(*network);
    problem.loss_queries = [&] { return round_queries; };
    problem.keep_last = true;
    OnlineSettings online = settings.online;
    online.seed = input.seed;
    return training_result(train_online(problem, online, progress), "DGT", "try a smaller learning_rate", export_model);
}

}  // namespace

TrainResult train_dgt(const TrainInput& input, const Progress& progress) {
    const int height = dgt::chosen_height(input.params);
    if (height != dgt::kAutoHeight) return train_at_height(input, height, progress);
    DepthChoice choice = choose_depth(
        input, [](int searched, const TrainInput& rows, const Progress& heartbeats) { return train_at_height(rows, searched, heartbeats); },
        dgt::height_search(), progress);
    // With validation rows the chosen height's search fit is the fit itself (same rows, settings, seed).
    if (choice.cancelled || choice.reusable) return std::move(choice.best_so_far);
    return train_at_height(input, choice.depth, progress);
}

}  // namespace treelab

