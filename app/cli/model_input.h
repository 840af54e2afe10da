#pragma once
// A saved model applied to a new CSV file: the same columns, the same preprocessing.
#include <optional>
#include <string>

#include "core/data/csv_reader.h"
#include "core/data/dataset.h"
#include "core/data/table.h"
#include "core/model/model_file.h"

namespace treelab::cli {

struct ModelInput {
    ModelFile model;
    Table table;
    Eigen::MatrixXd X;
};

// `format`: the --delimiter, --decimal and --encoding overrides (csv_format_options.h).
ModelInput load_model_input(const std::string& model_file, const std::string& data_file, const CsvOptions& format);
// The labelled rows for evaluation; throws DataError when the target column is absent.
Dataset labelled_rows(const ModelInput& input);
// The labelled rows when the file has the model's target column, else nothing.
std::optional<Dataset> labelled_rows_if_present(const ModelInput& input);
// The same, only for a classification target (class labels for routing per class and purity).
std::optional<Dataset> class_labels(const ModelInput& input);

}  // namespace treelab::cli
