#pragma once
// One training run as a user describes it (CLI flags, later the GUI form), and the equivalent
// treelab-cli command stored in every model's run card.
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/data/dataset.h"
#include "core/data/feature_pipeline.h"
#include "core/data/splits.h"
#include "core/learners/learner.h"
#include "core/params/param_spec.h"

namespace treelab {

enum class FitOn {
    Train,          // learners fit on the training split; valid is for early stopping and selection
    TrainAndValid,  // GradTree protocol for non-gradient learners (001 App. D: the methods without early stopping use the complete training data)
};
std::string to_string(FitOn fit_on);
FitOn fit_on_from_string(const std::string& text);  // "train" | "train+valid"

struct RunConfig {
    std::filesystem::path data_file;
    // How the file is written, when the user says so (--delimiter, --decimal, --encoding); 0 and
    // empty = detected by the reader (csv_reader.h).
    char delimiter = 0;
    char decimal = 0;
    std::string encoding;
    std::string target;                    // column name or 1-based index
    std::optional<Task> task;              // empty = decided from the target column
    std::vector<std::string> drop_columns; // columns that are not features
    std::string method = default_method();
    ParamValues params;                    // complete (defaults filled in)
    std::uint32_t seed = 0;                // the split's seed unless split_seed is set, the learner's unless learner_seed is
    // A split held fixed while the learner's seed varies (the LatentTrees protocol: one split,
    // seed 459107, four model seeds; vzantedeschi/LatentTrees src/clus_datasets.py).
    std::optional<std::uint32_t> split_seed;
    // A learner seed held fixed while the seed varies the split and SMOTE (the GradTree protocol:
    // data seeds 42..51, model seed always 42; utilities_GDT.py and the GDTs-*.ipynb notebooks).
    std::optional<std::uint32_t> learner_seed;
    SplitFractions split;
    SplitMode split_mode = SplitMode::Stratified;
    // Empty = "auto": the method's own choice (LearnerInfo::default_scaling), resolved when the
    // data are prepared (resolved_scaling); a value = the user's explicit choice, which wins.
    std::optional<Scaling> scaling;
    bool quantile_fit_noise = false;       // GradTree protocol's noisy quantile fit (PipelineOptions)
    CategoricalEncoding categorical_encoding = CategoricalEncoding::OneHot;  // loo: GradTree protocol (001 §4.1)
    bool missing_as_level = false;  // a missing categorical value is a level, "?" (PipelineOptions)
    CellReadingOptions reading;     // --thousands, --percent, --dates (cell_reading.h)
    std::map<std::string, CategoricalEncoding> column_encodings;  // --encode COLUMN=ENCODING
    FitOn fit_on = FitOn::Train;
    // GradTree protocol (001 §4.1): SMOTE the training rows, after scaling, when the
    // smallest class share is at most 0.25/(C − 1) (smote.h).
    bool smote = false;
};

// The method's values: its defaults, then the preset named by a "preset=NAME" among `assignments`,
// then the other assignments ("name=value"), which win (resolve_params); throws ParamError.
ParamValues method_params(const std::string& method, const std::vector<std::string>& assignments);

// --scaling texts: auto | none | zscore | quantile | quantile-gradtree (quantile with the noisy fit).
std::string scaling_text(const RunConfig& config);              // "auto" while config.scaling is empty
void set_scaling(RunConfig& config, const std::string& text);  // throws ParamError
std::span<const std::string> scaling_texts();                   // every text set_scaling accepts, "auto" first

// The scaling the run applies: the explicit choice, else the method's default. Throws ParamError
// for an unknown method.
Scaling resolved_scaling(const RunConfig& config);
// What the run card records: "zscore", or "zscore (auto: the method's default)".
std::string scaling_card_text(const RunConfig& config);

// The seeds a run uses: split_seed, else seed (the split and SMOTE); learner_seed, else seed.
std::uint32_t resolved_split_seed(const RunConfig& config);
std::uint32_t resolved_learner_seed(const RunConfig& config);

// Refuses combinations no run can honour, with a sentence naming the method and the reason:
// fitting on train+valid with a learner that early-stops on the validation rows (it would stop on
// rows it trains on); a split seed and a learner seed together, which leave the seed nothing to
// vary. Throws ParamError.
void check_run_config(const RunConfig& config);

// The treelab-cli command line that reproduces `config` (non-default options only; with a preset,
// `--param preset=NAME` and the values that differ from the preset's). The applied
// scaling is pinned (`--scaling zscore` for an automatic LatentTrees run) unless it is none and
// the method's default is none, so the command reproduces the run even if a default changes.
std::string equivalent_command(const RunConfig& config);

// "thousands auto, percent auto, dates auto": the run card's record of config.reading.
std::string reading_card_text(const CellReadingOptions& reading);
// "d: date, as days since 1970-01-01; name: left out: identifier-like: ...": the inputs read
// otherwise than plain, those encoded by --encode, and the columns left out.
std::string columns_card_text(const FeaturePipeline& pipeline, const RunConfig& config);

// Its options after the subcommand, hyperparameters set with `param_flag` ("--param" for train,
// "--set" for sweep, whose --param is the swept one).
std::string run_options_text(const RunConfig& config, const std::string& param_flag);

// `word` quoted for a POSIX shell where it needs it ('…' with ' written as '\'').
std::string shell_word(const std::string& word);

}  // namespace treelab
