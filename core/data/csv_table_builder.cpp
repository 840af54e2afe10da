#include "core/data/csv_table_builder.h"

#include <algorithm>
#include <unordered_map>

#include "core/error.h"

namespace treelab {

void CsvTableBuilder::reserve(std::size_t rows) {
    row_lines_.reserve(rows);
    for (auto& column : columns_) column.reserve(rows);
}

bool CsvTableBuilder::is_missing(const CsvField& field) const {
    if (field.text.empty() && !field.quoted) return true;
    if (field.text.size() > longest_marker_) return false;  // most cells: no marker to compare
    const auto& markers = options_.missing_markers;
    return std::find(markers.begin(), markers.end(), field.text) != markers.end();
}

void CsvTableBuilder::start_columns(std::span<const CsvField> fields, std::size_t line) {
    header_line_ = line;
    std::unordered_map<std::string, std::size_t> first_with_name;
    first_with_name.reserve(fields.size());
    std::vector<std::string> names;
    names.reserve(fields.size());
    for (std::size_t i = 0; i < fields.size(); ++i) {
        std::string name = options_.header ? std::string(fields[i].text) : "V" + std::to_string(i + 1);
        if (name.find_first_not_of(" \t") == std::string::npos) {
            throw DataError(source_, line, i + 1,
                            "column " + std::to_string(i + 1) + " has no name in the header; name every column");
        }
        const auto [first, added] = first_with_name.emplace(name, i);
        if (!added) {
            throw DataError(source_, line, i + 1,
                            "the column name '" + name + "' appears twice (columns " +
                                std::to_string(first->second + 1) + " and " + std::to_string(i + 1) +
                                "); rename one of them");
        }
        names.push_back(name);
    }
    for (const auto& required : options_.numeric_columns) {
        if (std::find(names.begin(), names.end(), required) == names.end()) {
            throw DataError(source_, line, 0,
                            "there is no column '" + required + "' (required to be numeric); the columns are " +
                                quoted_list(names));
        }
    }
    const auto& required = options_.numeric_columns;
    columns_.reserve(names.size());
    for (auto& name : names) {
        const bool numeric = std::find(required.begin(), required.end(), name) != required.end();
        columns_.emplace_back(std::move(name), numeric, decimal_);
    }
}

void CsvTableBuilder::add_data_row(std::span<const CsvField> fields, std::size_t line) {
    if (fields.size() != columns_.size()) {
        throw DataError(source_, line, std::min(fields.size(), columns_.size()) + 1,
                        "line " + std::to_string(line) + " has " + std::to_string(fields.size()) + " fields, the " +
                            (options_.header ? "header has " : "first row has ") + std::to_string(columns_.size()) +
                            "; check for a missing or extra delimiter, or quote fields that contain one");
    }
    for (std::size_t i = 0; i < fields.size(); ++i) columns_[i].add(fields[i].text, is_missing(fields[i]));
    row_lines_.push_back(line);
}

Table CsvTableBuilder::finish() {
    if (columns_.empty()) throw DataError(source_, 0, 0, "the file is empty; a CSV file needs a header and data rows");
    if (row_lines_.empty()) throw DataError(source_, header_line_, 0, "the file has a header but no data rows");
    Table table;
    table.source = source_;
    table.rows = row_lines_.size();
    row_lines_.shrink_to_fit();
    table.row_lines = std::move(row_lines_);
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        table.columns.push_back(columns_[i].finish({source_, table.row_lines, i + 1}));
    }
    return table;
}

}  // namespace treelab
