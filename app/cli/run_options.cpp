#include "app/cli/run_options.h"

#include "core/learners/learner.h"

namespace treelab::cli {

void RunOptions::bind(CLI::App& command, const std::string& params_flag) {
    command.add_option("--data", data, "CSV file (delimiter , ; or tab; header row)")->required();
    command.add_option("--target", target, "target column: name or 1-based index")->required();
    command.add_option("--method", method, "learning method (see `treelab-cli params`)")->capture_default_str();
    command.add_option(params_flag, params, "hyperparameter NAME=VALUE (repeatable)");
    command.add_option("--seed", seed, "seed of the split and the learner")->capture_default_str();
    command.add_option("--split-seed", split_seed, "seed of the split alone, fixed while --seed (or --seeds) varies the learner");
    command.add_option("--split", split, "train,valid,test fractions")->capture_default_str();
    command.add_option("--split-mode", split_mode, "stratified | shuffled | gradtree (GradTree protocol)")
        ->capture_default_str();
    command.add_option("--task", task, "classification | regression (default: decided from the target)");
    command.add_option("--drop", drop, "column that is not a feature (repeatable)");
    std::string defaults;  // "cart: none, latent: quantile", from the registry
    for (const LearnerInfo& learner : learners())
        defaults += (defaults.empty() ? "" : ", ") + learner.name + ": " + to_string(learner.default_scaling);
    command.add_option("--scaling", scaling, "auto (the method's choice; " + defaults + ") | none | zscore | quantile | "
                       "quantile-gradtree (quantile fitted on noisy training rows, GradTree protocol)")
        ->capture_default_str();
    command.add_option("--categorical", categorical, "onehot | loo: encoding of categorical columns (loo = leave-one-out target "
                       "encoding fitted on the training rows, GradTree protocol)")->capture_default_str();
    command.add_flag("--smote", smote, "SMOTE the training rows (k = 5, every class up to the majority) when the smallest class "
                     "share is at most 0.25/(C-1), GradTree protocol; seeded by the split's seed");
    command.add_option("--fit-on", fit_on, "train | train+valid: rows the learner fits on (train+valid only for learners that do not "
                       "early-stop on the validation rows)")->capture_default_str();
}

RunConfig RunOptions::to_config() const {
    RunConfig config;
    config.data_file = data;
    config.target = target;
    if (!task.empty()) config.task = task_from_string(task);
    config.drop_columns = drop;
    config.method = method;
    config.params = method_params(method, params);
    config.seed = seed;
    config.split_seed = split_seed;
    config.split = parse_split_fractions(split);
    config.split_mode = split_mode_from_string(split_mode);
    set_scaling(config, scaling);
    config.categorical_encoding = categorical_encoding_from_string(categorical);
    config.fit_on = fit_on_from_string(fit_on);
    config.smote = smote;
    return config;
}

}  // namespace treelab::cli
