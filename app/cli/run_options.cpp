#include "app/cli/run_options.h"

#include "core/run/run_option_docs.h"

namespace treelab::cli {

void RunOptions::bind(CLI::App& command, const std::string& params_flag) {
    command.add_option("--data", data, "CSV file (delimiter , ; or tab; header row)")->required();
    format.bind(command);
    command.add_option("--target", target, "target column: name or 1-based index")->required();
    command.add_option("--method", method, "learning method (see `treelab-cli params`)")->capture_default_str();
    command.add_option(params_flag, params, "hyperparameter NAME=VALUE (repeatable)");
    command.add_option("--seed", seed, "seed of the split and the learner (of one of them with --split-seed or --learner-seed)")
        ->capture_default_str();
    command.add_option(split_seed_doc().flag, split_seed, option_help_line(split_seed_doc()));
    command.add_option(learner_seed_doc().flag, learner_seed, option_help_line(learner_seed_doc()));
    command.add_option("--split", split, "train,valid,test fractions")->capture_default_str();
    command.add_option(split_mode_doc().flag, split_mode, option_help_line(split_mode_doc()))->capture_default_str();
    command.add_option("--task", task, "classification | regression (default: decided from the target)");
    command.add_option("--drop", drop, "column that is not a feature (repeatable)");
    command.add_option(scaling_doc().flag, scaling, option_help_line(scaling_doc()))->capture_default_str();
    command.add_option(categorical_doc().flag, categorical, option_help_line(categorical_doc()))->capture_default_str();
    command.add_flag(missing_as_level_doc().flag, missing_as_level, option_help_line(missing_as_level_doc()));
    command.add_flag(smote_doc().flag, smote, option_help_line(smote_doc()));
    command.add_option(fit_on_doc().flag, fit_on, option_help_line(fit_on_doc()))->capture_default_str();
}

RunConfig RunOptions::to_config() const {
    RunConfig config;
    config.data_file = data;
    const CsvOptions csv = format.to_csv_options();
    config.delimiter = csv.delimiter;
    config.decimal = csv.decimal;
    config.encoding = csv.encoding;
    config.target = target;
    if (!task.empty()) config.task = task_from_string(task);
    config.drop_columns = drop;
    config.method = method;
    config.params = method_params(method, params);
    config.seed = seed;
    config.split_seed = split_seed;
    config.learner_seed = learner_seed;
    config.split = parse_split_fractions(split);
    config.split_mode = split_mode_from_string(split_mode);
    set_scaling(config, scaling);
    config.categorical_encoding = categorical_encoding_from_string(categorical);
    config.fit_on = fit_on_from_string(fit_on);
    config.smote = smote;
    config.missing_as_level = missing_as_level;
    return config;
}

}  // namespace treelab::cli
