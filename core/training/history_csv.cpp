#include "core/training/history_csv.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "core/error.h"
#include "core/io/csv_field.h"
#include "core/params/param_spec.h"

namespace treelab {
namespace {

std::string number_cell(double value) { return std::isnan(value) ? std::string() : to_text(ParamValue{value}); }

// -1 is the reports' "not counted".
std::string count_cell(long long value) { return value < 0 ? std::string() : std::to_string(value); }

constexpr const char* kHeader =
    "start,epoch,step,loss_queries,train_loss,valid_loss,metric,train_metric,valid_metric,active_nodes,"
    "schedule_name,schedule_value";
constexpr std::size_t kColumns = 12;

// Reads the cells of one line back; every failure names the file, the line and the column.
class LineReader {
public:
    LineReader(const std::string& file, std::size_t line, std::vector<std::string> cells)
        : file_(file), line_(line), cells_(std::move(cells)) {}

    double number(std::size_t column) const {
        const std::string& cell = cells_[column];
        if (cell.empty()) return std::numeric_limits<double>::quiet_NaN();
        char* end = nullptr;
        errno = 0;
        const double value = std::strtod(cell.c_str(), &end);
        if (*end != '\0' || errno == ERANGE) fail(column, "is not a number");
        return value;
    }
    // A count; an empty cell is `missing` (the reports' "not counted").
    long long count(std::size_t column, long long missing) const {
        const std::string& cell = cells_[column];
        if (cell.empty()) return missing;
        char* end = nullptr;
        errno = 0;
        const long long value = std::strtoll(cell.c_str(), &end, 10);
        if (*end != '\0' || errno == ERANGE || value < 0) fail(column, "is not a whole number");
        return value;
    }
    const std::string& text(std::size_t column) const { return cells_[column]; }

private:
    [[noreturn]] void fail(std::size_t column, const std::string& what) const {
        throw DataError(file_, line_, column + 1, "'" + cells_[column] + "' " + what);
    }
    const std::string& file_;
    std::size_t line_;
    std::vector<std::string> cells_;
};

}  // namespace

std::vector<HistoryPoint> history_points(const std::vector<EpochReport>& history) {
    std::vector<HistoryPoint> points;
    for (const EpochReport& report : history) {
        if (report.heartbeat) continue;
        points.push_back({report.start, report.epoch, report.step, report.loss_queries, report.train_loss, report.valid_loss,
                          std::string(report.metric), report.train_metric, report.valid_metric, report.active_nodes,
                          std::string(report.schedule_name), report.schedule_value});
    }
    return points;
}

std::vector<HistoryPoint> read_history_csv(const std::string& text, const std::string& file) {
    std::istringstream in(text);
    std::string line;
    std::getline(in, line);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);  // a byte-order mark from a spreadsheet
    if (line != kHeader)
        throw DataError(file, 1, 0, "this is not a training history written by treelab-cli train --history (its first line "
                                    "must be " + std::string(kHeader) + ")");
    std::vector<HistoryPoint> points;
    for (std::size_t number = 2; std::getline(in, line); ++number) {
        if (line.empty() || line == "\r") continue;
        std::optional<std::vector<std::string>> cells = csv_fields(line);
        if (!cells) throw DataError(file, number, 0, "a quoted cell is not closed");
        if (cells->size() != kColumns)
            throw DataError(file, number, 0, "the line has " + std::to_string(cells->size()) + " cells, not " +
                                                 std::to_string(kColumns));
        const LineReader cell(file, number, std::move(*cells));
        HistoryPoint point;
        point.start = static_cast<int>(cell.count(0, 1)) - 1;
        if (point.start < 0) throw DataError(file, number, 1, "starts are counted from 1");
        point.epoch = static_cast<int>(cell.count(1, 0));
        point.step = cell.count(2, 0);
        point.loss_queries = cell.count(3, -1);
        point.train_loss = cell.number(4);
        point.valid_loss = cell.number(5);
        point.metric = cell.text(6);
        point.train_metric = cell.number(7);
        point.valid_metric = cell.number(8);
        point.active_nodes = static_cast<int>(cell.count(9, -1));
        point.schedule_name = cell.text(10);
        point.schedule_value = cell.number(11);
        points.push_back(std::move(point));
    }
    return points;
}

std::string history_csv(const std::vector<EpochReport>& history) {
    std::string csv = std::string(kHeader) + '\n';
    for (const EpochReport& report : history) {
        if (report.heartbeat) continue;
        csv += std::to_string(report.start + 1) + ',' + std::to_string(report.epoch) + ',' + std::to_string(report.step) +
               ',' + count_cell(report.loss_queries) + ',' + number_cell(report.train_loss) + ',' +
               number_cell(report.valid_loss) + ',' + csv_field(std::string(report.metric)) + ',' +
               number_cell(report.train_metric) + ',' + number_cell(report.valid_metric) + ',' +
               count_cell(report.active_nodes) + ',' + csv_field(std::string(report.schedule_name)) + ',' +
               number_cell(report.schedule_value) + '\n';
    }
    return csv;
}

}  // namespace treelab
