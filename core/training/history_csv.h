#pragma once
// A run's training curve as CSV (what `treelab-cli train --history` writes): the points the
// workbench's Training tab plots, one row per finished epoch, or per evaluation of the online loop,
// in the order the run made them. Heartbeats are no points and are skipped.
#include <limits>
#include <string>
#include <vector>

#include "core/training/progress.h"

namespace treelab {

// The header line and one line per report, columns in this order:
//   start          1-based, as `train --start K` counts them (restarts and multi-start)
//   epoch          1-based within its start (online loop: the evaluation's number)
//   step           optimizer steps so far in the start (online loop: rounds)
//   loss_queries   loss queries so far in the start (bandit feedback); empty when not counted
//   train_loss, valid_loss
//   metric         what train_metric and valid_metric are ("accuracy", "r2", ...); empty = none
//   train_metric, valid_metric
//   active_nodes   nodes still active, for learners that prune; empty otherwise
//   schedule_name, schedule_value   the learner's own schedule (GET: "scale factor α"); empty = none
// A number the run did not compute (NaN: no validation rows, no schedule) is an empty cell, which
// CSV readers such as pandas read back as NaN; every other number is the shortest text that reads
// back as the same double. A learner without epochs (CART) gives the header line alone.
std::string history_csv(const std::vector<EpochReport>& history);

// One point of a training curve with its names owned (EpochReport borrows them): what the
// figure of a run's curves draws, whether from a run in memory or from its history file.
struct HistoryPoint {
    int start = 0;  // 0-based, as EpochReport::start
    int epoch = 0;
    long long step = 0;
    long long loss_queries = -1;  // -1 = not counted
    double train_loss = std::numeric_limits<double>::quiet_NaN(), valid_loss = std::numeric_limits<double>::quiet_NaN();
    std::string metric;  // a Scores key; empty = none
    double train_metric = std::numeric_limits<double>::quiet_NaN(), valid_metric = std::numeric_limits<double>::quiet_NaN();
    int active_nodes = -1;  // -1 = the learner does not prune
    std::string schedule_name;
    double schedule_value = std::numeric_limits<double>::quiet_NaN();

    bool operator==(const HistoryPoint&) const = default;
};

// The points of `history` (heartbeats skipped), as history_csv writes them.
std::vector<HistoryPoint> history_points(const std::vector<EpochReport>& history);

// The points of a file history_csv wrote (`text` its contents, `file` its name for messages).
// Throws DataError naming the file and line for another header, a line with another number of
// cells, or a cell that is not the number its column holds.
std::vector<HistoryPoint> read_history_csv(const std::string& text, const std::string& file);

}  // namespace treelab
