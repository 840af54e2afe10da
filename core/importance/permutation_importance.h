#pragma once
// Permutation importance (Breiman 2001 §10; Fisher, Rudin & Dominici 2019) with scikit-learn
// 1.2.1's draws (sklearn.inspection.permutation_importance): random_seed =
// RandomState(seed).randint(2^31); per column, RandomState(random_seed) shuffles one row index
// array in place, repeat after repeat, and the column is re-indexed by it each time; importance =
// baseline score − permuted score, for accuracy (classification) or R² (regression).
//
// What is permuted is a column of the table, before the model's pipeline encodes it: a categorical
// column moves as a whole (all its one-hot features together), a numeric column with a missing
// indicator moves with its indicator. On all-numeric data without missing values this is
// sklearn's permutation of the design matrix's columns.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/data/dataset.h"
#include "core/data/feature_pipeline.h"
#include "core/data/table.h"
#include "core/model/tree_model.h"

namespace treelab {

struct PermutationImportance {
    std::vector<std::string> columns;  // the permuted table columns, in the pipeline's input order
    Eigen::VectorXd mean, std;         // per column over repeats; std is the population std (ddof 0) as sklearn's
    Eigen::MatrixXd drops;             // columns × repeats: baseline − permuted score
    std::string score;                 // "accuracy" or "r2" (a Scores key)
    double baseline = 0.0;             // the score on the unpermuted rows
};

// Predictions of a model for the rows of a table: class indices (as double) or values. Called from
// several threads at once.
using TablePredictor = std::function<Eigen::VectorXd(const Table& rows)>;

// `rows`: the table of the rows to score (every column the predictor reads); `y`: their encoded
// targets; `columns`: the table columns to permute. Columns run in parallel (oneTBB); the result
// does not depend on the thread count. Throws ParamError for repeats < 1, DataError for a column
// the table lacks.
PermutationImportance permutation_importance(const TablePredictor& predict, const Table& rows,
                                             const std::vector<std::string>& columns, const Eigen::VectorXd& y,
                                             Task task, int repeats, std::uint32_t seed);

// A tree model behind its feature pipeline (a model file, a run): every pipeline input is permuted.
PermutationImportance permutation_importance(const TreeModel& model, const FeaturePipeline& pipeline,
                                             const Table& rows, const Eigen::VectorXd& y, int repeats,
                                             std::uint32_t seed);

}  // namespace treelab
