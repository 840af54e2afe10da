#pragma once
// Keeping another start's tree than the one a run chose (the runs of GET's N_start, GradTree's
// restarts; TrainResult::starts): `treelab-cli train --start K` and the workbench's "Keep start K's
// tree". The run's curves stay; its model, scores and run card become the start's.
#include "core/run/training_run.h"

namespace treelab {

// Puts start `start`'s tree (0-based, as RunOutcome::starts) in outcome.model, scores it on the
// run's data and appends `--start K` (1-based, as users count starts) to the card's command, so
// that the saved model says where it comes from and reproduces. Picking again replaces the pick.
// Throws ParamError when the run has no such start (naming how many it made, counted from 1) and
// Error when the outcome no longer holds the run's data.
void keep_start_tree(RunOutcome& outcome, int start);

// Back to the tree the run chose, its scores and its command; nothing to do when no start is picked.
void keep_run_tree(RunOutcome& outcome);

}  // namespace treelab
