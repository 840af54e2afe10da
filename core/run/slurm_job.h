#pragma once
// A sweep as a Slurm job array (treelab-cli sweep --slurm DIR, the Sweep tab's "Export as Slurm
// job…"): sweep.sbatch runs one shard per array task (sweep --shard K/N, sweep_parts.h) and
// merge.sbatch, submitted with --dependency=afterok on the array, puts the parts together into the
// sweep's CSV. Paths in the scripts are absolute, so the jobs run from any folder of a shared file
// system.
#include <filesystem>
#include <string>

#include "core/run/sweep.h"

namespace treelab {

struct SlurmSettings {
    std::filesystem::path folder;     // the scripts, the part files and the jobs' logs
    std::filesystem::path out;        // the merged CSV
    std::filesystem::path cli;        // the treelab-cli the jobs run
    int shards = 4;                   // array tasks
    int cpus = 1;                     // --cpus-per-task, and each task's sweep --jobs
    std::string time;                 // --time, e.g. 2:00:00; empty = the partition's default
    std::string partition;            // --partition; empty = the cluster's default
};

struct SlurmScripts {
    std::string sweep, merge;  // the contents of sweep.sbatch and merge.sbatch
};

// Throws ParamError for shards or cpus below 1, listed values missing (an automatic path cannot be
// sharded), or a time or partition holding a line break.
SlurmScripts slurm_scripts(const SweepConfig& config, const SlurmSettings& settings);

// Writes folder/sweep.sbatch and folder/merge.sbatch (creating the folder), atomically; returns
// their paths. Throws Error naming a file that cannot be written.
std::pair<std::filesystem::path, std::filesystem::path> write_slurm_scripts(const SweepConfig& config, const SlurmSettings& settings);

}  // namespace treelab
