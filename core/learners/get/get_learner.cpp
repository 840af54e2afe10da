// GET training (004 Algorithm 1 with the authors' code's choices,
// maoqiangqiang/GET GET/GET_IterAlp.py): for each start, the scale-factor stages in order, each a fresh full-batch AdamW with
// warm-up + cosine on the soft objective; before every step the hard tree with refitted leaves is
// scored on the training rows and the best kept; the best start by that score wins, and CART of
// the same depth when no start beats it. The paper and the code judge every tree by its training
// objective (`selection=training`); by default, when there are validation rows, TreeLab judges the
// epochs, starts and the CART fallback by the hard tree's error on them instead, since on small
// data the training objective keeps the trees that fit the training rows hardest (stages still
// warm-start from their best training objective, as 004 §4.1 says).
// With `polish`, Algorithm 2 (subtree_polish.h) then refits every branch node's subtree.
#include "core/learners/get/get_learner.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <random>

#include "core/learners/depth_search.h"
#include "core/learners/get/cart_warm_start.h"
#include "core/learners/get/get_export.h"
#include "core/learners/get/get_hard_tree.h"
#include "core/learners/get/get_objective.h"
#include "core/learners/get/get_settings.h"
#include "core/learners/get/subtree_polish.h"
#include "core/metrics/regression_metrics.h"
#include "core/nn/class_labels.h"
#include "core/training/minibatch_training.h"
#include "core/training/training_result.h"

namespace treelab {
namespace {

using get::Settings;
using get::Spec;

// rows × 1 unit-scaled target, or rows × C one-hot classes.
Eigen::MatrixXd training_targets(const Spec& spec, const get::UnitScaling& scaling, const Dataset& data) {
    if (spec.loss == get::LeafLoss::SquaredError) return scaling.target(data.y);
    nn::check_class_labels(Eigen::MatrixXd(data.y.size(), spec.outputs), data.y, spec.outputs, "GET");
    Eigen::MatrixXd onehot = Eigen::MatrixXd::Zero(data.y.size(), spec.outputs);
    for (Eigen::Index i = 0; i < data.y.size(); ++i) onehot(i, static_cast<Eigen::Index>(data.y(i))) = 1.0;
    return onehot;
}

// The hard tree of one parameter vector on the training rows, computed once however many of the
// loop's callbacks ask (selection loss, metrics, fallback).
struct HardEvaluation {
    Eigen::VectorXd parameters;
    Eigen::VectorXi leaves, valid_leaves;
    get::LeafFit fit;
    double objective = std::numeric_limits<double>::infinity();
    double valid_objective = std::numeric_limits<double>::quiet_NaN();  // NaN without validation rows
};

// One run's state: data on the unit scale, buffers, the scale factors of the current start and
// the best hard tree of the current stage (the next stage's warm start, 004 §4.1). A subtree fit
// of the polish passes the whole tree's scaling, so its parameters splice into the tree as they
// are, and the subtree to polish as `warm_start`.
class GetRun {
public:
    GetRun(const Settings& settings, const TrainInput& input, const get::UnitScaling& scaling, const Eigen::VectorXd* warm_start = nullptr)
        : s_(settings),
          spec_(settings.spec),
          scaling_(scaling),
          inputs_(scaling_.inputs(input.train.X)),
          targets_(training_targets(spec_, scaling_, input.train)),
          train_y_(scored_target(input.train)),
          rows_{spec_, scaling_, inputs_, targets_},
          objective_(spec_, inputs_.rows(), settings.l1),
          seed_(input.seed),
          cart_(get::cart_parameters(spec_, get::grow_depth_limited_cart(spec_, input.train), scaling_)) {
        if (warm_start) warm_starts_.push_back(*warm_start);  // 004 Alg. 2 line 7
        warm_starts_.push_back(cart_);
        if (input.valid && input.valid->rows() > 0) {
            valid_inputs_ = scaling_.inputs(input.valid->X);
            valid_y_ = scored_target(*input.valid);
            valid_targets_ = training_targets(spec_, scaling_, *input.valid);
            select_on_valid_ = settings.select_on_validation;
        }
    }

    const Eigen::MatrixXd& inputs() const { return inputs_; }
    const Eigen::MatrixXd& targets() const { return targets_; }
    const get::TrainingRows& rows() const { return rows_; }
    double alpha() const { return alpha_; }  // the scale factor of the epoch in progress

    // Start 0 is CART (GET/warmStart.py), or the subtree to polish and then CART
    // (the code's RT_inner), the others random; each start draws its scale factors after its
    // initial parameters, from its own stream.
    Eigen::VectorXd initial_parameters(int start) {
        std::seed_seq seeds{seed_, static_cast<std::uint32_t>(start)};
        std::mt19937 random(seeds);
        const auto warm = static_cast<std::size_t>(start);
        Eigen::VectorXd parameters = warm < warm_starts_.size() ? warm_starts_[warm] : get::random_parameters(spec_, random);
        alphas_ = get::draw_scale_factors(s_.schedule, random);
        return parameters;
    }

    // Before each epoch: at a stage's first epoch, its α; from the second stage on, the previous
    // stage's best hard tree as the starting point and a fresh optimizer and schedule.
    std::optional<ScheduleSettings> begin_epoch(int epoch, Eigen::VectorXd& parameters) {
        int first = 1;
        for (std::size_t k = 0; k < s_.schedule.size(); first += s_.schedule[k].epochs, ++k) {
            if (epoch != first) continue;
            alpha_ = alphas_[k];
            if (k > 0 && stage_best_.size() > 0) {
                parameters = stage_best_;
                get::set_leaf_parameters(spec_, evaluate(stage_best_).fit, parameters);
            }
            stage_best_.resize(0);
            stage_best_objective_ = std::numeric_limits<double>::infinity();
            if (k > 0) return get::stage_schedule(s_.schedule[k].epochs, s_.training.learning_rate);
        }
        return std::nullopt;
    }

    // The soft objective and its gradient (004 eq. 3-4) on the whole training set; its pass also
    // routes the rows of the hard tree of these parameters, which the loop scores next (it
    // evaluates before the step, as the code does).
    double objective(const Eigen::VectorXd& parameters, Eigen::VectorXd& gradient) {
        const double value = objective_(alpha_, parameters, inputs_, targets_, &gradient, &objective_leaves_);
        objective_parameters_ = parameters;
        return value;
    }

    // What the loop keeps the best of: the hard tree's training objective, or its validation
    // objective (see the top); also keeps the stage's best tree by the training objective.
    double selection_loss(const Eigen::VectorXd& parameters) {
        const HardEvaluation& hard = evaluate(parameters);
        if (hard.objective <= stage_best_objective_) {
            stage_best_objective_ = hard.objective;
            stage_best_ = parameters;
        }
        return selected(hard);
    }

    bool has_validation() const { return valid_inputs_.rows() > 0; }

    // The hard tree's objective on the validation rows (the mean log-loss or squared error of
    // 004 Algorithm 1 line 14 on rows it was not fitted on): the validation loss each epoch reports.
    double validation_loss(const Eigen::VectorXd& parameters) { return evaluate(parameters).valid_objective; }

    // R² (regression) or accuracy of the hard tree on the training and validation rows.
    std::pair<double, double> metrics(const Eigen::VectorXd& parameters) {
        const HardEvaluation& hard = evaluate(parameters);
        const double train = score(hard.fit, hard.leaves, inputs_, train_y_);
        const double valid =
            valid_inputs_.rows() > 0 ? score(hard.fit, hard.valid_leaves, valid_inputs_, valid_y_) : std::numeric_limits<double>::quiet_NaN();
        return {train, valid};
    }

    // The returned parameters: the best start's, or CART's when no start beats it on the selection
    // objective, the hard training objective as the code has it (GET/GET_IterAlp.py
    // substitutes the CART tree) or the validation objective (see the top).
    Eigen::VectorXd with_cart_fallback(const Eigen::VectorXd& best) {
        const double cart_objective = selected(evaluate(cart_));
        return selected(evaluate(best)) < cart_objective ? best : cart_;
    }

    const HardEvaluation& evaluate(const Eigen::VectorXd& parameters) {
        if (hard_.parameters.size() == parameters.size() && hard_.parameters == parameters) return hard_;
        hard_.parameters = parameters;
        const bool routed = objective_parameters_.size() == parameters.size() && objective_parameters_ == parameters;
        hard_.leaves = routed ? objective_leaves_ : get::hard_leaves(spec_, parameters, inputs_);
        hard_.fit = refit_(spec_, hard_.leaves, inputs_, targets_);
        hard_.objective = get::hard_objective(spec_, hard_.leaves, hard_.fit, inputs_, targets_);
        if (valid_inputs_.rows() > 0) {
            hard_.valid_leaves = get::hard_leaves(spec_, parameters, valid_inputs_);
            hard_.valid_objective = get::hard_objective(spec_, hard_.valid_leaves, hard_.fit, valid_inputs_, valid_targets_);
        }
        return hard_;
    }

private:
    double selected(const HardEvaluation& hard) const { return select_on_valid_ ? hard.valid_objective : hard.objective; }

    // What the metrics compare the hard predictions with: the unit-scaled target (R² does not
    // change with the scale) or the class indices.
    Eigen::VectorXd scored_target(const Dataset& data) const {
        return spec_.loss == get::LeafLoss::SquaredError ? scaling_.target(data.y) : data.y;
    }

    double score(const get::LeafFit& fit, const Eigen::VectorXi& leaves, const Eigen::MatrixXd& X, const Eigen::VectorXd& y) const {
        const Eigen::MatrixXd predictions = get::hard_predictions(spec_, leaves, fit, X);
        if (spec_.loss == get::LeafLoss::SquaredError) return regression_report(y, predictions.col(0)).r2;
        Eigen::Index hits = 0;
        for (Eigen::Index i = 0; i < leaves.size(); ++i) {
            Eigen::Index predicted = 0;
            predictions.row(i).maxCoeff(&predicted);  // the lowest class on ties, as TreeModel::predict
            hits += static_cast<double>(predicted) == y(i);
        }
        return static_cast<double>(hits) / static_cast<double>(leaves.size());
    }

    const Settings& s_;
    const Spec& spec_;
    get::UnitScaling scaling_;
    Eigen::MatrixXd inputs_, targets_;
    Eigen::VectorXd train_y_;
    Eigen::MatrixXd valid_inputs_, valid_targets_;
    Eigen::VectorXd valid_y_;
    bool select_on_valid_ = false;
    get::TrainingRows rows_;
    get::SoftObjective objective_;
    std::uint32_t seed_;
    Eigen::VectorXd cart_;
    std::vector<Eigen::VectorXd> warm_starts_;
    std::vector<double> alphas_;
    double alpha_ = 1.0;
    Eigen::VectorXd stage_best_;
    double stage_best_objective_ = std::numeric_limits<double>::infinity();
    HardEvaluation hard_;
    Eigen::VectorXd objective_parameters_;  // where the soft objective was last computed
    Eigen::VectorXi objective_leaves_;      // and the hard leaves it routed there
    get::LeafRefit refit_;
};

// One GET fit (004 Alg. 1) of `run`; snapshots of the live tree only for the whole tree's run.
TrainingOutcome fit(const Settings& settings, GetRun& run, const TrainInput& input, const Progress& progress, bool snapshots) {
    GradientProblem problem;
    problem.inputs = &run.inputs();
    problem.targets = &run.targets();
    problem.groups = {{"all", 0, settings.spec.parameters(), settings.training.learning_rate, settings.weight_decay}};
    problem.initial_parameters = [&](int start) { return run.initial_parameters(start); };
    problem.on_epoch_start = [&](const StepContext& context, Eigen::VectorXd& parameters) {
        return run.begin_epoch(context.epoch, parameters);
    };
    problem.batch_loss = [&](const Eigen::VectorXd& parameters, const Batch&, const StepContext&, Eigen::VectorXd& gradient) {
        return run.objective(parameters, gradient);
    };
    problem.selection_loss = [&](const Eigen::VectorXd& parameters) { return run.selection_loss(parameters); };
    if (run.has_validation())
        problem.validation_loss = [&](const Eigen::VectorXd& parameters) { return run.validation_loss(parameters); };
    problem.metric = settings.spec.loss == get::LeafLoss::SquaredError ? "r2" : "accuracy";
    problem.metrics = [&](const Eigen::VectorXd& parameters) { return run.metrics(parameters); };
    if (snapshots) {
        problem.snapshot = [&](const Eigen::VectorXd& parameters) { return get::export_tree(run.rows(), parameters, input.train); };
        problem.snapshot_every = 100;
    }
    problem.schedule_name = "scale factor α";
    problem.schedule_value = [&] { return run.alpha(); };
    problem.evaluate_before_step = true;  // the code's CalMSEonEpochEnd callback (GET/GET_IterAlp.py)
    TrainingSettings training = settings.training;
    training.seed = input.seed;
    TrainingOutcome outcome = train_minibatch(problem, training, progress);
    Eigen::VectorXd chosen = run.with_cart_fallback(outcome.best_parameters);
    if (chosen.size() != outcome.best_parameters.size() || chosen != outcome.best_parameters)
        outcome.best_epoch = 0;  // CART's tree, not a trained epoch's
    outcome.best_parameters = std::move(chosen);
    return outcome;
}

// Thrown by a subtree fit when the user stopped the run during polish.
struct PolishCancelled {};

// 004 Alg. 2 on the whole tree's best parameters. Subtree fits report nothing of their own; so
// that a stop is honoured during polish, the user's progress sees the last epoch's report again
// as a heartbeat every kHeartbeat, and a stop returns the tree as the whole fit left it.
Eigen::VectorXd polish(const Settings& settings, GetRun& run, const TrainInput& input, const get::UnitScaling& scaling,
                       Eigen::VectorXd parameters, const EpochReport& last, const Progress& progress) {
    using Clock = std::chrono::steady_clock;
    constexpr std::chrono::milliseconds kHeartbeat{100};
    Clock::time_point beat = Clock::now();
    const Progress sub_progress = [&](const EpochReport&) {
        if (!progress || Clock::now() - beat < kHeartbeat) return true;
        beat = Clock::now();
        EpochReport heartbeat = last;
        heartbeat.heartbeat = true;
        heartbeat.snapshot = nullptr;
        if (!progress(heartbeat)) throw PolishCancelled{};
        return true;
    };
    int fits = 0;
    const get::SubtreeFit fit_subtree = [&](const get::Spec& sub, const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& warm) {
        Settings sub_settings = settings;
        sub_settings.spec = sub;
        const Dataset subset = input.train.subset(rows);
        const TrainInput sub_input{subset, nullptr, input.params, input.seed + static_cast<std::uint32_t>(++fits)};
        GetRun sub_run(sub_settings, sub_input, scaling, &warm);
        return fit(sub_settings, sub_run, sub_input, sub_progress, false).best_parameters;
    };
    try {
        return get::polish_subtrees(settings.spec, parameters, run.inputs(), run.targets(), fit_subtree);
    } catch (const PolishCancelled&) {
        return parameters;
    }
}

// GET at the settings' depth.
TrainResult train_at_depth(const Settings& settings, const TrainInput& input, const Progress& progress) {
    settings.spec.validate();
    const get::UnitScaling scaling = get::UnitScaling::fit(input.train);
    GetRun run(settings, input, scaling);
    EpochReport last{};
    // Without a progress the loop skips snapshots; a wrapper only when there is one to wrap.
    const Progress recording = !progress ? Progress() : Progress([&](const EpochReport& report) {
        if (!report.heartbeat) last = report;
        return progress(report);
    });
    TrainingOutcome outcome = fit(settings, run, input, recording, true);
    if (settings.polish && !outcome.cancelled)
        outcome.best_parameters = polish(settings, run, input, scaling, outcome.best_parameters, last, progress);
    return training_result(std::move(outcome), "GET", "try a smaller learning rate or smaller scale factors",
                           [&](const Eigen::VectorXd& parameters) { return get::export_tree(run.rows(), parameters, input.train); });
}

}  // namespace

TrainResult train_get(const TrainInput& input, const Progress& progress) {
    Settings settings = get::resolve_settings(input.params, input.train);
    if (settings.spec.depth == get::kAutoDepth) {
        Settings search = settings;
        search.polish = false;  // polish only the returned tree
        search.training.restarts = std::min(search.training.restarts, get::kSearchStarts - 1);
        const DepthChoice choice = choose_depth(
            input,
            [&](int depth, const TrainInput& rows, const Progress& heartbeats) {  // depths fit at once: a copy each
                Settings at_depth = search;
                at_depth.spec.depth = depth;
                return train_at_depth(at_depth, rows, heartbeats);
            },
            get::depth_search(), progress);
        if (choice.cancelled) return choice.best_so_far;
        settings.spec.depth = choice.depth;
    }
    return train_at_depth(settings, input, progress);
}

}  // namespace treelab
