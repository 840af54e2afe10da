#include "core/data/dataset.h"

#include "core/error.h"

namespace treelab {

std::string to_string(Task task) { return task == Task::Classification ? "classification" : "regression"; }

Task task_from_string(const std::string& text) {
    if (text == "classification") return Task::Classification;
    if (text == "regression") return Task::Regression;
    throw ParamError("unknown task '" + text + "'; use 'classification' or 'regression'");
}

Dataset Dataset::subset(const std::vector<Eigen::Index>& rows) const {
    Dataset part;
    part.X.resize(static_cast<Eigen::Index>(rows.size()), X.cols());
    part.y.resize(static_cast<Eigen::Index>(rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto at = static_cast<Eigen::Index>(i);
        if (rows[i] < 0 || rows[i] >= X.rows()) {
            throw Error("row " + std::to_string(rows[i]) + " is outside the data set's " + std::to_string(X.rows()) +
                        " rows");
        }
        part.X.row(at) = X.row(rows[i]);
        part.y(at) = y(rows[i]);
    }
    part.task = task;
    part.feature_names = feature_names;
    part.class_names = class_names;
    return part;
}

Dataset stack_rows(const Dataset& top, const Dataset& bottom) {
    if (bottom.rows() == 0) return top;
    if (top.rows() == 0) return bottom;
    Dataset both = top;
    both.X.resize(top.rows() + bottom.rows(), top.features());
    both.X << top.X, bottom.X;
    both.y.resize(top.rows() + bottom.rows());
    both.y << top.y, bottom.y;
    return both;
}

}  // namespace treelab
