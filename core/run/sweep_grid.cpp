#include "core/run/sweep_grid.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "core/error.h"
#include "core/run/sweep_target.h"

namespace treelab {
namespace {

constexpr int kMaxGridCount = 10000;  // a typo such as lin:0:1:1000000 should not start a day-long sweep

// Splits at each `separator` outside parentheses, so that a list value may hold one: a stage
// field's U(80,120) in schedule[2].alpha=50,U(80,120) is one value.
std::vector<std::string> split_text(const std::string& text, char separator) {
    std::vector<std::string> parts(1);
    int depth = 0;
    for (const char c : text) {
        depth += (c == '(') - (c == ')');
        if (c == separator && depth == 0) parts.emplace_back();
        else parts.back() += c;
    }
    return parts;
}

template <typename Number>
Number parse_part(const std::string& param, const std::string& text, const std::string& part, const char* what) {
    Number value{};
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (part.empty() || error != std::errc() || end != part.data() + part.size())
        throw ParamError("sweep of " + param + ": '" + text + "' has " + what + " '" + part + "'");
    return value;
}

// Real grid values as short texts; 12 digits keep every grid of up to kMaxGridCount values distinct.
std::string real_text(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.12g", value);
    double rounded = 0.0;
    std::from_chars(buffer, buffer + std::char_traits<char>::length(buffer), rounded);
    return to_text(ParamValue(rounded));
}

std::vector<double> range_numbers(const SweepGrid& grid) {
    std::vector<double> numbers;
    const bool log = grid.kind == GridKind::Log;
    const double from = log ? std::log10(grid.from) : grid.from;
    const double to = log ? std::log10(grid.to) : grid.to;
    for (int i = 0; i < grid.count; ++i) {
        // (to - from) * i / (count - 1) rather than adding a step: the last value is exactly `to`.
        const double t = grid.count == 1 ? from : from + (to - from) * i / (grid.count - 1);
        numbers.push_back(log ? std::pow(10.0, t) : t);
    }
    if (log) {  // pow(10, log10(x)) may miss x by an ulp; the ends are the user's numbers
        numbers.front() = grid.from;
        numbers.back() = grid.count == 1 ? grid.from : grid.to;
    }
    return numbers;
}

}  // namespace

SweepGrid parse_grid(const std::string& param, const std::string& text) {
    SweepGrid grid;
    if (text == "auto") {
        grid.kind = GridKind::Automatic;
        return grid;
    }
    const std::vector<std::string> parts = split_text(text, ':');
    if (parts.size() == 1) {
        grid.list = split_text(text, ',');
        for (const std::string& value : grid.list)
            if (value.empty()) throw ParamError("sweep of " + param + ": '" + text + "' has an empty value");
        return grid;
    }
    if (parts.size() != 4 || (parts[0] != "lin" && parts[0] != "log"))
        throw ParamError("sweep of " + param + ": '" + text +
                         "' must be auto, v1,v2,..., lin:FROM:TO:COUNT or log:FROM:TO:COUNT");
    grid.kind = parts[0] == "log" ? GridKind::Log : GridKind::Linear;
    grid.from = parse_part<double>(param, text, parts[1], "a bad FROM");
    grid.to = parse_part<double>(param, text, parts[2], "a bad TO");
    grid.count = parse_part<int>(param, text, parts[3], "a bad COUNT");
    return grid;
}

std::vector<std::string> grid_values(const SweepGrid& grid, std::span<const ParamSpec> specs, const std::string& param) {
    const SweepTarget target = sweep_target(specs, param);
    const ParamSpec* spec = &target.spec;
    if (grid.kind == GridKind::Automatic) return {};

    std::vector<std::string> values;
    if (grid.kind == GridKind::List) {
        values = grid.list;
    } else {
        if (spec->type != ParamType::Integer && spec->type != ParamType::Real)
            throw ParamError("sweep of " + param + ": a range needs a numeric parameter; " + param + " is " +
                             to_string(spec->type) + " (" + spec->range_text() + "): list the values instead");
        if (grid.count < 1 || grid.count > kMaxGridCount)
            throw ParamError("sweep of " + param + ": the range needs 1 to " + std::to_string(kMaxGridCount) +
                             " values, not " + std::to_string(grid.count));
        if (!std::isfinite(grid.from) || !std::isfinite(grid.to))
            throw ParamError("sweep of " + param + ": the range ends must be finite numbers");
        if (grid.kind == GridKind::Log && (grid.from <= 0.0 || grid.to <= 0.0))
            throw ParamError("sweep of " + param + ": a log range needs FROM > 0 and TO > 0, not " +
                             to_text(ParamValue(grid.from)) + " and " + to_text(ParamValue(grid.to)));
        for (const double number : range_numbers(grid)) {
            const std::string text = spec->type == ParamType::Integer ? std::to_string(std::llround(number))
                                                                      : real_text(number);
            // Ranges are monotone, so rounding can only repeat the previous value.
            if (values.empty() || values.back() != text) values.push_back(text);
        }
    }
    for (const std::string& value : values) check_sweep_value(specs, target, value);  // throws naming the parameter
    if (values.empty()) throw ParamError("sweep of " + param + " has no values");
    return values;
}

}  // namespace treelab
