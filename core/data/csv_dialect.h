#pragma once
// Internal to core/data: guessing how a CSV file was written from its first lines (UTF-8 text).
#include <string_view>

namespace treelab {

// The first line of `text` that holds more than blanks ("" when none does).
std::string_view first_filled_line(std::string_view text);

// The candidate , ; or tab that occurs most often outside quotes in the header line; ',' on a tie
// or when none occurs.
char detect_delimiter(std::string_view header_line);

// ',' when fields of the lines after the header are numbers with a decimal comma ("1,5") and none
// with a decimal point, as spreadsheets write them in many locales, which separate fields by ';'
// (or tabs) for that reason; '.' otherwise, and always with ',' as the delimiter.
char detect_decimal(std::string_view text, char delimiter);

}  // namespace treelab
