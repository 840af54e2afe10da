#pragma once
// Cell texts that spreadsheets write for numbers and dates, read as numbers: dates and date-times
// ("2020-01-01", "2020-01-01 13:45", "31/12/2020"), numbers with a thousands separator
// ("51,494", "1.234,5", "1 234", "1'234.5") and percentages ("98%" reads as 0.98, the value a
// spreadsheet stores behind the format). A CSV column holding them is typed categorical by the
// reader; the feature pipeline detects the reading per column (detect_reading), records it, and
// applies it to the texts of any later table, so predict reads a new file as training did.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace treelab {

// The order of the parts of a date written with slashes; ISO dates are year-month-day.
enum class DateOrder { YearMonthDay, DayMonthYear, MonthDayYear };

// The finest part of the time of day a date column's cells hold, so that a threshold between two of
// its values can be shown as the last value that goes left: whole days (no cell has a time, or
// every time is midnight), whole minutes, whole seconds, or finer (also: not recorded, in model
// files written before it was).
enum class TimeOfDay { None, Minutes, Seconds, Fractions };

struct CellReading {
    enum class Kind { Plain, Number, Date };
    Kind kind = Kind::Plain;
    // Number: the thousands separator (0 = none), the decimal separator, and whether every cell
    // ends in '%' (the value is the number / 100).
    char grouping = 0;
    char decimal = '.';
    bool percent = false;
    // Date: the value is the days since 1970-01-01, with the time of day as a fraction; derived
    // features (each also a number) follow it.
    DateOrder order = DateOrder::YearMonthDay;
    bool year = false, month = false, weekday = false;
    TimeOfDay times = TimeOfDay::None;

    bool plain() const { return kind == Kind::Plain; }
    bool operator==(const CellReading&) const = default;
};

// What the user allows the detection (--thousands, --percent, --dates).
struct CellReadingOptions {
    // 0 = detected per column; kNoGrouping = no column is read with a thousands separator; else the
    // separator (',', '.', ' ', '\'').
    static constexpr char kNoGrouping = '-';
    char thousands = 0;
    bool percent = true;
    // Dates read: Detect (ISO, and slashed dates whose order some day above 12 shows), None, or
    // slashed dates taken in the order given when no day shows it.
    enum class Dates { Detect, None, DayFirst, MonthFirst };
    Dates dates = Dates::Detect;

    bool operator==(const CellReadingOptions&) const = default;
};

// Option texts: --thousands auto|none|,|.|space|apostrophe; --percent auto|none;
// --dates auto|none|dmy|mdy. The from_string functions throw ParamError.
std::string thousands_text(char thousands);
char thousands_from_string(const std::string& text);
std::string dates_text(CellReadingOptions::Dates dates);
CellReadingOptions::Dates dates_from_string(const std::string& text);

// The reading every text (the non-missing cells of one column, each once) fits, or Plain when
// none does. `file_decimal` is the file's decimal separator; derived date features are those the
// dates make useful: the year when they fall in two years or more, the month when they fall in two
// months of the year or more, the weekday when they span at least two weeks.
CellReading detect_reading(const std::vector<std::string>& texts, char file_decimal, const CellReadingOptions& options);

// The value of one cell text under `reading` (not Plain), or empty when it does not fit.
std::optional<double> read_cell(std::string_view text, const CellReading& reading);

// Year, month (1-12), weekday (0 = Monday) and day of the month of a day count since 1970-01-01
// (floored).
struct CivilDate {
    int year, month, weekday, day;
};
CivilDate civil_date(double days);

// "date, as days since 1970-01-01 (+ year, month)", "number with ',' thousands", "percentage (98% = 0.98)".
std::string reading_text(const CellReading& reading);

}  // namespace treelab
