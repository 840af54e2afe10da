#pragma once
// The progress of a run whose starts train at once (GradTree's restarts, GET's starts): their
// reports interleave (start 2 epoch 3, start 1 epoch 40, start 3 epoch 1, ...), so one report's
// epoch says little about the run. Counted here: every start's epochs so far, of every start's
// total, which only grows.
#include <utility>
#include <vector>

namespace treelab {

class StartProgress {
public:
    // The run's (epochs done, epochs in all) after `start` (0-based, of `starts`) reported `epoch`
    // of `total`: the report's own for a run of one start.
    std::pair<int, int> after(int start, int starts, int epoch, int total);

private:
    std::vector<int> done_;  // by start: the latest epoch reported
};

}  // namespace treelab
