#include "core/data/cell_reading.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/data/column_typing.h"
#include "core/error.h"

namespace treelab {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

// Reads `count` digits (exactly) at `at`; false when they are not there.
bool digits(std::string_view text, std::size_t& at, std::size_t count, int& value) {
    if (at + count > text.size()) return false;
    value = 0;
    for (std::size_t k = 0; k < count; ++k) {
        if (!is_digit(text[at + k])) return false;
        value = value * 10 + (text[at + k] - '0');
    }
    at += count;
    return true;
}

// One or two digits.
bool short_number(std::string_view text, std::size_t& at, int& value) {
    if (at + 1 < text.size() && is_digit(text[at + 1])) return digits(text, at, 2, value);
    return digits(text, at, 1, value);
}

bool is_leap(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

bool valid_date(int year, int month, int day) {
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12 || day < 1) return false;
    return day <= kDays[month - 1] + (month == 2 && is_leap(year) ? 1 : 0);
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
double days_from_civil(int year, int month, int day) {
    year -= month <= 2 ? 1 : 0;
    const int era = (year >= 0 ? year : year - 399) / 400;
    const int year_of_era = year - era * 400;
    const int day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    const int day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return static_cast<double>(era) * 146097.0 + day_of_era - 719468.0;
}

// " 13:45", "T13:45:00", "T13:45:00.5" after a date: the fraction of the day; `at` must reach the end.
std::optional<double> time_of_day(std::string_view text, std::size_t at) {
    if (at == text.size()) return 0.0;
    if (text[at] != ' ' && text[at] != 'T') return std::nullopt;
    ++at;
    int hour = 0, minute = 0, second = 0;
    if (!digits(text, at, 2, hour) || at >= text.size() || text[at++] != ':' || !digits(text, at, 2, minute))
        return std::nullopt;
    double fraction = 0.0;
    if (at < text.size() && text[at] == ':') {
        ++at;
        if (!digits(text, at, 2, second)) return std::nullopt;
        if (at < text.size() && text[at] == '.') {
            double scale = 0.1;
            for (++at; at < text.size() && is_digit(text[at]); ++at, scale /= 10) fraction += (text[at] - '0') * scale;
        }
    }
    if (at != text.size() || hour > 23 || minute > 59 || second > 59) return std::nullopt;
    return (hour * 3600.0 + minute * 60.0 + second + fraction) / 86400.0;
}

std::optional<double> iso_date(std::string_view text) {
    std::size_t at = 0;
    int year = 0, month = 0, day = 0;
    if (!digits(text, at, 4, year) || at >= text.size() || text[at++] != '-' || !digits(text, at, 2, month) ||
        at >= text.size() || text[at++] != '-' || !digits(text, at, 2, day) || !valid_date(year, month, day))
        return std::nullopt;
    const auto time = time_of_day(text, at);
    if (!time) return std::nullopt;
    return days_from_civil(year, month, day) + *time;
}

// "31/12/2020" split into its two short parts, the year and the time; false when it is not one.
struct SlashedDate {
    int first = 0, second = 0, year = 0;
    double time = 0.0;
};
std::optional<SlashedDate> slashed_date(std::string_view text) {
    SlashedDate date;
    std::size_t at = 0;
    if (!short_number(text, at, date.first) || at >= text.size() || text[at++] != '/' ||
        !short_number(text, at, date.second) || at >= text.size() || text[at++] != '/' || !digits(text, at, 4, date.year))
        return std::nullopt;
    const auto time = time_of_day(text, at);
    if (!time) return std::nullopt;
    date.time = *time;
    return date;
}

std::optional<double> date_value(std::string_view text, DateOrder order) {
    if (order == DateOrder::YearMonthDay) return iso_date(text);
    const auto date = slashed_date(text);
    if (!date) return std::nullopt;
    const int day = order == DateOrder::DayMonthYear ? date->first : date->second;
    const int month = order == DateOrder::DayMonthYear ? date->second : date->first;
    if (!valid_date(date->year, month, day)) return std::nullopt;
    return days_from_civil(date->year, month, day) + date->time;
}

// "-51,494.5" with `grouping` between groups of three digits (or none at all) and `decimal`.
std::optional<double> grouped_number(std::string_view text, char grouping, char decimal) {
    std::string plain;
    std::size_t at = 0;
    if (at < text.size() && (text[at] == '-' || text[at] == '+')) plain += text[at++];
    std::size_t run = 0, groups = 0;
    bool grouped = false;
    for (; at < text.size() && (is_digit(text[at]) || (grouping != 0 && text[at] == grouping)); ++at) {
        if (text[at] == grouping) {
            if (run == 0 || run > 3 || (groups > 0 && run != 3)) return std::nullopt;
            grouped = true;
            ++groups;
            run = 0;
        } else {
            plain += text[at];
            ++run;
        }
    }
    if (run == 0 || (grouped && run != 3)) return std::nullopt;
    if (at < text.size() && text[at] == decimal) {
        plain += '.';
        for (++at; at < text.size() && is_digit(text[at]); ++at) plain += text[at];
    }
    if (at != text.size()) return std::nullopt;
    double value = 0.0;
    if (parse_number(plain, value) != NumberText::Finite) return std::nullopt;
    return value;
}

std::optional<double> number_value(std::string_view text, const CellReading& reading) {
    if (reading.percent) {
        if (text.empty() || text.back() != '%') return std::nullopt;
        text = trimmed(text.substr(0, text.size() - 1));
    }
    const auto value = grouped_number(text, reading.grouping, reading.decimal);
    if (!value) return std::nullopt;
    return reading.percent ? *value / 100.0 : *value;
}

bool all_read(const std::vector<std::string>& texts, const CellReading& reading) {
    return std::all_of(texts.begin(), texts.end(), [&](const std::string& text) { return read_cell(text, reading).has_value(); });
}

// Slashed dates: the order some part above 12 shows, or the one the user gave; Plain when neither.
std::optional<DateOrder> slashed_order(const std::vector<std::string>& texts, CellReadingOptions::Dates dates) {
    bool first_above_12 = false, second_above_12 = false;
    for (const std::string& text : texts) {
        const auto date = slashed_date(trimmed(text));
        if (!date) return std::nullopt;
        first_above_12 |= date->first > 12;
        second_above_12 |= date->second > 12;
    }
    if (first_above_12 && second_above_12) return std::nullopt;
    if (first_above_12) return DateOrder::DayMonthYear;
    if (second_above_12) return DateOrder::MonthDayYear;
    if (dates == CellReadingOptions::Dates::DayFirst) return DateOrder::DayMonthYear;
    if (dates == CellReadingOptions::Dates::MonthFirst) return DateOrder::MonthDayYear;
    return std::nullopt;  // 01/02/2020 could be either: left as text rather than guessed
}

// The part of the time of day a value read by read_cell holds.
TimeOfDay time_part(double days) {
    // A read time is a fraction of 86400 seconds in a double: whole seconds come back within far
    // less than a millisecond.
    constexpr double kTolerance = 1e-3;
    const double seconds = (days - std::floor(days)) * 86400.0;
    const double whole = std::round(seconds);
    if (std::abs(seconds - whole) > kTolerance) return TimeOfDay::Fractions;
    if (whole == 0.0 || whole == 86400.0) return TimeOfDay::None;
    return std::fmod(whole, 60.0) == 0.0 ? TimeOfDay::Minutes : TimeOfDay::Seconds;
}

CellReading date_reading(const std::vector<std::string>& texts, DateOrder order) {
    CellReading reading;
    reading.kind = CellReading::Kind::Date;
    reading.order = order;
    if (!all_read(texts, reading)) return {};
    std::set<int> years, months;
    double first = INFINITY, last = -INFINITY;
    for (const std::string& text : texts) {
        const double days = *read_cell(text, reading);
        reading.times = std::max(reading.times, time_part(days));
        const CivilDate date = civil_date(days);
        years.insert(date.year);
        months.insert(date.month);
        first = std::min(first, days);
        last = std::max(last, days);
    }
    reading.year = years.size() > 1;
    reading.month = months.size() > 1;
    reading.weekday = last - first >= 14.0;
    return reading;
}

}  // namespace

std::string thousands_text(char thousands) {
    switch (thousands) {
        case 0: return "auto";
        case CellReadingOptions::kNoGrouping: return "none";
        case ' ': return "space";
        case '\'': return "apostrophe";
        default: return std::string(1, thousands);
    }
}

char thousands_from_string(const std::string& text) {
    if (text == "auto") return 0;
    if (text == "none") return CellReadingOptions::kNoGrouping;
    if (text == "space") return ' ';
    if (text == "apostrophe" || text == "'") return '\'';
    if (text == "," || text == ".") return text[0];
    throw ParamError("unknown thousands separator '" + text + "'; use auto, none, ',', '.', space or apostrophe");
}

std::string dates_text(CellReadingOptions::Dates dates) {
    switch (dates) {
        case CellReadingOptions::Dates::None: return "none";
        case CellReadingOptions::Dates::DayFirst: return "dmy";
        case CellReadingOptions::Dates::MonthFirst: return "mdy";
        case CellReadingOptions::Dates::Detect: break;
    }
    return "auto";
}

CellReadingOptions::Dates dates_from_string(const std::string& text) {
    if (text == "auto") return CellReadingOptions::Dates::Detect;
    if (text == "none") return CellReadingOptions::Dates::None;
    if (text == "dmy") return CellReadingOptions::Dates::DayFirst;
    if (text == "mdy") return CellReadingOptions::Dates::MonthFirst;
    throw ParamError("unknown date reading '" + text + "'; use auto, none, dmy (31/12/2020) or mdy (12/31/2020)");
}

std::optional<double> read_cell(std::string_view text, const CellReading& reading) {
    text = trimmed(text);
    if (reading.kind == CellReading::Kind::Date) return date_value(text, reading.order);
    if (reading.kind == CellReading::Kind::Number) return number_value(text, reading);
    double value = 0.0;
    if (parse_number(text, value) != NumberText::Finite) return std::nullopt;
    return value;
}

CellReading detect_reading(const std::vector<std::string>& texts, char file_decimal, const CellReadingOptions& options) {
    if (texts.empty()) return {};
    if (options.dates != CellReadingOptions::Dates::None) {
        if (iso_date(trimmed(texts.front()))) {
            if (CellReading reading = date_reading(texts, DateOrder::YearMonthDay); !reading.plain()) return reading;
        } else if (const auto order = slashed_order(texts, options.dates)) {
            if (CellReading reading = date_reading(texts, *order); !reading.plain()) return reading;
        }
    }
    // Separators in the order the file's decimal separator makes likely; the first every text fits,
    // with at least one text using its separator (or a '%' on every text), wins.
    const char other = file_decimal == ',' ? '.' : ',';
    std::vector<std::pair<char, char>> styles;  // grouping, decimal
    for (const char grouping : {other, '\'', ' '}) styles.emplace_back(grouping, file_decimal);
    styles.emplace_back(file_decimal, other);  // "1.234,5" in a file whose other numbers use '.'
    if (options.thousands == CellReadingOptions::kNoGrouping) styles = {{0, file_decimal}};
    else if (options.thousands != 0) styles = {{options.thousands, options.thousands == ',' ? '.' : options.thousands == '.' ? ',' : file_decimal}};
    const bool all_percent = options.percent && std::all_of(texts.begin(), texts.end(), [](const std::string& text) {
        const std::string_view t = trimmed(text);
        return !t.empty() && t.back() == '%';
    });
    for (const bool percent : {true, false}) {
        if (percent && !all_percent) continue;
        for (const auto& [grouping, decimal] : styles) {
            CellReading reading;
            reading.kind = CellReading::Kind::Number;
            reading.grouping = grouping;
            reading.decimal = decimal;
            reading.percent = percent;
            const bool uses = std::any_of(texts.begin(), texts.end(), [&reading](const std::string& text) {
                return reading.grouping != 0 && text.find(reading.grouping) != std::string::npos;
            });
            if (uses && all_read(texts, reading)) return reading;
        }
        if (percent) {  // "98%", "12.5%": no thousands separator at all
            CellReading reading;
            reading.kind = CellReading::Kind::Number;
            reading.decimal = file_decimal;
            reading.percent = true;
            if (all_read(texts, reading)) return reading;
        }
    }
    return {};
}

CivilDate civil_date(double days) {
    // H. Hinnant's civil_from_days.
    const long z = static_cast<long>(std::floor(days)) + 719468;
    const long era = (z >= 0 ? z : z - 146096) / 146097;
    const long day_of_era = z - era * 146097;
    const long year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
    const long day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    const long mp = (5 * day_of_year + 2) / 153;
    const int day = static_cast<int>(day_of_year - (153 * mp + 2) / 5 + 1);
    const int month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    const int year = static_cast<int>(year_of_era + era * 400 + (month <= 2 ? 1 : 0));
    const long floored = static_cast<long>(std::floor(days));
    const int weekday = static_cast<int>(((floored % 7) + 7 + 3) % 7);  // 1970-01-01 was a Thursday (3)
    return {year, month, weekday, day};
}

std::string reading_text(const CellReading& reading) {
    if (reading.kind == CellReading::Kind::Date) {
        std::string text = "date";
        if (reading.order == DateOrder::DayMonthYear) text += " (day/month/year)";
        if (reading.order == DateOrder::MonthDayYear) text += " (month/day/year)";
        text += ", as days since 1970-01-01";
        std::vector<std::string> derived;
        if (reading.year) derived.push_back("year");
        if (reading.month) derived.push_back("month");
        if (reading.weekday) derived.push_back("weekday");
        for (std::size_t k = 0; k < derived.size(); ++k) text += (k == 0 ? " (+ " : ", ") + derived[k];
        return derived.empty() ? text : text + ")";
    }
    if (reading.kind == CellReading::Kind::Number) {
        std::string text = reading.percent ? "percentage (98% = 0.98)" : "number";
        if (reading.grouping != 0) text += " with thousands separator " + std::string(reading.grouping == ' ' ? "space" : "'" + std::string(1, reading.grouping) + "'");
        if (reading.decimal == ',') text += ", decimal comma";
        return text;
    }
    return "number";
}

}  // namespace treelab
