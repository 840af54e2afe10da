#include "core/run/prepared_data.h"

#include <numeric>

#include "core/data/csv_reader.h"
#include "core/data/dataset_encoding.h"
#include "core/data/smote.h"
#include "core/error.h"
#include "core/io/sha256.h"

namespace treelab {

Dataset PreparedData::fit_rows(FitOn fit_on) const {
    const Dataset rows = synthetic.rows() > 0 ? stack_rows(train, synthetic) : train;
    return fit_on == FitOn::Train ? rows : stack_rows(rows, valid);
}

namespace {

// numpy's global state when the paper's rebalance_data calls SMOTE() (utilities_GDT.py):
// preprocess_data seeds it with the data seed; the noisy quantile fit re-seeds it and draws one
// standard normal per training value (feature_pipeline.h). SMOTE then draws from it class after
// class (001 §4.1; imblearn's SMOTE draws from numpy's global RandomState).
SmoteRandom protocol_smote_random(const RunConfig& config, const Dataset& train) {
    if (config.quantile_fit_noise) return {kQuantileNoiseSeed, true, static_cast<std::size_t>(train.X.size())};
    return {resolved_split_seed(config), true, 0};
}

PreparedData prepare_split_data(Table table, std::shared_future<std::string> sha256, const RunConfig& config, TargetEncoding target, Split split) {
    PreparedData data;
    data.table = std::move(table);
    data.data_sha256 = std::move(sha256);
    const std::size_t target_column = data.table.column_index(config.target);
    std::vector<std::size_t> excluded;
    for (const std::string& column : config.drop_columns) excluded.push_back(data.table.column_index(column));
    data.target = std::move(target);
    const Eigen::VectorXd y = encode_target(data.table, data.target);
    data.split = std::move(split);
    if (data.split.train.empty())
        throw DataError(data.table.source, 0, 0, "the training split is empty; the file has too few rows for the split " +
                                                     to_text(config.split.train));

    PipelineOptions options;
    options.scaling = resolved_scaling(config);  // "auto" = the method's default
    options.quantile_fit_noise = config.quantile_fit_noise;
    options.categorical = config.categorical_encoding;
    options.missing_as_level = config.missing_as_level;
    options.reading = config.reading;
    options.column_encodings = config.column_encodings;
    data.pipeline = fit_pipeline(data.table, target_column, data.split.train, options, excluded, y);
    if (data.pipeline.feature_names().empty())  // scikit-learn refuses 0 features too; a root alone is no model
        throw DataError(data.table.source, 0, 0,
                        "no column is left to learn from besides the target '" + config.target + "'" +
                            (excluded.empty() ? std::string() : " once the dropped columns are left out") +
                            ": a tree needs at least one input column");

    // Each part encoded from the table directly, rather than every row and then three copies.
    data.train = encode_fitted_rows(data.table, data.pipeline, data.target, y, data.split.train, data.split.train);
    data.valid = encode_fitted_rows(data.table, data.pipeline, data.target, y, data.split.train, data.split.valid);
    data.test = encode_fitted_rows(data.table, data.pipeline, data.target, y, data.split.train, data.split.test);
    data.synthetic = data.train.subset({});
    if (config.smote) {
        if (data.target.task != Task::Classification)
            throw ParamError("--smote rebalances classes; the target '" + data.target.column + "' is a regression target");
        // After scaling, on the training rows only (001 §4.1); seeded by the data seed.
        if (needs_rebalancing(data.train.y, data.train.classes()))
            data.synthetic = smote_rows(data.train, protocol_smote_random(config, data.train));
    }
    return data;
}

std::shared_future<std::string> ready(std::string sha256) {
    std::promise<std::string> given;
    given.set_value(std::move(sha256));
    return given.get_future().share();
}

// The stratified (or configured) split of the table's target, then the preparation.
PreparedData prepare_with_split_of_target(Table table, std::shared_future<std::string> sha256, const RunConfig& config) {
    TargetEncoding target = fit_target(table, table.column_index(config.target), config.task);
    const Eigen::VectorXd y = encode_target(table, target);
    SplitMode mode = config.split_mode;
    if (target.task == Task::Regression && mode == SplitMode::Stratified) mode = SplitMode::Shuffled;
    Split split = make_split(y, config.split, mode, resolved_split_seed(config));
    return prepare_split_data(std::move(table), std::move(sha256), config, std::move(target), std::move(split));
}

}  // namespace

PreparedData prepare_data(Table table, std::string sha256, const RunConfig& config) {
    return prepare_with_split_of_target(std::move(table), ready(std::move(sha256)), config);
}

PreparedData prepare_data(Table table, std::string sha256, const RunConfig& config, const Split& split) {
    const auto rows = static_cast<Eigen::Index>(table.rows);
    for (const RowIndices* part : {&split.train, &split.valid, &split.test})
        for (const Eigen::Index row : *part)
            if (row < 0 || row >= rows)
                throw DataError(table.source, 0, 0, "the split names row " + std::to_string(row + 1) + " of a table of " +
                                                        std::to_string(rows) + " rows");
    TargetEncoding target = fit_target(table, table.column_index(config.target), config.task);
    return prepare_split_data(std::move(table), ready(std::move(sha256)), config, std::move(target), split);
}

PreparedData prepare_saved_model_data(Table table, const ModelFile& model) {
    PreparedData data;
    data.table = std::move(table);
    data.target = model.target;
    data.pipeline = model.pipeline;
    data.test = encode_dataset(data.table, data.pipeline, data.target);
    data.split.test.resize(static_cast<std::size_t>(data.test.rows()));
    std::iota(data.split.test.begin(), data.split.test.end(), Eigen::Index{0});
    data.train = data.test.subset({});
    data.valid = data.train;
    return data;
}

PreparedData prepare_data(const RunConfig& config) {
    CsvOptions options;
    options.delimiter = config.delimiter;
    options.decimal = config.decimal;
    options.encoding = config.encoding;
    Table table = read_csv(config.data_file, options);
    // The digest reads the file a second time rather than holding all its bytes (three times the
    // table's size for a numeric file) beside the table; on a thread of its own, as the
    // preparation and most fits leave a core free.
    std::shared_future<std::string> digest =
        std::async(std::launch::async, [file = config.data_file] { return sha256_of_file(file); }).share();
    return prepare_with_split_of_target(std::move(table), std::move(digest), config);
}

std::string prepared_data_key(const RunConfig& config) {
    // The equivalent command's data options, with what only the learner sees made neutral: the
    // method (its default scaling pinned first), its parameters, its seed, and fit_on (fit_rows).
    RunConfig data = config;
    data.scaling = resolved_scaling(config);
    data.seed = resolved_split_seed(config);
    data.split_seed.reset();
    data.learner_seed.reset();
    data.method = default_method();
    data.params = method_params(data.method, {});
    data.fit_on = FitOn::Train;
    return run_options_text(data, "--param");
}

}  // namespace treelab
