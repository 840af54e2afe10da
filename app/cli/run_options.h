#pragma once
// The data and training options shared by `train` and `sweep`, bound to CLI11 once.
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/cli/csv_format_options.h"
#include "core/run/run_config.h"

namespace treelab::cli {

struct RunOptions {
    std::string data, target, method = default_method(), task, split = "0.6,0.2,0.2", split_mode = "stratified",
                scaling = "auto", fit_on = "train", categorical = "onehot", thousands = "auto", percent = "auto",
                dates = "auto";
    CsvFormatOptions format;
    std::vector<std::string> drop, params, encode;
    std::uint32_t seed = 0;
    bool smote = false, missing_as_level = false;
    std::optional<std::uint32_t> split_seed, learner_seed;

    // `params_flag` is the option that carries NAME=VALUE settings ("--param" for train, "--set" for sweep).
    void bind(CLI::App& command, const std::string& params_flag);
    RunConfig to_config() const;  // throws ParamError
};

}  // namespace treelab::cli
