#include "app/session/epoch_point.h"

namespace treelab {

EpochPoint epoch_point(const EpochReport& report) {
    return {report.epoch,        report.total,        report.train_loss,   report.valid_loss,
            report.train_metric, report.valid_metric, report.active_nodes, std::string(report.metric), nullptr, report.start, report.starts,
            report.schedule_value, std::string(report.schedule_name), report.loss_queries};
}

}  // namespace treelab
