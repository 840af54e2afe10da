#pragma once
// Sweeps of one hyperparameter over values × seeds, e.g. the cost-complexity pruning strength.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/learners/learner.h"
#include "core/model/model_file.h"
#include "core/model/tree_model.h"
#include "core/run/evaluation.h"
#include "core/run/prepared_data.h"
#include "core/run/run_config.h"

namespace treelab {

struct SweepConfig {
    RunConfig base;              // seed = first seed
    std::string param;           // e.g. "ccp_alpha", or a stage field "schedule[2].alpha" (sweep_target.h)
    std::vector<std::string> values;  // empty = "auto": the effective alphas of each seed's pruning path
    int seeds = 1;               // seeds base.seed, base.seed + 1, ... (RunConfig::seed: the split, the learner or both)
    // Rows trained at once (0 = one per core). Every row's randomness comes from its value and seed,
    // so the rows are the same whatever this is and whichever row finishes first.
    int jobs = 0;
    // Only the rows i ≡ shard (mod shards) of the value × seed grid, i counted as the rows are listed
    // (sweep_parts.h). shards = 1: every row.
    int shard = 0, shards = 1;
};

struct SweepRow {
    std::size_t index = 0;  // the row's place in the whole sweep's grid order
    std::string value;
    std::uint32_t seed = 0;
    Scores train, valid, test;
    TreeStats tree;
    // The swept model as a normal run would save it (pipeline, target, run card with this value),
    // and the data it was scored on, so a view can draw and route any row of the sweep.
    std::shared_ptr<const ModelFile> model;
    std::shared_ptr<const PreparedData> data;
};

// A sweep as the workbench keeps it: what was asked and the rows it gave.
struct SweepResult {
    SweepConfig config;
    std::vector<SweepRow> rows;  // the rows finished before a stop, or all of them
    bool stopped = false;        // the user stopped the sweep before its last row
};

// Rows done out of rows expected (0 while the automatic path is still being grown); return false =
// stop now. It is also asked during every training, so a stop lands within one epoch. With several
// jobs it is called from their threads, one call at a time.
using SweepProgress = std::function<bool(int done, int total)>;

// "auto" needs a parameter with a path (ccp_alpha of CART): the tree is grown once per seed and
// pruned at each alpha. Other values retrain. Throws ParamError for a bad parameter or value.
// Rows are returned in grid order (seed by seed, values in order; pruning paths value by value). A
// stop returns the rows finished so far, in that order; a training cut short by the stop gives no
// row. Throws ParamError for jobs < 0, a shard outside 0..shards−1, or a shard of an automatic
// path (its values are known only once every seed's tree is grown).
std::vector<SweepRow> run_sweep(const SweepConfig& config, const SweepProgress& progress = {});

// CSV text with one row per value × seed: value, seed, then every score per split and tree sizes.
std::string sweep_to_csv(const std::string& param, const std::vector<SweepRow>& rows);

// The same CSV's header line and one line per row, without line ends (sweep_to_csv joins them).
struct SweepCsvLines {
    std::string header;
    std::vector<std::string> rows;
};
SweepCsvLines sweep_csv_lines(const std::string& param, const std::vector<SweepRow>& rows);

}  // namespace treelab
