#include "core/export/predictions_csv.h"

#include <sstream>

#include "core/io/csv_field.h"
#include "core/params/param_spec.h"

namespace treelab {

RowPredictions predict_rows(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    RowPredictions out;
    out.nodes = tree.route(X);
    if (tree.task == Task::Classification) {
        out.proba = tree.predict_proba(X);
        out.predicted = most_probable_class(out.proba);  // predict() would route the rows again
    } else {
        out.predicted = tree.predict(X);
    }
    return out;
}

std::vector<std::string> predictions_columns(const TreeModel& tree) {
    std::vector<std::string> columns = {"row", "prediction"};
    if (tree.task == Task::Classification)
        for (const std::string& name : tree.class_names) columns.push_back("proba_" + name);
    columns.push_back("node");
    return columns;
}

std::vector<std::string> predictions_cells(const TreeModel& tree, const RowPredictions& predictions, Eigen::Index row) {
    std::vector<std::string> cells = {std::to_string(row + 1)};
    const double predicted = predictions.predicted(row);
    cells.push_back(tree.task == Task::Classification ? tree.class_names.at(static_cast<std::size_t>(predicted))
                                                      : to_text(predicted));
    for (Eigen::Index k = 0; k < predictions.proba.cols(); ++k) cells.push_back(to_text(predictions.proba(row, k)));
    cells.push_back(std::to_string(predictions.nodes(row)));
    return cells;
}

std::string predictions_csv(const TreeModel& tree, const RowPredictions& predictions) {
    std::ostringstream out;
    const auto line = [&out](const std::vector<std::string>& fields) {
        for (std::size_t i = 0; i < fields.size(); ++i) out << (i ? "," : "") << csv_field(fields[i]);
        out << '\n';
    };
    line(predictions_columns(tree));
    for (Eigen::Index row = 0; row < predictions.predicted.size(); ++row) line(predictions_cells(tree, predictions, row));
    return out.str();
}

}  // namespace treelab
