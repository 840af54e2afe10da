#include "core/training/training_params.h"

#include <algorithm>

namespace treelab {

std::vector<ParamSpec> training_param_specs(const TrainingDefaults& d) {
    std::vector<ParamSpec> specs;
    if (d.epochs)
        specs.push_back({.name = "epochs", .label = "Epochs",
                         .help = "Most passes over the training rows.",
                         .type = ParamType::Integer, .min = 1, .max = 100000, .default_value = *d.epochs});
    if (d.batch_size)
        specs.push_back({.name = "batch_size", .label = "Batch size",
                         .help = d.batch_size_help.empty() ? "Rows per optimizer step." : d.batch_size_help,
                         .type = ParamType::Integer, .min = 1, .max = 1e9, .default_value = *d.batch_size});
    if (d.learning_rate)
        specs.push_back({.name = "learning_rate", .label = "Learning rate",
                         .help = "Step size of the optimizer (its initial rate under a schedule).",
                         .type = ParamType::Real, .min = 1e-12, .max = 10, .default_value = *d.learning_rate,
                         .log_scale = true});
    if (!d.optimizers.empty())
        specs.push_back({.name = "optimizer", .label = "Optimizer",
                         .help = "sgd = SGD with momentum; adam, adamw = Adam (decoupled weight decay for adamw); qhadam = "
                                 "quasi-hyperbolic Adam; rmsprop = RMSprop (as PyTorch's).",
                         .type = ParamType::Choice, .default_value = d.optimizer, .choices = d.optimizers});
    if (!d.schedules.empty())
        specs.push_back({.name = "schedule", .label = "LR schedule",
                         .help = "constant; plateau = divide the rate when the monitored loss stalls; warmup_cosine = linear "
                                 "warm-up then cosine decay; cosine_restarts = cosine annealing with warm restarts.",
                         .type = ParamType::Choice, .default_value = d.schedule, .choices = d.schedules});
    if (d.patience)
        specs.push_back({.name = "patience", .label = "Patience",
                         .help = "Stop after this many epochs without a better validation loss; 0 = never.",
                         .type = ParamType::Integer, .min = 0, .max = 100000, .default_value = *d.patience});
    if (d.restarts)
        specs.push_back({.name = "restarts", .label = "Restarts",
                         .help = "Further runs from new initial parameters; the one with the best validation loss is kept.",
                         .type = ParamType::Integer, .min = 0, .max = 1000, .default_value = *d.restarts});
    return specs;
}

void read_training_params(const ParamValues& params, TrainingSettings& settings) {
    // A learner may describe epochs, batch_size, learning_rate, patience or restarts as its own "auto" | number
    // row (GradTree, 001 App. C; DGT's rate, which depends on its feedback, and its epochs, which
    // depend on the training rows); "auto" leaves the setting to the learner.
    if (params.contains("epochs") && params.is_number("epochs"))
        settings.max_epochs = static_cast<int>(*params.whole_number("epochs"));
    if (params.contains("batch_size") && params.is_number("batch_size"))
        settings.batch_size = static_cast<int>(std::min(params.real("batch_size"), double{1 << 30}));
    if (params.contains("learning_rate") && params.is_number("learning_rate")) settings.learning_rate = params.real("learning_rate");
    if (params.contains("optimizer")) settings.optimizer.kind = params.text("optimizer");
    if (params.contains("schedule")) settings.schedule.kind = params.text("schedule");
    if (params.contains("patience") && params.is_number("patience")) settings.patience = static_cast<int>(*params.whole_number("patience"));
    if (params.contains("restarts") && params.is_number("restarts")) settings.restarts = static_cast<int>(params.real("restarts"));
}

}  // namespace treelab
