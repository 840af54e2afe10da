#pragma once
// The training hyperparameters every gradient learner shares (epochs, batch size, learning rate,
// optimizer, schedule, patience, restarts), described once. A learner appends the
// rows it uses, with its own defaults, to its ParamSpec table, and reads them back into its
// TrainingSettings.
#include <optional>
#include <string>
#include <vector>

#include "core/params/param_spec.h"
#include "core/training/training_settings.h"

namespace treelab {

// A row appears when its default is set (optimizer and schedule: when the choice list is not empty).
struct TrainingDefaults {
    std::optional<long long> epochs, batch_size, patience, restarts;
    std::optional<double> learning_rate;
    std::string optimizer;                 // default choice
    std::vector<std::string> optimizers;   // the kinds offered (optimizer_kinds() or a subset)
    std::string schedule;
    std::vector<std::string> schedules;    // the kinds offered (schedule_kinds() or a subset)
    std::string batch_size_help;           // replaces the generic help of batch_size when set
};

std::vector<ParamSpec> training_param_specs(const TrainingDefaults& defaults);

// Reads the rows `params` has into `settings` (epochs → max_epochs, batch_size, learning_rate,
// optimizer.kind, schedule.kind, patience, restarts); rows the method lacks, and a learner's own
// epochs, batch_size, learning_rate or restarts row set to "auto", leave settings as they are.
void read_training_params(const ParamValues& params, TrainingSettings& settings);

}  // namespace treelab
