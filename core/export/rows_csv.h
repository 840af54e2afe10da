#pragma once
// Some rows of a table as CSV, texts as read from the file and numbers as their shortest text
// (cell_text): what the node inspector's "Export these rows…" writes.
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/data/table.h"

namespace treelab {

// A header line with the column names, then one line per row in `rows` (0-based table rows, in
// that order); missing cells are empty. Throws Error for a row outside the table.
std::string table_rows_csv(const Table& table, const std::vector<Eigen::Index>& rows);

}  // namespace treelab
