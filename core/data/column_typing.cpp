#include "core/data/column_typing.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <unordered_map>

#include "core/error.h"

namespace treelab {
namespace {

std::string_view trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

std::size_t line_of(const ColumnOrigin& origin, std::size_t row) {
    return row < origin.row_lines.size() ? origin.row_lines[row] : 0;
}

}  // namespace

NumberText parse_number(std::string_view text, double& value) {
    text = trimmed(text);
    // from_chars rejects a leading '+', which spreadsheets and R write; accept it once.
    if (text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+') text.remove_prefix(1);
    if (text.empty()) return NumberText::NotNumber;
    double parsed = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    if (end != text.data() + text.size()) return NumberText::NotNumber;
    if (error == std::errc::result_out_of_range) {
        // from_chars reports underflow and overflow alike; strtod tells them apart (0 vs HUGE_VAL).
        parsed = std::strtod(std::string(text).c_str(), nullptr);
    } else if (error != std::errc()) {
        return NumberText::NotNumber;
    }
    if (!std::isfinite(parsed)) return NumberText::NonFinite;
    value = parsed;
    return NumberText::Finite;
}

std::string number_text(double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

std::string quoted_list(const std::vector<std::string>& items) {
    std::string text;
    for (const auto& item : items) text += (text.empty() ? "'" : ", '") + item + "'";
    return text;
}

std::string quoted_column_names(const Table& table) {
    std::vector<std::string> names;
    for (const auto& column : table.columns) names.push_back(column.name);
    return quoted_list(names);
}

void throw_not_a_number(const Column& column, const ColumnOrigin& origin, const std::string& why) {
    for (std::size_t row = 0; row < column.raw.size(); ++row) {
        double value = 0.0;
        if (column.is_missing(row) || parse_number(column.raw[row], value) == NumberText::Finite) continue;
        throw DataError(origin.source, line_of(origin, row), origin.column_number,
                        "value '" + column.raw[row] + "' in column '" + column.name + "' is not a number; " + why);
    }
    throw DataError(origin.source, 0, origin.column_number, "column '" + column.name + "' is not numeric; " + why);
}

Column type_column(RawColumn&& raw, const ColumnOrigin& origin, bool require_numeric) {
    const std::size_t rows = raw.texts.size();
    Column column;
    column.name = std::move(raw.name);
    column.numbers.assign(rows, std::nan(""));
    std::size_t first_non_finite = rows, first_text = rows;
    for (std::size_t row = 0; row < rows; ++row) {
        if (raw.missing[row]) {
            ++column.missing_count;
            continue;
        }
        const NumberText kind = parse_number(raw.texts[row], column.numbers[row]);
        if (kind == NumberText::NonFinite && first_non_finite == rows) first_non_finite = row;
        if (kind == NumberText::NotNumber && first_text == rows) first_text = row;
    }
    if (first_text == rows && first_non_finite < rows) {
        // Infinities and NaNs would poison every split and mean; the user must decide what they mean.
        throw DataError(origin.source, line_of(origin, first_non_finite), origin.column_number,
                        "non-finite value '" + raw.texts[first_non_finite] + "' in numeric column '" + column.name +
                            "'; write a finite number, or leave the cell empty if the value is missing");
    }
    for (std::size_t row = 0; row < rows; ++row) {
        if (raw.missing[row]) raw.texts[row].clear();
    }
    column.raw = std::move(raw.texts);
    if (first_text == rows) return column;

    column.kind = ColumnKind::Categorical;
    column.numbers.clear();
    column.codes.assign(rows, -1);
    std::unordered_map<std::string, int> code_of;
    for (std::size_t row = 0; row < rows; ++row) {
        if (raw.missing[row]) continue;
        const auto [it, added] = code_of.emplace(column.raw[row], static_cast<int>(column.levels.size()));
        if (added) column.levels.push_back(column.raw[row]);
        column.codes[row] = it->second;
    }
    if (require_numeric) throw_not_a_number(column, origin, "this column must be numeric");
    return column;
}

}  // namespace treelab
