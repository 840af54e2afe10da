// GradTree training (001 §3.4, App. A, App. C): minibatch Adam steps on the straight-through loss with three
// parameter groups, early stopping on the validation loss, restarts chosen by it, then the
// post-hoc pruning of 001 §4.1 on the returned tree.
#include "core/learners/gradtree/gradtree_learner.h"

#include <algorithm>
#include <limits>
#include <memory>

#include "core/learners/depth_search.h"
#include "core/learners/gradtree/gradtree_export.h"
#include "core/learners/gradtree/gradtree_forward.h"
#include "core/learners/gradtree/gradtree_loss.h"
#include "core/learners/gradtree/gradtree_pruning.h"
#include "core/learners/gradtree/gradtree_settings.h"
#include "core/learners/gradtree/path_table.h"
#include "core/metrics/regression_metrics.h"
#include "core/training/epoch_outputs.h"
#include "core/training/minibatch_training.h"
#include "core/training/training_result.h"

namespace treelab {
namespace {

using gradtree::Settings;

// Class of each row from the leaf outputs: σ(z) > 0.5 for one logit (0.5 gives class 0), else the
// argmax, the lowest index on ties (as tf.argmax).
double accuracy(const Eigen::MatrixXd& outputs, const Eigen::VectorXd& y) {
    if (outputs.rows() == 0) return std::numeric_limits<double>::quiet_NaN();
    Eigen::Index hits = 0;
    for (Eigen::Index b = 0; b < outputs.rows(); ++b) {
        Eigen::Index predicted = outputs(b, 0) > 0.0 ? 1 : 0;
        if (outputs.cols() > 1) outputs.row(b).maxCoeff(&predicted);
        hits += static_cast<double>(predicted) == y(b);
    }
    return static_cast<double>(hits) / static_cast<double>(outputs.rows());
}

// The validation loss as the paper code computes it (GDT.py, fit): the mean of the
// losses of consecutive batches of batch_size rows (the whole set when it is not larger).
double batched_loss(const gradtree::Spec& spec, const Eigen::MatrixXd& outputs, const Eigen::VectorXd& y, int batch_size) {
    const Eigen::Index rows = outputs.rows(), size = std::min<Eigen::Index>(batch_size, rows);
    double sum = 0.0;
    int batches = 0;
    for (Eigen::Index first = 0; first < rows; first += size, ++batches) {
        const Eigen::Index n = std::min(size, rows - first);
        sum += gradtree::output_loss(spec, outputs.middleRows(first, n), y.segment(first, n));
    }
    return sum / batches;
}

// The three Adam instances of the paper code (GDT.py): I, T and Λ, each with its own rate.
std::vector<ParameterGroup> parameter_groups(const Settings& s) {
    const Eigen::Index block = s.spec.internal() * s.spec.inputs;
    return {{"feature logits", 0, block, s.lr_index}, {"thresholds", block, block, s.lr_values},
            {"leaves", 2 * block, s.spec.leaves() * s.spec.outputs, s.lr_leaf}};
}

// The returned tree: leaves mapped back to the target's scale for regression, then pruned (001 §4.1).
TreeModel export_model(const Settings& s, const Eigen::VectorXd& parameters, const Dataset& train) {
    CompleteTree tree = gradtree::complete_tree(s.spec, parameters);
    if (s.spec.loss == gradtree::Loss::SquaredError) tree.leaf_values = tree.leaf_values.array() * s.target_scale + s.target_mean;
    TreeModel model = complete_tree_model(tree, train);
    return s.prune ? gradtree::prune_empty_branches(model) : model;
}

// What every start of one fit reads and never writes: the settings, the rows and their targets.
struct Fit {
    const Settings& settings;
    const TrainInput& input;
    Eigen::MatrixXd train_targets, valid_targets;  // standardised for regression
    bool has_valid = false;
    gradtree::PathTable paths;
};

// One start's problem: the shared data by reference, its own outputs cache (the validation loss and
// both metrics of an epoch read the same outputs), so that starts can run side by side.
GradientProblem make_problem(const Fit& fit) {
    const Settings& settings = fit.settings;
    const gradtree::Spec& spec = settings.spec;
    const TrainInput& input = fit.input;
    // The dense tree's outputs: the paper code stops early on the unpruned tree and prunes the
    // returned one only (GDT.py, fit and prune_tree).
    const auto outputs = std::make_shared<EpochOutputs>([&fit](const Eigen::VectorXd& parameters, Eigen::MatrixXd& train, Eigen::MatrixXd& valid) {
        train = gradtree::forward(fit.settings.spec, parameters, fit.input.train.X).outputs;
        if (fit.has_valid) valid = gradtree::forward(fit.settings.spec, parameters, fit.input.valid->X).outputs;
    });

    GradientProblem problem;
    problem.inputs = &input.train.X;
    problem.targets = &fit.train_targets;
    problem.groups = parameter_groups(settings);
    // 001 App. A: each restart re-initialises every parameter (seed + start; the paper code's
    // cumulative seed += restart is not reproduced).
    problem.initial_parameters = [&fit](int start) {
        return gradtree::initial_parameters(fit.settings.spec, fit.input.seed + static_cast<std::uint32_t>(start));
    };
    problem.batch_loss = [&fit](const Eigen::VectorXd& parameters, const Batch& batch, const StepContext&, Eigen::VectorXd& gradient) {
        return gradtree::batch_loss(fit.settings.spec, fit.paths, parameters, batch.inputs, batch.targets.col(0), &gradient);
    };
    if (fit.has_valid)
        problem.validation_loss = [&fit, outputs](const Eigen::VectorXd& parameters) {
            return batched_loss(fit.settings.spec, outputs->valid(parameters), fit.valid_targets.col(0), fit.settings.training.batch_size);
        };
    const double none = std::numeric_limits<double>::quiet_NaN();
    if (spec.loss == gradtree::Loss::SquaredError) {
        problem.metric = "r2";  // unchanged by the target standardisation
        problem.metrics = [&fit, outputs, none](const Eigen::VectorXd& parameters) {
            const double valid_r2 =
                fit.has_valid ? regression_report(fit.valid_targets.col(0), outputs->valid(parameters).col(0)).r2 : none;
            return std::pair{regression_report(fit.train_targets.col(0), outputs->train(parameters).col(0)).r2, valid_r2};
        };
    } else {
        problem.metric = "accuracy";
        problem.metrics = [&fit, outputs, none](const Eigen::VectorXd& parameters) {
            const double valid_accuracy = fit.has_valid ? accuracy(outputs->valid(parameters), fit.valid_targets.col(0)) : none;
            return std::pair{accuracy(outputs->train(parameters), fit.train_targets.col(0)), valid_accuracy};
        };
    }
    // The live tree is the tree the run would return now, pruned as at the end. Measured (Release,
    // the 2-core development machine under load; Iris, depth 10, one start, 236 epochs): 3.2 s with
    // a live tree every 10th epoch and without any, the difference within the noise.
    problem.snapshot = [&fit](const Eigen::VectorXd& parameters) { return export_model(fit.settings, parameters, fit.input.train); };
    problem.snapshot_every = 10;
    return problem;
}

// One fit at the depth the settings hold.
TrainResult train_at_depth(const Settings& settings, const TrainInput& input, const Progress& progress) {
    settings.spec.validate();
    const bool regression = settings.spec.loss == gradtree::Loss::SquaredError;
    const auto targets_of = [&](const Dataset& data) -> Eigen::MatrixXd {
        return regression ? Eigen::VectorXd((data.y.array() - settings.target_mean) / settings.target_scale) : data.y;
    };
    const bool has_valid = input.valid && input.valid->rows() > 0;
    const Fit fit{settings, input, targets_of(input.train), has_valid ? targets_of(*input.valid) : Eigen::MatrixXd(), has_valid,
                  gradtree::path_table(settings.spec.depth)};
    GradientProblem problem = make_problem(fit);
    problem.start_problem = [&fit](int) { return make_problem(fit); };

    TrainingSettings training = settings.training;
    training.seed = input.seed;
    return training_result(train_minibatch(problem, training, progress), "GradTree", "try smaller learning rates",
                           [&](const Eigen::VectorXd& parameters) { return export_model(settings, parameters, input.train); });
}

}  // namespace

TrainResult train_gradtree(const TrainInput& input, const Progress& progress) {
    Settings settings = gradtree::resolve_settings(input.params, input.train);
    if (settings.spec.depth == gradtree::kAutoDepth) {
        Settings search = settings;
        search.training.restarts = 0;  // one start per depth; the chosen depth is refitted with every restart
        const DepthChoice choice = choose_depth(
            input,
            [&](int depth, const TrainInput& rows, const Progress& heartbeats) {
                Settings at_depth = search;
                at_depth.spec.depth = depth;
                return train_at_depth(at_depth, rows, heartbeats);
            },
            gradtree::depth_search(), progress);
        if (choice.cancelled || (choice.reusable && settings.training.restarts == 0)) return choice.best_so_far;
        settings.spec.depth = choice.depth;
    }
    return train_at_depth(settings, input, progress);
}

}  // namespace treelab
