#include "app/cli/run_options.h"

#include "core/error.h"
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
    command.add_option("--encode", encode,
                       "COLUMN=onehot|ordinal|loo: encode this text column so, even when it would be left out "
                       "(identifier-like, or more than 100 levels) or read as numbers or dates (repeatable)");
    command.add_option("--thousands", thousands,
                       "thousands separator of text columns read as numbers (\"51,494\"): auto (detected per column) | "
                       "none | , | . | space | apostrophe")
        ->capture_default_str();
    command.add_option("--percent", percent, "auto: text columns of percentages (98%) read as fractions (0.98) | none")
        ->capture_default_str();
    command.add_option("--dates", dates,
                       "text columns of dates read as days since 1970-01-01: auto (ISO 2020-12-31, and 31/12/2020 "
                       "when a day above 12 shows the order) | none | dmy | mdy (the order of ambiguous slashed dates)")
        ->capture_default_str();
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
    config.reading.thousands = thousands_from_string(thousands);
    if (percent != "auto" && percent != "none") throw ParamError("unknown --percent '" + percent + "'; use auto or none");
    config.reading.percent = percent == "auto";
    config.reading.dates = dates_from_string(dates);
    for (const std::string& assignment : encode) {
        const auto equals = assignment.rfind('=');
        if (equals == std::string::npos || equals == 0)
            throw ParamError("--encode takes COLUMN=ENCODING (onehot, ordinal or loo), not '" + assignment + "'");
        config.column_encodings[assignment.substr(0, equals)] = categorical_encoding_from_string(assignment.substr(equals + 1));
    }
    return config;
}

}  // namespace treelab::cli
