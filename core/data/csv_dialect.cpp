#include "core/data/csv_dialect.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>

namespace treelab {
namespace {

constexpr std::size_t kLinesForDecimal = 50;

bool is_blank(std::string_view line) {
    return std::all_of(line.begin(), line.end(), [](char c) { return c == ' ' || c == '\r' || c == '\t'; });
}

// Whether `field` is digits, `mark` and digits (an optional sign and spaces around).
bool is_decimal(std::string_view field, char mark) {
    const auto first = field.find_first_not_of(" \t\r\"");
    if (first == std::string_view::npos) return false;
    field = field.substr(first, field.find_last_not_of(" \t\r\"") - first + 1);
    if (!field.empty() && (field[0] == '-' || field[0] == '+')) field.remove_prefix(1);
    const auto at = field.find(mark);
    if (at == std::string_view::npos || at + 1 == field.size()) return false;
    const auto digits = [](std::string_view part) {
        return std::all_of(part.begin(), part.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    };
    return digits(field.substr(0, at)) && digits(field.substr(at + 1));
}

}  // namespace

std::string_view first_filled_line(std::string_view text) {
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        const std::string_view line = text.substr(0, end);
        if (!is_blank(line)) return line;
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    return {};
}

char detect_delimiter(std::string_view header_line) {
    constexpr std::array<char, 3> candidates = {',', ';', '\t'};
    std::array<std::size_t, 3> counts{};
    bool quoted = false;
    for (const char c : header_line) {
        if (c == '"') quoted = !quoted;
        for (std::size_t i = 0; i < candidates.size() && !quoted; ++i) counts[i] += c == candidates[i];
    }
    const auto best = std::max_element(counts.begin(), counts.end());
    return *best == 0 ? ',' : candidates[static_cast<std::size_t>(best - counts.begin())];
}

char detect_decimal(std::string_view text, char delimiter) {
    if (delimiter == ',') return '.';
    std::size_t commas = 0, points = 0;
    // The header is skipped with the first line.
    for (std::size_t line = 0; line <= kLinesForDecimal && !text.empty(); ++line) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        if (line > 0) {
            std::string_view rest = text.substr(0, end);
            for (;;) {
                const std::size_t stop = std::min(rest.find(delimiter), rest.size());
                commas += is_decimal(rest.substr(0, stop), ',');
                points += is_decimal(rest.substr(0, stop), '.');
                if (stop == rest.size()) break;
                rest.remove_prefix(stop + 1);
            }
        }
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    return commas > 0 && points == 0 ? ',' : '.';
}

}  // namespace treelab
