#include "app/cli/model_input.h"

#include "core/data/csv_reader.h"
#include "core/data/target_encoding.h"
#include "core/error.h"

namespace treelab::cli {

ModelInput load_model_input(const std::string& model_file, const std::string& data_file) {
    ModelInput input;
    input.model = load_model(model_file);
    input.table = read_csv(data_file);
    input.X = input.model.pipeline.transform(input.table);
    return input;
}

Dataset labelled_rows(const ModelInput& input) {
    Dataset data;
    data.X = input.X;
    data.y = encode_target(input.table, input.model.target);
    data.task = input.model.target.task;
    data.feature_names = input.model.tree.feature_names;
    data.class_names = input.model.target.class_names;
    return data;
}

}  // namespace treelab::cli
