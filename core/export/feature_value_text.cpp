#include "core/export/feature_value_text.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <span>

#include "core/data/cell_reading.h"
#include "core/export/number_text.h"

namespace treelab {
namespace {

// Days since 1970-01-01 beyond which no date is written (the years ±10,000): a threshold there is
// not a day any column holds.
constexpr double kLastDay = 2.9e6;

std::string date_text(double day) {
    const CivilDate date = civil_date(day);
    char buffer[48];  // room for any int, so nothing is cut
    std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02d", date.year, date.month, date.day);
    return buffer;
}

// The last tick (of `per_day` a day) at or below `days`; `slack` (in ticks) takes in the rounding a
// time read as a fraction of a day carries, so a time that is a whole tick stays on it.
std::string date_time_text(double days, double per_day, double slack) {
    const double ticks = std::floor(days * per_day + slack);
    const double day = std::floor(ticks / per_day);
    const auto millisecond = static_cast<long long>(std::llround((ticks - day * per_day) * (86400000.0 / per_day)));
    const long long second = millisecond / 1000, minute = second / 60;
    char buffer[96];
    int length = std::snprintf(buffer, sizeof buffer, "%s %02lld:%02lld", date_text(day).c_str(), minute / 60, minute % 60);
    if (millisecond % 60000 != 0) length += std::snprintf(buffer + length, sizeof buffer - static_cast<std::size_t>(length), ":%02lld", second % 60);
    if (millisecond % 1000 != 0) {
        std::snprintf(buffer + length, sizeof buffer - static_cast<std::size_t>(length), ".%03lld", millisecond % 1000);
        std::string text = buffer;
        return text.substr(0, text.find_last_not_of('0') + 1);
    }
    return buffer;
}

constexpr std::array<const char*, 12> kMonths{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr std::array<const char*, 7> kWeekdays{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};

// The name of the whole value at or below `value`, `names` being those of first, first + 1, …
std::string name_text(double value, int first, std::span<const char* const> names, int digits) {
    const double whole = std::floor(value) - first;
    if (whole < 0 || whole >= static_cast<double>(names.size())) return significant_text(value, digits);
    return names[static_cast<std::size_t>(whole)];
}

ValueUnit date_unit(TimeOfDay times) {
    switch (times) {
        case TimeOfDay::None: return ValueUnit::Date;
        case TimeOfDay::Minutes: return ValueUnit::DateMinute;
        case TimeOfDay::Seconds: return ValueUnit::DateSecond;
        case TimeOfDay::Fractions: break;
    }
    return ValueUnit::DateTime;
}

}  // namespace

std::vector<ValueUnit> feature_units(const FeaturePipeline& pipeline) {
    std::vector<ValueUnit> units;
    bool dated = false;
    for (const InputColumn& input : pipeline.inputs) {
        const CellReading& reading = input.reading;
        if (input.kind == ColumnKind::Numeric && reading.kind == CellReading::Kind::Date) {
            dated = true;
            units.push_back(date_unit(reading.times));
            if (reading.year) units.push_back(ValueUnit::Year);
            if (reading.month) units.push_back(ValueUnit::Month);
            if (reading.weekday) units.push_back(ValueUnit::Weekday);
            if (input.missing_indicator) units.push_back(ValueUnit::Number);
        } else {
            units.insert(units.end(), input.feature_count(), ValueUnit::Number);
        }
    }
    return dated ? units : std::vector<ValueUnit>{};
}

std::string feature_value_text(const TreeModel& tree, int feature, double value, int digits) {
    if (feature < 0 || static_cast<std::size_t>(feature) >= tree.feature_units.size() || !std::isfinite(value))
        return significant_text(value, digits);
    const ValueUnit unit = tree.feature_units[static_cast<std::size_t>(feature)];
    const bool dated = unit == ValueUnit::Date || unit == ValueUnit::DateMinute || unit == ValueUnit::DateSecond ||
                       unit == ValueUnit::DateTime;
    if (dated && std::abs(value) > kLastDay) return significant_text(value, digits);
    switch (unit) {
        case ValueUnit::Number: break;
        // Whole days are whole numbers: the floor is exact.
        case ValueUnit::Date: return date_text(std::floor(value));
        case ValueUnit::DateMinute: return date_time_text(value, 1440.0, 1e-6);
        case ValueUnit::DateSecond: return date_time_text(value, 86400.0, 1e-3);
        // Nothing known of the column's times: the value itself, to the millisecond.
        case ValueUnit::DateTime: return date_time_text(value, 86400000.0, 0.5);
        case ValueUnit::Year: return significant_text(std::floor(value), 10);
        case ValueUnit::Month: return name_text(value, 1, kMonths, digits);
        case ValueUnit::Weekday: return name_text(value, 0, kWeekdays, digits);
    }
    return significant_text(value, digits);
}

}  // namespace treelab
