#include "app/cli/model_input.h"

#include "core/data/csv_reader.h"
#include "core/data/dataset_encoding.h"
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
    return encode_dataset(input.table, input.model.pipeline, input.model.target);
}

}  // namespace treelab::cli
