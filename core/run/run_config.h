#pragma once
// One training run as a user describes it (CLI flags, later the GUI form), and the equivalent
// treelab-cli command stored in every model's run card.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/data/dataset.h"
#include "core/data/feature_pipeline.h"
#include "core/data/splits.h"
#include "core/params/param_spec.h"

namespace treelab {

enum class FitOn {
    Train,          // learners fit on the training split; valid is for early stopping and selection
    TrainAndValid,  // GradTree protocol for non-gradient learners (gradtree.md §8.6)
};
std::string to_string(FitOn fit_on);
FitOn fit_on_from_string(const std::string& text);  // "train" | "train+valid"

struct RunConfig {
    std::filesystem::path data_file;
    std::string target;                    // column name or 1-based index
    std::optional<Task> task;              // empty = decided from the target column
    std::vector<std::string> drop_columns; // columns that are not features
    std::string method = "cart";
    ParamValues params;                    // complete (defaults filled in)
    std::uint32_t seed = 0;                // the learner's seed, and the split's unless split_seed is set
    // A split held fixed while the learner's seed varies (the LatentTrees protocol: one split,
    // seed 459107, four model seeds; reference_implementations.md §1.5).
    std::optional<std::uint32_t> split_seed;
    SplitFractions split;
    SplitMode split_mode = SplitMode::Stratified;
    Scaling scaling = Scaling::None;
    bool quantile_fit_noise = false;       // GradTree protocol's noisy quantile fit (PipelineOptions)
    FitOn fit_on = FitOn::Train;
};

// RunConfig with the method's defaults and `assignments` ("name=value") applied; throws ParamError.
ParamValues method_params(const std::string& method, const std::vector<std::string>& assignments);

// --scaling texts: none | zscore | quantile | quantile-gradtree (quantile with the noisy fit).
std::string scaling_text(const RunConfig& config);
void set_scaling(RunConfig& config, const std::string& text);  // throws ParamError
std::span<const std::string> scaling_texts();                   // every text set_scaling accepts

// The treelab-cli command line that reproduces `config` (non-default options only).
std::string equivalent_command(const RunConfig& config);

}  // namespace treelab
