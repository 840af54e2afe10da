#pragma once
// A sweep split into shards (treelab-cli sweep --shard K/N, e.g. the tasks of a Slurm job array)
// and put together again (treelab-cli merge-sweep). A part file carries the sweep's identity and
// each row's place in the grid, so that merging rebuilds exactly the file one `sweep` writes and
// refuses parts of another sweep, a row in two parts and rows in none.
#include <filesystem>
#include <string>
#include <vector>

#include "core/run/sweep.h"

namespace treelab {

// SHA-256 over what decides the sweep's rows: the data file's bytes, the command that reproduces the
// base run (the data file named by its file name alone, so that shards may read copies in other
// folders), the swept parameter, its values and the seeds. Jobs and shards are not part of it.
// Throws Error when the data file cannot be read.
std::string sweep_identity(const SweepConfig& config);

// The part file of shard config.shard of config.shards with its finished `rows` (run_sweep's):
//   # treelab sweep part: identity=<hex>, rows=<rows of the whole sweep>, shard=<K>/<N>
//   row,<the sweep CSV's header>
//   <grid index>,<the sweep CSV's line of that row>          (one per row)
std::string sweep_part_text(const SweepConfig& config, const std::vector<SweepRow>& rows);

// The sweep CSV of the parts in `files`, byte for byte what one `sweep` writes. Throws DataError
// naming the file (and line where there is one) for a file that is not a part, a part of another
// sweep (another identity, row count or header), a row in two parts, or rows in none (listed).
std::string merge_sweep_parts(const std::vector<std::filesystem::path>& files);

}  // namespace treelab
