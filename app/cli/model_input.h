#pragma once
// A saved model applied to a new CSV file: the same columns, the same preprocessing.
#include <string>

#include "core/data/dataset.h"
#include "core/data/table.h"
#include "core/model/model_file.h"

namespace treelab::cli {

struct ModelInput {
    ModelFile model;
    Table table;
    Eigen::MatrixXd X;
};

ModelInput load_model_input(const std::string& model_file, const std::string& data_file);
// The labelled rows for evaluation; throws DataError when the target column is absent.
Dataset labelled_rows(const ModelInput& input);

}  // namespace treelab::cli
