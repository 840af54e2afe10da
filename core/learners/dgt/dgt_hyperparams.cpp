// The DGT hyperparameter table (conventions §4) and its resolution against a training set.
// Defaults follow the authors' run.sh and 003 Table 11 (reference_implementations.md §3.3): height
// 6, Table 12's over-parameterisation, the ScaleBinarizer, L1 on the predicate layer, RMSprop at
// 1e-2 with batches of 128 for 200 epochs.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/learners/dgt/dgt_learner.h"
#include "core/learners/dgt/dgt_settings.h"
#include "core/learners/dgt/hidden_widths.h"
#include "core/training/training_params.h"

namespace treelab {

std::span<const ParamSpec> dgt_params() {
    static const std::vector<ParamSpec> specs = [] {
        std::vector<ParamSpec> rows = {
            {"height", "Height",
             "Height h of the complete oblique tree (2^h leaves). auto = as 003 §5 tunes it (h in 2, 4, 6, 8, 10): "
             "heights 2, 4, 6, 8 fitted in turn and scored on the validation rows (without any, on a third of the training "
             "rows, then refitted on all), stopping at the first that is not better; 6, the default, is run.sh's (auto "
             "scored below it on iris and no better on glass and housevotes84, whose validation rows are few).",
             ParamType::Choice, 1, 10, 6LL, {"auto"}},
            {"hidden", "Hidden widths",
             "Over-parameterisation (003 §3.2): linear layers without activations before the node layer, folded into "
             "one oblique split per node in the returned tree. auto = 003 Table 12, two layers of 240, 600, 1008, "
             "1530, 2046 units at heights 2, 4, 6, 8, 10 (an odd height takes the next even one's); none = one linear "
             "layer (L = 1); or widths, e.g. 1008,1008.",
             ParamType::Text, 0, 0, std::string("auto"), {"auto", "none"}},
            {"quantiser", "Quantiser",
             "Hard node decisions with a straight-through gradient where |z| ≤ 1 (003 §4 (a)): scale = the code's "
             "ScaleBinarizer (run.sh), ±fac with fac the mean |z| of the batch's node outputs; sign = 003 "
             "Algorithm 2 as written, ±1.",
             ParamType::Choice, 0, 0, std::string("scale"), {"scale", "sign"}},
            {"l1", "L1 on predicates",
             "λ of the L1 penalty λ·Σ|θ| over every weight and bias of the predicate layers, added to the mean loss "
             "(003 eq. 1; run.sh tunes 1e-5, 5e-6, 1e-6); auto = 1e-5 with hidden layers, 0 without (003 Table 11).",
             ParamType::Choice, 0, 1, std::string("auto"), {"auto"}, true, true},
            {"leaves", "Leaves",
             "What the returned tree's leaves predict: network = the trained OR layer (the code's dt: class logits, or "
             "the value); refit = the training rows reaching each leaf (the code's cdt: class frequencies, or the mean "
             "target); auto = whichever scores better on the validation rows.",
             ParamType::Choice, 0, 0, std::string("auto"), {"auto", "network", "refit"}},
        };
        TrainingDefaults training;
        training.epochs = 200;         // run.sh
        training.batch_size = 128;     // 003 Table 11
        training.learning_rate = 0.01; // 003 Table 11
        for (ParamSpec& row : training_param_specs(training)) rows.push_back(std::move(row));
        rows.push_back({"momentum", "Momentum", "RMSprop's momentum (003 Table 11 tunes 0 and 0.3, and 0.8 for classification).",
                        ParamType::Real, 0, 0.99, 0.0, {}});
        rows[0].accepts_number = true;
        rows[1].parse_text = dgt::canonical_hidden;
        return rows;
    }();
    return specs;
}

namespace dgt {
namespace {

constexpr double kDefaultL1 = 1e-5;

LeafChoice leaf_choice(const std::string& text) {
    if (text == "network") return LeafChoice::Network;
    if (text == "refit") return LeafChoice::Refit;
    return LeafChoice::Auto;
}

}  // namespace

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

int chosen_height(const ParamValues& params) {
    if (!params.is_number("height")) return kAutoHeight;
    const double height = params.real("height");
    if (height != std::floor(height)) throw ParamError("height must be auto or a whole number, not " + params.text("height"));
    return static_cast<int>(height);
}

Settings resolve_settings(const ParamValues& params, const Dataset& train, int height) {
    Settings s;
    const bool classification = train.task == Task::Classification;
    s.spec.height = height;
    s.spec.inputs = train.features();
    s.spec.classification = classification;
    s.spec.outputs = classification ? std::max(train.classes(), 1) : 1;
    s.spec.hidden = hidden_widths(params.text("hidden"), s.spec.height);
    s.spec.quantiser = params.text("quantiser") == "sign" ? Quantiser::Sign : Quantiser::Scale;
    s.l1 = params.is_number("l1") ? params.real("l1") : s.spec.hidden.empty() ? 0.0 : kDefaultL1;
    s.leaves = leaf_choice(params.text("leaves"));

    read_training_params(params, s.training);
    s.training.patience = 0;  // the code trains every epoch and keeps the best by validation (--ulm f)
    s.training.clip_norm = kClipNorm;
    s.training.optimizer.kind = "rmsprop";
    s.training.optimizer.epsilon = kRmsPropEpsilon;
    s.training.optimizer.momentum = params.real("momentum");
    s.training.schedule = cosine_schedule(s.training.max_epochs, train.rows(), s.training.batch_size, s.training.learning_rate);
    if (!classification && train.rows() > 0) s.target = MinMaxScale::fit(train.y);
    return s;
}

}  // namespace dgt
}  // namespace treelab
