#pragma once
// One finished epoch as the GUI receives it from a worker thread (a copy of core's EpochReport
// that can cross threads: the tree snapshot is owned, not borrowed).
#include <limits>
#include <memory>
#include <string>

#include <QMetaType>

#include "core/model/tree_model.h"
#include "core/training/progress.h"

namespace treelab {

struct EpochPoint {
    int epoch = 0, total = 0;
    double train_loss = 0.0, valid_loss = 0.0, train_metric = 0.0, valid_metric = 0.0;
    int active_nodes = -1;                       // -1: the learner does not prune
    std::string metric;                          // what the metrics are (a Scores key); empty = none
    std::shared_ptr<const TreeModel> snapshot;   // every few epochs when the learner gives one
    int start = 0, starts = 1;                   // restarts: which start (0-based) of how many
    double schedule_value = std::numeric_limits<double>::quiet_NaN();  // the learner's own schedule (GET: α); NaN = none
    std::string schedule_name = {};  // what schedule_value is, e.g. "scale factor α"
    long long loss_queries = -1;     // loss queries so far in this start (bandit feedback); -1 = not counted
};

// The values of `report`, without its snapshot (the caller decides whether to copy that).
EpochPoint epoch_point(const EpochReport& report);

}  // namespace treelab

Q_DECLARE_METATYPE(treelab::EpochPoint)
