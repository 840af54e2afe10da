#pragma once
// How the values of one feature read in the texts of a tree (core/export/feature_value_text.h):
// as numbers, or as the dates, years, months and weekdays a date column makes
// (core/data/cell_reading.h). The date-times say which part of the time of day the column holds.
namespace treelab {

enum class ValueUnit { Number, Date, DateMinute, DateSecond, DateTime, Year, Month, Weekday };

}  // namespace treelab
