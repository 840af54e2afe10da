#pragma once
// A run's training curve as CSV (what `treelab-cli train --history` writes): the points the
// workbench's Training tab plots, one row per finished epoch, or per evaluation of the online loop,
// in the order the run made them. Heartbeats are no points and are skipped.
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

}  // namespace treelab
