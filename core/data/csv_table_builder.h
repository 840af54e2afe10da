#pragma once
// Internal to core/data: the CSV reader's typing stage, turning the tokenizer's rows into typed
// columns: the first row names them (or is data without a header), every later row must have as
// many fields.
#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "core/data/column_typing.h"
#include "core/data/csv_reader.h"
#include "core/data/csv_tokenizer.h"
#include "core/data/table.h"

namespace treelab {

class CsvTableBuilder {
public:
    CsvTableBuilder(const std::string& source, const CsvOptions& options, char decimal)
        : source_(source), options_(options), decimal_(decimal) {
        for (const std::string& marker : options.missing_markers) longest_marker_ = std::max(longest_marker_, marker.size());
    }

    // Throws DataError for a row with another number of fields than the first, and for a header
    // with a nameless or repeated column or without one of the required numeric columns.
    void add_row(std::span<const CsvField> fields, std::size_t line) {
        if (columns_.empty()) {
            start_columns(fields, line);
            if (options_.header) return;
        }
        add_data_row(fields, line);
    }
    std::size_t rows() const { return row_lines_.size(); }
    void reserve(std::size_t rows);
    Table finish();

private:
    void start_columns(std::span<const CsvField> fields, std::size_t line);
    void add_data_row(std::span<const CsvField> fields, std::size_t line);
    bool is_missing(const CsvField& field) const;

    const std::string& source_;
    const CsvOptions& options_;
    char decimal_;
    std::size_t longest_marker_ = 0;
    std::size_t header_line_ = 0;
    std::vector<ColumnBuilder> columns_;
    std::vector<std::size_t> row_lines_;
};

}  // namespace treelab
