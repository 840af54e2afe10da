#include "core/training/history_csv.h"

#include <cmath>

#include "core/io/csv_field.h"
#include "core/params/param_spec.h"

namespace treelab {
namespace {

std::string number_cell(double value) { return std::isnan(value) ? std::string() : to_text(ParamValue{value}); }

// -1 is the reports' "not counted".
std::string count_cell(long long value) { return value < 0 ? std::string() : std::to_string(value); }

}  // namespace

std::string history_csv(const std::vector<EpochReport>& history) {
    std::string csv =
        "start,epoch,step,loss_queries,train_loss,valid_loss,metric,train_metric,valid_metric,active_nodes,"
        "schedule_name,schedule_value\n";
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
