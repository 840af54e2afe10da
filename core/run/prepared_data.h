#pragma once
// Loading, target encoding, splitting and preprocessing of one run: the part every learner shares.
// Preprocessing is fitted on the training rows only.
#include <future>
#include <string>

#include "core/data/feature_pipeline.h"
#include "core/data/splits.h"
#include "core/data/table.h"
#include "core/data/target_encoding.h"
#include "core/model/model_file.h"
#include "core/run/run_config.h"

namespace treelab {

struct PreparedData {
    Table table;
    // The file's SHA-256 (hex) for the run card. Reading the file for it a second time runs beside
    // the preparation and the fit when prepare_data read the file itself.
    std::shared_future<std::string> data_sha256;
    TargetEncoding target;
    FeaturePipeline pipeline;
    Split split;
    Dataset train, valid, test;
    // Rows SMOTE added to the training rows (RunConfig::smote; 001 §4.1); no table row
    // behind them, so they stay out of `train`, whose rows are split.train's.
    Dataset synthetic;

    // The rows the learner fits on: train, then the synthetic rows (then valid, for train+valid).
    Dataset fit_rows(FitOn fit_on) const;
};

PreparedData prepare_data(const RunConfig& config);                     // reads config.data_file
PreparedData prepare_data(Table table, std::string sha256, const RunConfig& config);  // already loaded (GUI)
// With a given split (a cross-validation fold's, fold_split): config's split and split_mode are
// not used. The target encoding is fitted on every row, so a class missing from the training rows
// keeps its index. Throws DataError for a row number outside the table.
PreparedData prepare_data(Table table, std::string sha256, const RunConfig& config, const Split& split);

// What prepare_data(config) depends on, as text: two configurations with the same key prepare the
// same data from the same file (the file, its format options, the target, the split and its seed,
// the preprocessing; not the method, its parameters or the learner's seed), so runs can share one
// PreparedData. The file's contents are not in it: a caller that shares must notice a changed file.
std::string prepared_data_key(const RunConfig& config);

// A saved model applied to a loaded table: its own pipeline and target encoding, every row in the
// test split (a saved model has no training rows here). Throws DataError when columns are missing.
PreparedData prepare_saved_model_data(Table table, const ModelFile& model);

}  // namespace treelab
