// The GET hyperparameter table and its resolution against a training set.
// Defaults are the paper's setting (004 App. D, App. F: N_start 10, N_epoch 3000 per scale
// factor, lr 0.01) at the code's default depth 4 (GET/main.py).
#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/learners/get/get_learner.h"
#include "core/learners/get/get_settings.h"
#include "core/learners/get/scale_schedule_form.h"
#include "core/training/training_params.h"

namespace treelab {

std::span<const ParamSpec> get_hyperparameter_table() {
    static const std::vector<ParamSpec> specs = [] {
        std::vector<ParamSpec> rows = {
            {.name = "depth", .label = "Depth",
             .help = "Depth D of the complete oblique tree (2^D leaves). auto = as the paper tunes it (004 App. F.1): depths "
                     "1, 2, ... fitted in turn and scored on the validation rows (without any, on a third of the training rows, "
                     "then refitted on all), stopping two depths after the best or at 8, with at most 3 starts per depth, then refitted "
                     "at the best depth with every start; 4 is the authors' code's default.",
             .type = ParamType::Choice, .min = 1, .max = get::kMaxDepth, .default_value = std::string("auto"),
             .choices = {"auto"}, .accepts_number = true},
            {.name = "schedule", .label = "Scale-factor schedule",
             .help = "Stages ALPHA:EPOCHS run in order, ALPHA fixed or U(LOW,HIGH) drawn per start, each stage warm-started "
                     "from the last one's best hard tree (004 §4.1): paper = U(5,25):3000,U(50,150):3000 (App. D), code = "
                     "U(5,25):3000,U(80,120):3000 (the authors' code).",
             .type = ParamType::Text, .default_value = std::string("paper"), .choices = get::scale_schedule_presets(),
             .parse_text = get::canonical_scale_schedule, .stages = get::scale_schedule_form()},
            {.name = "starts", .label = "Starts",
             .help = "Runs of the whole schedule: the first from CART of the same depth, the others from random splits; the "
                     "lowest training objective wins, CART if no start beats it (004 Alg. 1: N_start = 10).",
             .type = ParamType::Integer, .min = 1, .max = 1000, .default_value = 10LL},
            {.name = "leaf_model", .label = "Leaf model",
             .help = "What a leaf predicts: constant = GET (004 §2 (b)); linear = GET-Linear, k·x + h refitted every epoch by least "
                     "squares on the training rows reaching the leaf (004 §2 (a), App. C; minimum-norm when the rows do not "
                     "determine it); the paper runs it without polish (App. F.2). Regression only.",
             .type = ParamType::Choice, .default_value = std::string("constant"), .choices = {"constant", "linear"}},
        };
        TrainingDefaults training;
        training.learning_rate = 0.01;  // 004 App. D (4): 0.01 with warm-up and cosine decay
        for (ParamSpec& row : training_param_specs(training)) rows.push_back(std::move(row));
        rows.push_back({.name = "weight_decay", .label = "Weight decay",
                        .help = "AdamW's decoupled weight decay on every parameter; 0.01 is the code's (PyTorch's default).",
                        .type = ParamType::Real, .min = 0, .max = 10, .default_value = 0.01});
        rows.push_back({.name = "selection", .label = "Select by",
                        .help = "Which error picks the returned tree among every epoch's hard tree, every start and CART: validation = "
                                "its error on the validation rows when there are any (TreeLab's default: on small data the training "
                                "error keeps the trees that overfit), else the training error; training = always the training error, "
                                "as the paper and the authors' code (which use no validation rows).",
                        .type = ParamType::Choice, .default_value = std::string("validation"),
                        .choices = {"validation", "training"}});
        rows.push_back({.name = "l1", .label = "L1 on splits",
                        .help = "λ of 004 eq. 5: adds λ·Σ_t ‖a_t‖₁ over the split weights (on the inputs scaled to [0, 1]) to the mean "
                                "soft objective; the paper used 0 or 1e-5 for GET-Linear (App. F.4).",
                        .type = ParamType::Real, .min = 0, .max = 10, .default_value = 0.0});
        rows.push_back({.name = "polish", .label = "Subtree polish",
                        .help = "After the whole fit, refit every branch node's subtree on the rows reaching it, warm-started from the "
                                "current one, keeping it only when the training error falls (004 App. E Alg. 2; the paper polishes every "
                                "node, the code stops at depth 4); costs about depth × a whole fit.",
                        .type = ParamType::Boolean, .min = 0, .max = 1, .default_value = false});
        return rows;
    }();
    return specs;
}

namespace get {

ScheduleSettings stage_schedule(int epochs, double learning_rate) {
    ScheduleSettings schedule;
    schedule.kind = "warmup_cosine";
    schedule.min_rate = std::min(kMinRate, learning_rate);
    schedule.warmup_steps = std::min(kWarmupSteps, epochs - 1);
    schedule.total_steps = epochs;
    return schedule;
}

DepthSearch depth_search() {
    DepthSearch search;
    for (int depth = 1; depth <= kAutoMaxDepth; ++depth) search.depths.push_back(depth);
    return search;
}

Settings resolve_settings(const ParamValues& params, const Dataset& train) {
    Settings s;
    const bool classification = train.task == Task::Classification;
    s.spec.depth = kAutoDepth;
    if (params.is_number("depth")) {
        const double depth = params.real("depth");
        if (depth != std::floor(depth)) throw ParamError("depth must be auto or a whole number, not " + params.text("depth"));
        s.spec.depth = static_cast<int>(depth);
    }
    s.spec.inputs = static_cast<Eigen::Index>(train.features());
    s.spec.outputs = classification ? train.classes() : 1;
    s.spec.loss = classification ? LeafLoss::LogLoss : LeafLoss::SquaredError;
    s.schedule = parse_scale_schedule(params.text("schedule"));
    s.spec.leaf_model = params.text("leaf_model") == "linear" ? LeafModel::Linear : LeafModel::Constant;
    if (classification && s.spec.linear())
        throw ParamError("leaf_model=linear (GET-Linear) regresses the target inside each leaf; a classification target "
                         "needs leaf_model=constant");
    s.weight_decay = params.real("weight_decay");
    s.l1 = params.real("l1");
    s.polish = params.boolean("polish");
    s.select_on_validation = params.text("selection") == "validation";

    read_training_params(params, s.training);
    s.training.full_batch = true;  // 004 §4.3: every epoch is one step on the whole training set
    s.training.max_epochs = total_epochs(s.schedule);
    s.training.patience = 0;  // every stage runs all its epochs; the best hard tree is kept
    s.training.restarts = static_cast<int>(params.integer("starts")) - 1;
    s.training.optimizer.kind = "adamw";
    s.training.schedule = stage_schedule(s.schedule.front().epochs, s.training.learning_rate);
    return s;
}

}  // namespace get
}  // namespace treelab
