#pragma once
// Which of a run's rows a picture routes through the tree: one split or all of them (000's
// figures route all 214 Glass rows). Each routed row keeps its 0-based row in the table, so the
// node inspector can show and export the file's own cells.
#include <optional>
#include <span>
#include <string>

#include <Eigen/Core>

#include "core/data/splits.h"
#include "core/run/prepared_data.h"

namespace treelab {

enum class RowSet { Train, Valid, Test, All };
std::string to_string(RowSet rows);  // "training", "validation", "test", "all"
std::span<const RowSet> row_sets();  // every set, for menus and combo boxes
// How captions name `count` rows of the set: "all 214 rows", "the 43 test rows".
std::string describe_rows(RowSet rows, Eigen::Index count);

struct RoutedRows {
    Eigen::MatrixXd X;     // rows × features, through the run's pipeline
    Eigen::VectorXd y;     // class index or value per row
    RowIndices table_rows;  // the table row of each row of X
    int classes = 0;        // 0 for regression
};

// How many rows the set holds, without copying them.
Eigen::Index rows_in(const PreparedData& data, RowSet rows);
// All = train, then valid, then test rows.
RoutedRows routed_rows(const PreparedData& data, RowSet rows);

// One row of the table as routed_rows holds it (features through the pipeline, class index or
// value), found without copying the others; nullopt when no split holds that table row.
struct RoutedRow {
    Eigen::RowVectorXd x;
    double y = 0.0;
};
std::optional<RoutedRow> routed_row(const PreparedData& data, Eigen::Index table_row);

}  // namespace treelab
