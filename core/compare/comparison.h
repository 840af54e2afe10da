#pragma once
// A comparison experiment: every contender (a learner with its settings, or the random forest
// reference) on the same folds of every data set. Cells (contender × fold × data set) run on every
// core; a cell's randomness comes from its data set, fold and the seed only, so results are the
// same whatever the thread count and whichever cell finishes first.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/data/cross_validation_folds.h"
#include "core/model/tree_model.h"
#include "core/params/param_spec.h"
#include "core/run/evaluation.h"
#include "core/run/run_config.h"
#include "core/run/training_run.h"

namespace treelab {

// The method name of the random forest reference (not a learner of the registry: no tree to inspect).
inline constexpr const char* forest_method = "forest";

struct Contender {
    std::string method;  // a learner's name or "forest"
    ParamValues params;  // complete (defaults filled in)
    std::string label;   // how tables name it ("CART", "GradTree (depth 4)"); empty = the method's label
};

struct ComparisonConfig {
    std::vector<RunConfig> data_sets;  // one per data set: file, target, preparation (method/params ignored)
    std::vector<Contender> contenders;
    Resampling resampling;
    std::uint32_t seed = 0;  // the folds' seed and every learner's seed
    // Cells trained at once (0 = one per core); only the cells i ≡ shard (mod shards), i counted in
    // the order cells are listed (data set, repeat, fold, contender). As SweepConfig.
    int jobs = 0;
    int shard = 0, shards = 1;
    std::size_t reference = 0;  // the contender the paired tests compare against (CART by default)
};

struct ComparisonCell {  // one contender on one fold of one data set
    std::size_t index = 0;  // the cell's place in the whole comparison's order
    std::size_t data_set = 0, contender = 0;
    int repeat = 0, fold = 0;
    Scores test;
    double fit_seconds = 0;
    TreeStats tree;      // empty for the forest
    std::string error;   // non-empty: this cell failed (the others continue)
    // For pooled metrics: the fold's test rows (table rows), their predictions (class index or
    // value) and, for classification, class probabilities (rows × classes).
    RowIndices test_rows;
    Eigen::VectorXd predictions;
    Eigen::MatrixXd probabilities;
    Eigen::Index train_rows = 0;  // rows the contender fitted on (for the corrected t-test's ratio)
};

// What the summary needs of one data set besides its cells.
struct ComparedDataSet {
    std::string name;             // the file's stem
    Task task = Task::Classification;
    std::vector<std::string> class_names;  // classification
    Eigen::VectorXd targets;      // every row's class index or value (pooled metrics)
    std::string fold_warning;     // make_folds' warning, "" when none
};

struct ComparisonResult {
    ComparisonConfig config;
    std::vector<std::string> data_set_names;  // the files' stems
    std::vector<std::string> contender_labels;
    std::vector<ComparedDataSet> data_sets;   // in config.data_sets' order
    std::vector<ComparisonCell> cells;         // in cell order; a stop keeps the finished ones
    bool stopped = false;
};

// Cells done out of cells expected; return false = stop (finished cells are kept). Called from
// the cells' threads, one call at a time; also asked during every training, so a stop lands
// within an epoch.
using ComparisonProgress = std::function<bool(int done, int total)>;

// Throws ParamError for no data set, no contender, an unknown method, a bad parameter, jobs < 0, a
// shard outside 0..shards−1, a reference out of range; DataError for a file that cannot be read.
// A cell whose training throws records the message in its `error`.
ComparisonResult run_comparison(const ComparisonConfig& config, const ComparisonProgress& progress = {});

// The contender's label: its own, else the learner's ("CART"), else "Random forest".
std::string contender_label(const Contender& contender);
// A contender from its method and "name=value" assignments (defaults filled in); throws ParamError.
Contender make_contender(const std::string& method, const std::vector<std::string>& assignments);

// comparison_to_csv (one row per cell) and the shard parts: core/compare/comparison_csv.h.
// The cells a whole comparison has (over every shard).
std::size_t comparison_cells(const ComparisonResult& result);

// Where a refit run comes from: the comparison, and the data set and contender (0-based) refitted.
// A project keeps it, since the refit's rows are every row of the data set and not the split its
// run configuration describes: prepare_refit gives them again.
struct RefitSource {
    ComparisonConfig comparison;
    std::size_t data_set = 0, contender = 0;
};

// What a refit trains: its run (the data set's preparation, the contender's method and parameters,
// the comparison's seed) and the data set's file read as the comparison reads it, every row
// prepared for training, some of them kept for validation when the learner uses it; no test rows.
struct RefitData {
    RunConfig run;
    std::shared_ptr<const PreparedData> data;
};
// Throws as refit().
RefitData prepare_refit(const ComparisonConfig& config, std::size_t data_set, std::size_t contender);

// One contender refitted on all rows of a data set (a click on a Compare row shows its tree): the
// outcome holds prepare_refit's data. Throws ParamError for indices out of range and for the
// forest (it has no tree), DataError for a file that cannot be read.
RunOutcome refit(const ComparisonConfig& config, std::size_t data_set, std::size_t contender, const Progress& progress = {});

}  // namespace treelab
