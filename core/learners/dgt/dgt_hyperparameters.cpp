// The DGT hyperparameter table and its resolution against a training set.
// Supervised defaults follow the authors' run.sh and 003 Table 11 (microsoft/DGT
// src/run.sh): height 6, Table 12's over-parameterisation, the ScaleBinarizer, L1 on the predicate
// layer, RMSprop at 1e-2 (momentum 0.3, run.sh's 0 in the paper preset) with batches of 128, float32 storage (double in the paper preset); the epochs sized to the data (dgt_settings.h: run.sh's
// 200 on the small shipped sets of several batches, 400 where the rows fit in one batch, fewer on
// large sets, whose epochs are many steps), the paper preset keeping run.sh's 200 epochs. Bandit
// feedback (DGT-Bandit, 003 Algorithm 1) takes 003 App. C.3.2's settings where a row says auto:
// L = 1, λ = 0, RMSprop at 1e-3 with momentum 0, no clipping and no schedule, γ = 0.3 and δ = 0.5.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/learners/dgt/dgt_learner.h"
#include "core/learners/dgt/dgt_settings.h"
#include "core/learners/dgt/hidden_widths.h"
#include "core/training/training_params.h"

namespace treelab {

std::span<const ParamSpec> dgt_hyperparameter_table() {
    static const std::vector<ParamSpec> specs = [] {
        std::vector<ParamSpec> rows = {
            {.name = "height", .label = "Height",
             .help = "Height h of the complete oblique tree (2^h leaves). auto = as 003 §5 tunes it (h in 2, 4, 6, 8, 10): "
                     "heights 2, 4, 6, 8 fitted in turn and scored on the validation rows (without any, on a third of the training "
                     "rows, then refitted on all), stopping at the first that is not better; 6, the default, is run.sh's.",
             .type = ParamType::Choice, .min = 1, .max = 10, .default_value = 6LL, .choices = {"auto"},
             .accepts_number = true},
            {.name = "feedback", .label = "Feedback",
             .help = "What the learner is told about each training row (003 §2): supervised = its label and the loss "
                     "(mini-batches, epochs); bandit = only the loss of its own prediction, queried once (twice for "
                     "estimator=two_point) from a simulated oracle that keeps the labels (DGT-Bandit, 003 Algorithm 1: "
                     "rounds of rows_per_round rows, the tree of the last round returned).",
             .type = ParamType::Choice, .default_value = std::string("supervised"),
             .choices = {"supervised", "bandit"}},
            {.name = "hidden", .label = "Hidden widths",
             .help = "Over-parameterisation (003 §3.2): linear layers without activations before the node layer, folded into "
                     "one oblique split per node in the returned tree. auto = 003 Table 12, two layers of 240, 600, 1008, "
                     "1530, 2046 units at heights 2, 4, 6, 8, 10 (an odd height takes the next even one's), and none under "
                     "bandit feedback (003 App. C.3.2: L = 1); none = one linear layer (L = 1); or widths, e.g. 1008,1008.",
             .type = ParamType::Text, .default_value = std::string("auto"), .choices = {"auto", "none"},
             .parse_text = dgt::canonical_hidden},
            {.name = "quantiser", .label = "Quantiser",
             .help = "Hard node decisions with a straight-through gradient where |z| ≤ 1 (003 §4 (a)): scale = the code's "
                     "ScaleBinarizer (run.sh), ±fac with fac the mean |z| of the batch's node outputs; sign = 003 "
                     "Algorithm 2 as written, ±1.",
             .type = ParamType::Choice, .default_value = std::string("scale"), .choices = {"scale", "sign"}},
            {.name = "l1", .label = "L1 on predicates",
             .help = "λ of the L1 penalty λ·Σ|θ| over every weight and bias of the predicate layers, added to the mean loss "
                     "(003 eq. 1; run.sh tunes 1e-5, 5e-6, 1e-6); auto = 1e-5 with hidden layers, 0 without (003 Table 11) "
                     "and under bandit feedback (App. C.3.2).",
             .type = ParamType::Choice, .min = 0, .max = 1, .default_value = std::string("auto"), .choices = {"auto"},
             .accepts_number = true, .log_scale = true},
            {.name = "leaves", .label = "Leaves",
             .help = "What the returned tree's leaves predict: network = the trained OR layer (the code's dt: class logits, or "
                     "the value); refit = the training rows reaching each leaf (the code's cdt: class frequencies, or the mean "
                     "target; this reads the training labels, also under bandit feedback); auto = whichever scores better on "
                     "the validation rows, and network under bandit feedback.",
             .type = ParamType::Choice, .default_value = std::string("auto"), .choices = {"auto", "network", "refit"}},
        };
        rows.push_back({.name = "epochs", .label = "Epochs",
                        .help = "Supervised: most passes over the training rows. auto = sized to the data: 400 (the largest of "
                                "003 Table 11's 30–400) where the training rows fit in one batch, so that the fit takes at least "
                                "400 optimizer steps; otherwise enough epochs for 9,400 steps, at most run.sh's 200 and at "
                                "least 10 (letter's 12,000 rows: 100 epochs). The paper preset: 200.",
                        .type = ParamType::Choice, .min = 1, .max = 100000, .default_value = std::string("auto"),
                        .choices = {"auto"}, .accepts_number = true});
        TrainingDefaults training;
        training.batch_size = 128;     // 003 Table 11
        training.batch_size_help = "Supervised: rows per optimizer step (bandit feedback steps on rows_per_round rows).";
        for (ParamSpec& row : training_param_specs(training)) rows.push_back(std::move(row));
        rows.push_back({.name = "learning_rate", .label = "Learning rate",
                        .help = "RMSprop's rate; auto = 1e-2 supervised (003 Table 11, cosine annealing with warm restarts), 1e-3 "
                                "constant under bandit feedback (App. C.3.2).",
                        .type = ParamType::Choice, .min = 1e-12, .max = 10, .default_value = std::string("auto"),
                        .choices = {"auto"}, .accepts_number = true, .log_scale = true});
        rows.push_back({.name = "momentum", .label = "Momentum",
                        .help = "RMSprop's momentum (003 Table 11 tunes 0, 0.3 and 0.8); auto = 0.3 supervised (TreeLab's "
                                "default: on letter as accurate after 100 epochs as momentum 0 after 200; the paper preset: "
                                "run.sh's 0), 0 under bandit feedback (App. C.3.2).",
                        .type = ParamType::Choice, .min = 0, .max = 0.99, .default_value = std::string("auto"),
                        .choices = {"auto"}, .accepts_number = true});
        rows.push_back({.name = "precision", .label = "Precision",
                        .help = "How the network's parameters, their gradient and RMSprop's state are stored: float32 (the "
                                "default), as the authors' code trains them (PyTorch's default), with the chain's products in "
                                "float32 and sums over the parameters in double: half the memory a step reads and writes, a "
                                "letter fit in about half the time; or double (64-bit), the paper preset's, as TreeLab's "
                                "reproductions of 003 ran.",
                        .type = ParamType::Choice, .default_value = std::string("float32"), .choices = {"float32", "double"}});
        rows.push_back({.name = "exploration", .label = "Exploration γ",
                        .help = "Bandit classification: the probability of playing a uniformly drawn class instead of the "
                                "predicted one, p(k) = (1 − γ)·1[k = argmax] + γ/K (003 eq. 7; 0.3 in App. C.3.2).",
                        .type = ParamType::Real, .min = 0, .max = 1, .default_value = 0.3});
        rows.push_back({.name = "estimator", .label = "Estimator",
                        .help = "Bandit regression: the derivative of the loss at the prediction ŷ from loss queries: one_point "
                                "= ℓ(ŷ + δu)·u/δ with u = ±1 drawn per row, one query (003 eq. 9, Fig. 3); two_point = "
                                "(ℓ(ŷ + δ) − ℓ(ŷ − δ))/(2δ), two queries (eq. 10, Table 6). ℓ = the squared error on the "
                                "target scaled to [0, 1].",
                        .type = ParamType::Choice, .default_value = std::string("one_point"),
                        .choices = {"one_point", "two_point"}});
        rows.push_back({.name = "perturbation", .label = "Perturbation δ",
                        .help = "Bandit regression: δ of both estimators (003 eqs. 9–10; 0.5 in App. C.3.2), in units of the "
                                "target scaled to [0, 1].",
                        .type = ParamType::Real, .min = 1e-6, .max = 10, .default_value = 0.5, .log_scale = true});
        rows.push_back({.name = "passes", .label = "Passes",
                        .help = "Bandit: the budget, in passes over the training rows (each pass in a new shuffled order): "
                                "rounds = passes × rows / rows_per_round, rounded up.",
                        .type = ParamType::Real, .min = 1e-3, .max = 1e4, .default_value = 5.0});
        rows.push_back({.name = "rows_per_round", .label = "Rows per round",
                        .help = "Bandit: rows per round, one optimizer step on the mean of their estimated gradients; 4 = 003 "
                                "App. C.3.2's batches of one with gradients accumulated over four steps (the tree does not "
                                "change within those four rows, so they are one round).",
                        .type = ParamType::Integer, .min = 1, .max = 1e6, .default_value = 4LL});
        rows.push_back({.name = "evaluate_every", .label = "Evaluate every",
                        .help = "Bandit: rounds between evaluations, each a point of the training curve against loss queries; "
                                "auto = a hundredth of the rounds (rounded up).",
                        .type = ParamType::Choice, .min = 1, .max = 1e9, .default_value = std::string("auto"),
                        .choices = {"auto"}, .accepts_number = true});
        return rows;
    }();
    return specs;
}

namespace dgt {
namespace {

constexpr double kDefaultL1 = 1e-5;
constexpr long long kRunShEpochs = 200;  // run.sh
constexpr long long kMostEpochs = 400;   // 003 Table 11: 30-400 epochs, depending on the data set's size
constexpr long long kFewestEpochs = 10;  // epochs an auto count keeps on a set of more than a budget's rows
constexpr long long kLeastSteps = 400;   // optimizer steps an auto epoch count reaches within those
constexpr long long kStepBudget = 9400;  // optimizer steps of an auto epoch count on a set of many batches (the time budget)
constexpr double kSupervisedRate = 1e-2;  // 003 Table 11
constexpr double kSupervisedMomentum = 0.3;  // one of 003 Table 11's; run.sh's is 0 (the paper preset)
constexpr double kBanditRate = 1e-3;      // 003 App. C.3.2
constexpr long long kEvaluations = 100;   // points of a bandit run's curve when evaluate_every is auto

LeafChoice leaf_choice(const std::string& text, Feedback feedback) {
    if (text == "network") return LeafChoice::Network;
    if (text == "refit") return LeafChoice::Refit;
    // auto compares both on the validation rows, which needs their labels.
    return feedback == Feedback::Bandit ? LeafChoice::Network : LeafChoice::Auto;
}

// The code's optimizer in both settings (xhp.py): RMSprop, eps 1e-5, momentum as set (auto: 0.3
// supervised, App. C.3.2's 0 under bandit feedback).
OptimizerSettings rmsprop(const ParamValues& params, bool bandit) {
    OptimizerSettings optimizer;
    optimizer.kind = "rmsprop";
    optimizer.epsilon = kRmsPropEpsilon;
    optimizer.momentum = params.is_number("momentum") ? params.real("momentum") : bandit ? 0.0 : kSupervisedMomentum;
    return optimizer;
}

// DGT-Bandit's loop (003 App. C.3.2): no gradient clipping, no schedule.
OnlineSettings online_settings(const ParamValues& params, Eigen::Index rows, double learning_rate) {
    OnlineSettings online;
    online.rows_per_round = static_cast<int>(params.integer("rows_per_round"));
    online.rounds = static_cast<long long>(std::ceil(params.real("passes") * static_cast<double>(rows) / online.rows_per_round));
    online.evaluate_every = params.whole_number("evaluate_every").value_or(std::max(1LL, (online.rounds + kEvaluations - 1) / kEvaluations));
    online.optimizer = rmsprop(params, true);
    online.learning_rate = learning_rate;
    return online;
}

}  // namespace

int auto_epochs(Eigen::Index rows, int batch_size) {
    const long long steps_per_epoch = std::max<long long>(1, (rows + batch_size - 1) / batch_size);
    if (steps_per_epoch * kRunShEpochs < kLeastSteps) return static_cast<int>(kMostEpochs);  // one batch: 400 steps
    const long long epochs = (kStepBudget + steps_per_epoch - 1) / steps_per_epoch;
    return static_cast<int>(std::clamp(epochs, kFewestEpochs, kRunShEpochs));
}

ScheduleSettings cosine_schedule(int epochs, Eigen::Index rows, int batch_size, double learning_rate) {
    const long long steps_per_epoch = (rows + batch_size - 1) / batch_size;
    const long long total = static_cast<long long>(epochs) * steps_per_epoch / kScheduleEvery + 1;
    ScheduleSettings schedule;
    schedule.kind = "cosine_restarts";
    schedule.first_period = total / 4 + 2;
    schedule.min_rate = std::min(kMinRate, learning_rate);
    schedule.step_every = kScheduleEvery;
    return schedule;
}

DepthSearch height_search() { return DepthSearch{{2, 4, 6, 8}, 1, "height"}; }

int chosen_height(const ParamValues& params) { return static_cast<int>(params.whole_number("height").value_or(kAutoHeight)); }

Settings resolve_settings(const ParamValues& params, const Dataset& train, int height) {
    Settings s;
    const bool classification = train.task == Task::Classification;
    s.feedback = params.text("feedback") == "bandit" ? Feedback::Bandit : Feedback::Supervised;
    const bool bandit = s.feedback == Feedback::Bandit;
    s.spec.height = height;
    s.spec.inputs = train.features();
    s.spec.classification = classification;
    s.spec.outputs = classification ? std::max(train.classes(), 1) : 1;
    const std::string hidden = params.text("hidden");
    s.spec.hidden = bandit && hidden == "auto" ? std::vector<Eigen::Index>{} : hidden_widths(hidden, s.spec.height);
    s.spec.quantiser = params.text("quantiser") == "sign" ? Quantiser::Sign : Quantiser::Scale;
    s.float32 = params.text("precision") == "float32";
    s.l1 = params.is_number("l1") ? params.real("l1") : bandit || s.spec.hidden.empty() ? 0.0 : kDefaultL1;
    s.leaves = leaf_choice(params.text("leaves"), s.feedback);
    s.bandit.exploration = params.real("exploration");
    s.bandit.estimator = params.text("estimator") == "two_point" ? Estimator::TwoPoint : Estimator::OnePoint;
    s.bandit.perturbation = params.real("perturbation");
    const double rate = params.is_number("learning_rate") ? params.real("learning_rate") : bandit ? kBanditRate : kSupervisedRate;

    if (bandit) s.online = online_settings(params, train.rows(), rate);
    read_training_params(params, s.training);
    if (!params.whole_number("epochs")) s.training.max_epochs = auto_epochs(train.rows(), s.training.batch_size);
    s.training.learning_rate = rate;
    s.training.patience = 0;  // the code trains every epoch and keeps the best by validation (--ulm f)
    s.training.clip_norm = kClipNorm;
    s.training.optimizer = rmsprop(params, false);
    s.training.schedule = cosine_schedule(s.training.max_epochs, train.rows(), s.training.batch_size, s.training.learning_rate);
    if (!classification && train.rows() > 0) s.target = MinMaxScale::fit(train.y);
    return s;
}

}  // namespace dgt
}  // namespace treelab
