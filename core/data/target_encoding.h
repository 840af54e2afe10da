#pragma once
// Turning the target column into y. Classes are indexed by their sorted labels (numeric labels
// numerically, text labels lexicographically), as sklearn's OrdinalEncoder/LabelEncoder do, so
// class indices agree with scikit-learn fixtures.
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/data/dataset.h"
#include "core/data/table.h"

namespace treelab {

struct TargetEncoding {
    std::string column;                    // target column name
    Task task = Task::Classification;
    std::vector<std::string> class_names;  // classification: label of class k
};

// Classification when the column is categorical, or numeric with at most `max_classes` distinct
// integer values; regression otherwise. `forced` overrides. Throws DataError when the target
// has missing values (naming the first line) or, for regression, is not numeric.
TargetEncoding fit_target(const Table& table, std::size_t target_column, std::optional<Task> forced = {},
                          int max_classes = 20);
// y for every row of `table`; throws DataError for a label the encoding does not know.
Eigen::VectorXd encode_target(const Table& table, const TargetEncoding& encoding);

}  // namespace treelab
