#include "core/data/dataset.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

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
        if (rows[i] < 0 || rows[i] >= X.rows()) {
            throw Error("row " + std::to_string(rows[i]) + " is outside the data set's " + std::to_string(X.rows()) +
                        " rows");
        }
        part.y(static_cast<Eigen::Index>(i)) = y(rows[i]);
    }
    // Column by column, as X is stored: a row-by-row copy would stride across every column for
    // each row. The columns are independent copies, so any thread count gives the same matrix.
    tbb::parallel_for(tbb::blocked_range<Eigen::Index>(0, X.cols()), [&](const tbb::blocked_range<Eigen::Index>& columns) {
        for (Eigen::Index j = columns.begin(); j < columns.end(); ++j) {
            const double* from = X.col(j).data();
            double* to = part.X.col(j).data();
            for (std::size_t i = 0; i < rows.size(); ++i) to[i] = from[rows[i]];
        }
    });
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
