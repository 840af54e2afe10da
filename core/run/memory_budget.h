#pragma once
// Memory a fit may use, checked before it allocates: the learner's estimate (LearnerInfo::
// memory_estimate) against what the machine has, so that a setting the machine cannot hold is
// refused with a sentence saying what to lower instead of exhausting the machine.
#include <optional>
#include <string>

#include "core/learners/learner.h"

namespace treelab {

// What the machine can give a fit, in bytes, and where the figure comes from.
struct MachineMemory {
    double bytes = 0.0;
    std::string source;  // "available", "the cgroup limit", "TREELAB_MEMORY_LIMIT"
};

// TREELAB_MEMORY_LIMIT when set (bytes, or with a unit: 512M, 8G, 1.5GB), else MemAvailable of
// /proc/meminfo, or the cgroup's room (memory.max − memory.current) when lower. Throws ParamError
// for a limit that does not read as a size. Empty when the platform says nothing (no check then).
std::optional<MachineMemory> machine_memory();

// "13.2 GB", "840 MB".
std::string memory_text(double bytes);

// The fit's data shape as the learner sees it.
DataShape data_shape(const TrainInput& input);

// The learner's estimate for this fit plus the run's scoring of the tree on every split.
MemoryEstimate memory_estimate(const LearnerInfo& learner, const DataShape& shape, const ParamValues& params);

// Throws ParamError when `cells` fits of this estimate at once exceed what the machine has: the
// estimate, the machine's figure and what to lower.
void check_memory(const MemoryEstimate& estimate, int cells = 1);

// The jobs to run cells of this estimate with: `jobs` (0 = one per core) when that many fit in
// memory at once, else as many as fit, at least 1 (a cell that does not fit alone is refused by
// run_training's check_memory).
int jobs_within_memory(const MemoryEstimate& per_cell, int jobs);

}  // namespace treelab
