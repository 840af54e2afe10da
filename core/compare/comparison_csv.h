#pragma once
// A comparison's cells as CSV (treelab-cli compare --out), its shard parts (compare --shard K/N,
// e.g. the tasks of a Slurm job array) and the merge that rebuilds the whole (merge-compare).
#include <filesystem>
#include <string>
#include <vector>

#include "core/compare/comparison.h"

namespace treelab {

// One row per cell: data_set, method, label, repeat, fold (1-based), error, fit_seconds,
// train_rows, test_rows, every test score of the task, tree_depth, nodes, leaves. A failed cell
// has its message in `error` and empty scores.
std::string comparison_to_csv(const ComparisonResult& result);

// The cells of a comparison CSV (no predictions: pooled scores cannot be computed from it), with
// data set names and contender labels in order of first appearance. Throws DataError naming the
// file and line for a file that is not a comparison's CSV.
ComparisonResult read_comparison_csv(const std::string& text, const std::string& file);

// SHA-256 over what decides the cells: each data file's bytes, target and preparation, the
// methods with their parameters, the resampling and the seed. Jobs and shards are not part of it.
std::string comparison_identity(const ComparisonConfig& config);

// The part file of shard config.shard of config.shards:
//   # treelab compare part: identity=<hex>, cells=<cells of the whole comparison>, shard=<K>/<N>
//   cell,<the comparison CSV's header>
//   <cell index>,<the CSV line of that cell>          (one per finished cell)
std::string comparison_part_text(const ComparisonResult& result, std::size_t total_cells);

// True when `file` starts as a part file does (compare --shard K/N).
bool is_comparison_part(const std::filesystem::path& file);

// The comparison CSV of the parts in `files`, cells in order. Throws DataError naming the file for
// a file that is not a part, a part of another comparison, a cell in two parts, or cells in none.
std::string merge_comparison_parts(const std::vector<std::filesystem::path>& files);

// The comparison CSVs in `files` (each as `compare` writes it, e.g. one per data set) as one
// comparison over all their data sets, so that their ranks and critical difference can be
// computed together. Throws DataError naming the file for a file that is not a comparison CSV,
// other methods than the first file's, or a data set already in an earlier file.
ComparisonResult combine_comparison_csvs(const std::vector<std::filesystem::path>& files);

}  // namespace treelab
