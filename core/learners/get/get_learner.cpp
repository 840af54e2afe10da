// GET training (004 Algorithm 1 with the authors' code's choices,
// maoqiangqiang/GET GET/GET_IterAlp.py): for each start, the scale-factor stages in order, each a fresh AdamW with
// warm-up + cosine on the soft objective (full batch as the paper, or minibatches on large data,
// get_settings.h); after every epoch the hard tree with refitted leaves is scored on the training
// rows (before the epoch's last step) and the best kept; starts run in parallel; the best start by that score wins, and CART of
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
#include <memory>
#include <random>

#include "core/data/splits.h"
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

// What every start of one fit reads and none writes: the data on the unit scale and the warm
// starts. A subtree fit of the polish passes the whole tree's scaling, so its parameters splice
// into the tree as they are, and the subtree to polish as `warm_start`.
struct GetData {
    GetData(const Settings& settings, const TrainInput& input, const get::UnitScaling& unit_scaling, const Eigen::VectorXd* warm_start)
        : s(settings),
          spec(settings.spec),
          scaling(unit_scaling),
          inputs(scaling.inputs(input.train.X)),
          targets(training_targets(spec, scaling, input.train)),
          train_y(scored_target(input.train)),
          rows{spec, scaling, inputs, targets},
          seed(input.seed),
          cart(get::cart_parameters(spec, get::grow_depth_limited_cart(spec, input.train), scaling)) {
        if (warm_start) warm_starts.push_back(*warm_start);  // 004 Alg. 2 line 7
        warm_starts.push_back(cart);
        if (input.valid && input.valid->rows() > 0) {
            valid_inputs = scaling.inputs(input.valid->X);
            valid_y = scored_target(*input.valid);
            valid_targets = training_targets(spec, scaling, *input.valid);
            select_on_valid = settings.select_on_validation;
        }
    }
    GetData(const GetData&) = delete;  // `rows` refers to the members

    // What the metrics compare the hard predictions with: the unit-scaled target (R² does not
    // change with the scale) or the class indices.
    Eigen::VectorXd scored_target(const Dataset& data) const {
        return spec.loss == get::LeafLoss::SquaredError ? scaling.target(data.y) : data.y;
    }
    bool has_validation() const { return valid_inputs.rows() > 0; }

    const Settings& s;
    const Spec& spec;
    get::UnitScaling scaling;
    Eigen::MatrixXd inputs, targets;
    Eigen::VectorXd train_y;
    Eigen::MatrixXd valid_inputs, valid_targets;
    Eigen::VectorXd valid_y;
    bool select_on_valid = false;
    get::TrainingRows rows;
    std::uint32_t seed;
    Eigen::VectorXd cart;
    std::vector<Eigen::VectorXd> warm_starts;
};

// One start's state: its scale factors, the stage in progress and the best hard tree of the
// stage (the next stage's warm start, 004 §4.1), the soft objective's buffers and the caches of
// the hard tree. Starts running in parallel each have their own.
class GetStart {
public:
    GetStart(const GetData& data, const get::FitPlan& plan)
        : d_(data), plan_(plan), objective_(data.spec, plan.training.batch_size, data.s.l1) {}

    double alpha() const { return alpha_; }  // the scale factor of the epoch in progress

    // Start 0 is CART (GET/warmStart.py), or the subtree to polish and then CART
    // (the code's RT_inner), the others random; each start draws its scale factors after its
    // initial parameters, from its own stream.
    Eigen::VectorXd initial_parameters(int start) {
        std::seed_seq seeds{d_.seed, static_cast<std::uint32_t>(start)};
        std::mt19937 random(seeds);
        const auto warm = static_cast<std::size_t>(start);
        Eigen::VectorXd parameters = warm < d_.warm_starts.size() ? d_.warm_starts[warm] : get::random_parameters(d_.spec, random);
        alphas_ = get::draw_scale_factors(d_.s.schedule, random);
        return parameters;
    }

    // Before each epoch: at the first, stage 1's α; at a stage's end (its epochs run, or
    // plan.plateau_epochs without a better hard training objective), the next stage's α, the
    // stage's best hard tree as the starting point and a fresh optimizer and schedule.
    std::optional<ScheduleSettings> begin_epoch(int epoch, Eigen::VectorXd& parameters) {
        if (epoch == 1) {
            stage_ = 0;
            begin_stage(epoch);
            return std::nullopt;
        }
        if (!stage_over(epoch) || stage_ + 1 >= plan_.stage_epochs.size()) return std::nullopt;
        ++stage_;
        if (stage_best_.size() > 0) {
            parameters = stage_best_;
            get::set_leaf_parameters(d_.spec, evaluate(stage_best_).fit, parameters);
        }
        begin_stage(epoch);
        return get::stage_schedule(plan_.stage_epochs[stage_] * plan_.steps_per_epoch, d_.s.training.learning_rate);
    }

    // After an epoch's report: the start ends when its last stage is over.
    bool finished(int epoch) const { return stage_ + 1 >= plan_.stage_epochs.size() && stage_over(epoch + 1); }

    // The soft objective and its gradient (004 eq. 3-4) on the batch; a full batch's pass also
    // routes the rows of the hard tree of these parameters, which the loop scores next (it
    // evaluates before the step, as the code does).
    double objective(const Eigen::VectorXd& parameters, const Batch& batch, Eigen::VectorXd& gradient) {
        const bool whole = static_cast<Eigen::Index>(batch.rows.size()) == d_.inputs.rows();
        const double value = objective_(alpha_, parameters, batch.inputs, batch.targets, &gradient, whole ? &objective_leaves_ : nullptr);
        if (whole) objective_parameters_ = parameters;
        return value;
    }

    // What the loop keeps the best of: the hard tree's training objective, or its validation
    // objective (see the top); also keeps the stage's best tree by the training objective and
    // counts the epochs since it last fell.
    double selection_loss(const Eigen::VectorXd& parameters) {
        const HardEvaluation& hard = evaluate(parameters);
        stale_epochs_ = hard.objective < stage_best_objective_ ? 0 : stale_epochs_ + 1;
        if (hard.objective <= stage_best_objective_) {
            stage_best_objective_ = hard.objective;
            stage_best_ = parameters;
        }
        return selected(hard);
    }

    // The hard tree's objective on the validation rows (the mean log-loss or squared error of
    // 004 Algorithm 1 line 14 on rows it was not fitted on): the validation loss each epoch reports.
    double validation_loss(const Eigen::VectorXd& parameters) { return evaluate(parameters).valid_objective; }

    // R² (regression) or accuracy of the hard tree on the training and validation rows.
    std::pair<double, double> metrics(const Eigen::VectorXd& parameters) {
        const HardEvaluation& hard = evaluate(parameters);
        const double train = score(hard.fit, hard.leaves, d_.inputs, d_.train_y);
        const double valid = d_.has_validation() ? score(hard.fit, hard.valid_leaves, d_.valid_inputs, d_.valid_y)
                                                 : std::numeric_limits<double>::quiet_NaN();
        return {train, valid};
    }

    double selected(const HardEvaluation& hard) const { return d_.select_on_valid ? hard.valid_objective : hard.objective; }

    const HardEvaluation& evaluate(const Eigen::VectorXd& parameters) {
        if (hard_.parameters.size() == parameters.size() && hard_.parameters == parameters) return hard_;
        hard_.parameters = parameters;
        const bool routed = objective_parameters_.size() == parameters.size() && objective_parameters_ == parameters;
        hard_.leaves = routed ? objective_leaves_ : get::hard_leaves(d_.spec, parameters, d_.inputs);
        hard_.fit = refit_(d_.spec, hard_.leaves, d_.inputs, d_.targets);
        hard_.objective = get::hard_objective(d_.spec, hard_.leaves, hard_.fit, d_.inputs, d_.targets);
        if (d_.has_validation()) {
            hard_.valid_leaves = get::hard_leaves(d_.spec, parameters, d_.valid_inputs);
            hard_.valid_objective = get::hard_objective(d_.spec, hard_.valid_leaves, hard_.fit, d_.valid_inputs, d_.valid_targets);
        }
        return hard_;
    }

private:
    void begin_stage(int epoch) {
        stage_first_ = epoch;
        alpha_ = alphas_[stage_];
        stage_best_.resize(0);
        stage_best_objective_ = std::numeric_limits<double>::infinity();
        stale_epochs_ = 0;
    }

    // Whether the stage in progress is over before `epoch`.
    bool stage_over(int epoch) const {
        return epoch - stage_first_ >= plan_.stage_epochs[stage_] || (plan_.plateau_epochs > 0 && stale_epochs_ >= plan_.plateau_epochs);
    }

    double score(const get::LeafFit& fit, const Eigen::VectorXi& leaves, const Eigen::MatrixXd& X, const Eigen::VectorXd& y) const {
        const Eigen::MatrixXd predictions = get::hard_predictions(d_.spec, leaves, fit, X);
        if (d_.spec.loss == get::LeafLoss::SquaredError) return regression_report(y, predictions.col(0)).r2;
        Eigen::Index hits = 0;
        for (Eigen::Index i = 0; i < leaves.size(); ++i) {
            Eigen::Index predicted = 0;
            predictions.row(i).maxCoeff(&predicted);  // the lowest class on ties, as TreeModel::predict
            hits += static_cast<double>(predicted) == y(i);
        }
        return static_cast<double>(hits) / static_cast<double>(leaves.size());
    }

    const GetData& d_;
    const get::FitPlan& plan_;
    get::SoftObjective objective_;
    std::vector<double> alphas_;
    double alpha_ = 1.0;
    std::size_t stage_ = 0;
    int stage_first_ = 1;   // the stage's first epoch
    int stale_epochs_ = 0;  // epochs since the stage's best hard training objective last fell
    Eigen::VectorXd stage_best_;
    double stage_best_objective_ = std::numeric_limits<double>::infinity();
    HardEvaluation hard_;
    Eigen::VectorXd objective_parameters_;  // where the soft objective was last computed on every row
    Eigen::VectorXi objective_leaves_;      // and the hard leaves it routed there
    get::LeafRefit refit_;
};

// The loop's callbacks on one start's state (shared by the callbacks, so the problem may be copied).
GradientProblem start_problem(const GetData& data, const std::shared_ptr<GetStart>& run, const TrainInput& input, bool snapshots) {
    GradientProblem problem;
    problem.inputs = &data.inputs;
    problem.targets = &data.targets;
    problem.groups = {{"all", 0, data.spec.parameters(), data.s.training.learning_rate, data.s.weight_decay}};
    problem.initial_parameters = [run](int start) { return run->initial_parameters(start); };
    problem.on_epoch_start = [run](const StepContext& context, Eigen::VectorXd& parameters) {
        return run->begin_epoch(context.epoch, parameters);
    };
    problem.start_finished = [run](const StepContext& context) { return run->finished(context.epoch); };
    problem.batch_loss = [run](const Eigen::VectorXd& parameters, const Batch& batch, const StepContext&, Eigen::VectorXd& gradient) {
        return run->objective(parameters, batch, gradient);
    };
    problem.selection_loss = [run](const Eigen::VectorXd& parameters) { return run->selection_loss(parameters); };
    if (data.has_validation())
        problem.validation_loss = [run](const Eigen::VectorXd& parameters) { return run->validation_loss(parameters); };
    problem.metric = data.spec.loss == get::LeafLoss::SquaredError ? "r2" : "accuracy";
    problem.metrics = [run](const Eigen::VectorXd& parameters) { return run->metrics(parameters); };
    if (snapshots) {
        problem.snapshot = [&data, &input](const Eigen::VectorXd& parameters) { return get::export_tree(data.rows, parameters, input.train); };
        problem.snapshot_every = 100;
    }
    problem.schedule_name = "scale factor α";
    problem.schedule_value = [run] { return run->alpha(); };
    problem.evaluate_before_step = true;  // the code's CalMSEonEpochEnd callback (GET/GET_IterAlp.py)
    return problem;
}

// One GET fit (004 Alg. 1) on `data`, its starts in parallel, each on its own state; snapshots of
// the live tree only for the whole tree's run. The returned parameters: the best start's, or
// CART's when no start beats it on the selection objective, the hard training objective as the
// code has it (GET/GET_IterAlp.py substitutes the CART tree) or the validation objective (see the top).
TrainingOutcome fit(const Settings& settings, const GetData& data, const TrainInput& input, const Progress& progress, bool snapshots) {
    const get::FitPlan plan = get::plan_fit(settings, data.inputs.rows());
    GradientProblem problem = start_problem(data, std::make_shared<GetStart>(data, plan), input, snapshots);
    problem.start_problem = [&](int) { return start_problem(data, std::make_shared<GetStart>(data, plan), input, snapshots); };
    TrainingSettings training = plan.training;
    training.seed = input.seed;
    TrainingOutcome outcome = train_minibatch(problem, training, progress);
    GetStart judge(data, plan);
    const double cart_objective = judge.selected(judge.evaluate(data.cart));
    const bool cart_wins = !(judge.selected(judge.evaluate(outcome.best_parameters)) < cart_objective);
    if (cart_wins && (outcome.best_parameters.size() != data.cart.size() || outcome.best_parameters != data.cart)) {
        outcome.best_parameters = data.cart;
        outcome.best_epoch = 0;  // CART's tree, not a trained epoch's
    }
    return outcome;
}

// Thrown by a subtree fit when the user stopped the run during polish.
struct PolishCancelled {};

// 004 Alg. 2 on the whole tree's best parameters. Subtree fits report nothing of their own; so
// that a stop is honoured during polish, the user's progress sees the last epoch's report again
// as a heartbeat every kHeartbeat, and a stop returns the tree as the whole fit left it.
Eigen::VectorXd polish(const Settings& settings, const GetData& data, const TrainInput& input, const get::UnitScaling& scaling,
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
        const GetData sub_data(sub_settings, sub_input, scaling, &warm);
        return fit(sub_settings, sub_data, sub_input, sub_progress, false).best_parameters;
    };
    try {
        return get::polish_subtrees(settings.spec, parameters, data.inputs, data.targets, fit_subtree);
    } catch (const PolishCancelled&) {
        return parameters;
    }
}

// GET at the settings' depth.
TrainResult train_at_depth(const Settings& settings, const TrainInput& input, const Progress& progress) {
    settings.spec.validate();
    const get::UnitScaling scaling = get::UnitScaling::fit(input.train);
    const GetData data(settings, input, scaling, nullptr);
    EpochReport last{};
    // Without a progress the loop skips snapshots; a wrapper only when there is one to wrap.
    const Progress recording = !progress ? Progress() : Progress([&](const EpochReport& report) {
        if (!report.heartbeat) last = report;
        return progress(report);
    });
    TrainingOutcome outcome = fit(settings, data, input, recording, true);
    if (settings.polish && !outcome.cancelled)
        outcome.best_parameters = polish(settings, data, input, scaling, outcome.best_parameters, last, progress);
    return training_result(std::move(outcome), "GET", "try a smaller learning rate or smaller scale factors",
                           [&](const Eigen::VectorXd& parameters) { return get::export_tree(data.rows, parameters, input.train); });
}

// At most `most` of the rows (kAllRows: none, i.e. use them all), drawn stratified by class with
// the seed; an empty set when the rows are few enough already.
Dataset search_sample(const Dataset& rows, Eigen::Index most, std::uint32_t seed) {
    if (most == get::kAllRows || rows.rows() <= most) return Dataset{};
    const double share = static_cast<double>(most) / static_cast<double>(rows.rows());
    const Eigen::VectorXd labels = rows.task == Task::Classification ? rows.y : Eigen::VectorXd::Zero(rows.rows());
    return rows.subset(make_split(labels, SplitFractions{share, 1.0 - share, 0.0}, SplitMode::Stratified, seed).train);
}

}  // namespace

TrainResult train_get(const TrainInput& input, const Progress& progress) {
    Settings settings = get::resolve_settings(input.params, input.train);
    if (settings.spec.depth == get::kAutoDepth) {
        Settings search = settings;
        search.polish = false;  // polish only the returned tree
        const DepthChoice choice = choose_depth(
            input,
            [&](int depth, const TrainInput& rows, const Progress& heartbeats) {
                Settings at_depth = search;  // one per fit: the search may fit depths in parallel
                at_depth.spec.depth = depth;
                const Dataset sample = search_sample(rows.train, search.search_rows, rows.seed);
                const TrainInput fitted{sample.rows() > 0 ? sample : rows.train, rows.valid, rows.params, rows.seed};
                // the refit's starts up to 3: depths compared on fewer starts are compared on noise
                const int starts = search.starts == get::kAutoStarts ? get::auto_starts(fitted.train.rows()) : search.starts;
                at_depth.starts = std::min(starts, get::kSearchStarts);
                if (search.search_rows != get::kAllRows)
                    for (get::ScaleStage& stage : at_depth.schedule) stage.epochs = std::max(1, stage.epochs / get::kSearchEpochShare);
                return train_at_depth(at_depth, fitted, heartbeats);
            },
            get::depth_search(), progress);
        if (choice.cancelled) return choice.best_so_far;
        settings.spec.depth = choice.depth;
    }
    return train_at_depth(settings, input, progress);
}

}  // namespace treelab
