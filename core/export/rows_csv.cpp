#include "core/export/rows_csv.h"

#include "core/error.h"
#include "core/io/csv_field.h"

namespace treelab {

std::string table_rows_csv(const Table& table, const std::vector<Eigen::Index>& rows) {
    std::string csv;
    for (std::size_t c = 0; c < table.columns.size(); ++c) csv += (c ? "," : "") + csv_field(table.columns[c].name);
    csv += '\n';
    for (const Eigen::Index row : rows) {
        if (row < 0 || static_cast<std::size_t>(row) >= table.rows)
            throw Error("row " + std::to_string(row + 1) + " is not in the table (it has " + std::to_string(table.rows) +
                        " rows)");
        const auto r = static_cast<std::size_t>(row);
        for (std::size_t c = 0; c < table.columns.size(); ++c)
            csv += (c ? "," : "") + (table.columns[c].is_missing(r) ? std::string() : csv_field(cell_text(table.columns[c], r)));
        csv += '\n';
    }
    return csv;
}

}  // namespace treelab
