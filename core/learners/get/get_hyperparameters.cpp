// The GET hyperparameter table and its resolution against a training set.
// The paper's setting (004 App. D, App. F: N_start 10, N_epoch 3000 per scale factor, full batch,
// lr 0.01) is the "paper" preset; TreeLab's defaults size the batch, the starts and the depth
// search to the training rows and end stages on a plateau (get_settings.h).
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
                     "then refitted on all), stopping two depths after the best or at 8, with at most 3 starts per depth (see "
                     "search_rows), then refitted at the best depth with every start; 4 is the authors' code's default.",
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
                     "best by the selection error wins, CART if no start beats it. auto = 10 (004 Alg. 1: N_start = 10) up to "
                     "512 training rows, then 5,120 / rows rounded up, at least 2. Starts run in parallel.",
             .type = ParamType::Choice, .min = 1, .max = 1000, .default_value = std::string("auto"), .choices = {"auto"},
             .accepts_number = true},
            {.name = "batch_size", .label = "Batch size",
             .help = "Rows per optimizer step: full = every step on all the training rows (004 §4.3); auto = full up to 512 "
                     "training rows, else minibatches of 512 (a stage of E epochs in the schedule is then E steps, ⌈E / steps "
                     "per pass⌉ passes over the rows, each pass scoring the hard tree once); or a number of rows.",
             .type = ParamType::Choice, .min = 1, .max = 1e9, .default_value = std::string("auto"), .choices = {"auto", "full"},
             .accepts_number = true},
            {.name = "plateau", .label = "Stage plateau",
             .help = "A stage ends after this many optimizer steps without a better hard tree on the training rows (the next "
                     "stage starts from its best), and a start with its last stage; 0 = every stage runs all its epochs, as the "
                     "paper (App. D).",
             .type = ParamType::Integer, .min = 0, .max = 1000000, .default_value = 500LL},
            {.name = "search_rows", .label = "Depth-search rows",
             .help = "The fits of depth=auto's search use at most this many training rows, drawn with the seed (the validation "
                     "rows score them all; the refit at the chosen depth uses every training row): auto = 4,000; all = every "
                     "training row.",
             .type = ParamType::Choice, .min = 100, .max = 1e9, .default_value = std::string("auto"), .choices = {"auto", "all"},
             .accepts_number = true},
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
    s.training.batch_size = 1;  // batch_size is GET's own row (plan_fit)
    s.batch_rows = params.text("batch_size") == "full" ? kFullBatch
                   : params.is_number("batch_size")     ? static_cast<int>(*params.whole_number("batch_size"))
                                                        : kAutoBatch;
    s.starts = params.is_number("starts") ? static_cast<int>(*params.whole_number("starts")) : kAutoStarts;
    s.plateau_steps = static_cast<int>(params.integer("plateau"));
    s.search_rows = params.text("search_rows") == "all" ? kAllRows
                    : params.is_number("search_rows")   ? static_cast<Eigen::Index>(*params.whole_number("search_rows"))
                                                        : kSearchRows;
    s.training.patience = 0;  // the plateau ends stages and starts (get_learner.cpp); the best hard tree is kept
    s.training.optimizer.kind = "adamw";
    return s;
}

int auto_starts(Eigen::Index rows) {
    const double starts = std::ceil(kStartRows / static_cast<double>(std::max<Eigen::Index>(rows, 1)));
    return static_cast<int>(std::clamp(starts, double{kFewestAutoStarts}, double{kMostAutoStarts}));
}

FitPlan plan_fit(const Settings& settings, Eigen::Index rows) {
    FitPlan plan;
    plan.training = settings.training;
    const Eigen::Index batch = settings.batch_rows == kFullBatch                               ? rows
                               : settings.batch_rows == kAutoBatch && rows <= kFullBatchRows ? rows
                               : settings.batch_rows == kAutoBatch                           ? Eigen::Index{kAutoBatchRows}
                                                                                             : settings.batch_rows;
    plan.training.full_batch = batch >= rows;  // 004 §4.3: every epoch is one step on the whole training set
    plan.training.batch_size = static_cast<int>(std::min(batch, rows));
    plan.steps_per_epoch = plan.training.full_batch ? 1 : static_cast<int>((rows + batch - 1) / batch);
    const auto passes = [&](int steps) { return std::max(1, (steps + plan.steps_per_epoch - 1) / plan.steps_per_epoch); };
    plan.training.max_epochs = 0;
    for (const ScaleStage& stage : settings.schedule) {
        plan.stage_epochs.push_back(passes(stage.epochs));
        plan.training.max_epochs += plan.stage_epochs.back();
    }
    plan.plateau_epochs = settings.plateau_steps > 0 ? passes(settings.plateau_steps) : 0;
    plan.training.restarts = (settings.starts == kAutoStarts ? auto_starts(rows) : settings.starts) - 1;
    plan.training.schedule =
        stage_schedule(plan.stage_epochs.front() * plan.steps_per_epoch, plan.training.learning_rate);
    return plan;
}

}  // namespace get
}  // namespace treelab
