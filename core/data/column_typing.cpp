#include "core/data/column_typing.h"

#include <charconv>
#include <cmath>
#include <system_error>

#include <fast_float/fast_float.h>

#include "core/error.h"

namespace treelab {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trimmed(std::string_view text) {
    if (text.empty() || (!is_space(text.front()) && !is_space(text.back()))) return text;  // the reader trims most cells
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

std::size_t line_of(const ColumnOrigin& origin, std::size_t row) {
    return row < origin.row_lines.size() ? origin.row_lines[row] : 0;
}

}  // namespace

NumberText parse_number(std::string_view text, double& value, char decimal) {
    text = trimmed(text);
    // from_chars rejects a leading '+', which spreadsheets and R write; accept it once.
    if (text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+') text.remove_prefix(1);
    if (text.empty()) return NumberText::NotNumber;
    double parsed = 0.0;
    const char* end = text.data() + text.size();
    const fast_float::parse_options options(fast_float::chars_format::general, decimal);
    const auto [stop, error] = fast_float::from_chars_advanced(text.data(), end, parsed, options);
    if (stop != end || error != std::errc()) return NumberText::NotNumber;
    if (!std::isfinite(parsed)) return NumberText::NonFinite;  // "inf", "nan", and overflow ("1e999")
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
    for (std::size_t row = 0; column.kind == ColumnKind::Categorical && row < column.codes.size(); ++row) {
        double value = 0.0;
        if (column.is_missing(row)) continue;
        const std::string& text = column.levels[static_cast<std::size_t>(column.codes[row])];
        if (parse_number(text, value) == NumberText::Finite) continue;
        throw DataError(origin.source, line_of(origin, row), origin.column_number,
                        "value '" + text + "' in column '" + column.name + "' is not a number; " + why);
    }
    throw DataError(origin.source, 0, origin.column_number, "column '" + column.name + "' is not numeric; " + why);
}

ColumnBuilder::ColumnBuilder(std::string name, bool require_numeric, char decimal)
    : require_numeric_(require_numeric), decimal_(decimal) {
    column_.name = std::move(name);
}

void ColumnBuilder::reserve(std::size_t rows) {
    if (column_.kind == ColumnKind::Numeric) column_.numbers.reserve(rows);
    else column_.codes.reserve(rows);
}

void ColumnBuilder::add_level(std::string_view text) {
    auto found = code_of_.find(text);
    if (found == code_of_.end()) {
        found = code_of_.emplace(text, static_cast<int>(column_.levels.size())).first;
        column_.levels.emplace_back(text);
    }
    column_.codes.push_back(found->second);
}

void ColumnBuilder::turn_categorical() {
    column_.kind = ColumnKind::Categorical;
    column_.codes.reserve(column_.numbers.capacity());
    auto non_finite = non_finite_.begin();
    for (std::size_t row = 0; row < column_.numbers.size(); ++row) {
        if (non_finite != non_finite_.end() && non_finite->first == row) {
            add_level((non_finite++)->second);
        } else if (std::isnan(column_.numbers[row])) {
            column_.codes.push_back(-1);
        } else {
            add_level(number_text(column_.numbers[row]));
        }
    }
    std::vector<double>().swap(column_.numbers);
    non_finite_.clear();
}

void ColumnBuilder::add(std::string_view text, bool missing) {
    const std::size_t row = rows_++;
    if (missing) {
        ++column_.missing_count;
        if (column_.kind == ColumnKind::Numeric) column_.numbers.push_back(std::nan(""));
        else column_.codes.push_back(-1);
        return;
    }
    if (column_.kind == ColumnKind::Categorical) return add_level(text);
    double value = 0.0;
    switch (parse_number(text, value, decimal_)) {
    case NumberText::Finite: column_.numbers.push_back(value); return;
    case NumberText::NonFinite:
        if (first_non_finite_ == 0) {
            first_non_finite_ = row + 1;
            first_non_finite_text_ = text;
        }
        non_finite_.emplace_back(row, text);
        column_.numbers.push_back(std::nan(""));
        return;
    case NumberText::NotNumber:
        if (require_numeric_) {
            // Stays Numeric so that finish() reports this first offender.
            if (first_text_ == 0) {
                first_text_ = row + 1;
                first_text_text_ = text;
            }
            column_.numbers.push_back(std::nan(""));
            return;
        }
        turn_categorical();
        return add_level(text);
    }
}

Column ColumnBuilder::finish(const ColumnOrigin& origin) {
    if (require_numeric_ && first_text_ != 0) {
        throw DataError(origin.source, line_of(origin, first_text_ - 1), origin.column_number,
                        "value '" + first_text_text_ + "' in column '" + column_.name +
                            "' is not a number; this column must be numeric");
    }
    if (column_.kind == ColumnKind::Numeric && first_non_finite_ != 0) {
        // Infinities and NaNs would poison every split and mean; the user must decide what they mean.
        throw DataError(origin.source, line_of(origin, first_non_finite_ - 1), origin.column_number,
                        "non-finite value '" + first_non_finite_text_ + "' in numeric column '" + column_.name +
                            "'; write a finite number, or leave the cell empty if the value is missing");
    }
    column_.numbers.shrink_to_fit();
    column_.codes.shrink_to_fit();
    return std::move(column_);
}

}  // namespace treelab
