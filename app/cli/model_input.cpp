#include "app/cli/model_input.h"

#include <algorithm>

#include "core/data/dataset_encoding.h"
#include "core/error.h"

namespace treelab::cli {

ModelInput load_model_input(const std::string& model_file, const std::string& data_file, const CsvOptions& format) {
    ModelInput input;
    input.model = load_model(model_file);
    input.table = read_csv(data_file, format);
    input.X = input.model.pipeline.transform(input.table);
    return input;
}

Dataset labelled_rows(const ModelInput& input) {
    return encode_dataset(input.table, input.model.pipeline, input.model.target);
}

std::optional<Dataset> labelled_rows_if_present(const ModelInput& input) {
    const auto& columns = input.table.columns;
    const std::string& target = input.model.target.column;
    if (std::none_of(columns.begin(), columns.end(), [&](const Column& column) { return column.name == target; }))
        return std::nullopt;
    return labelled_rows(input);
}

std::optional<Dataset> class_labels(const ModelInput& input) {
    if (input.model.target.task != Task::Classification) return std::nullopt;
    return labelled_rows_if_present(input);
}

}  // namespace treelab::cli
