// sklearn 1.2.1 sklearn/inspection/_permutation_importance.py: permutation_importance and
// _calculate_permutation_scores, on table columns (permutation_importance.h says why).
#include "core/importance/permutation_importance.h"

#include <cmath>
#include <numeric>

#include <tbb/parallel_for.h>

#include "core/data/numpy_random.h"
#include "core/error.h"
#include "core/metrics/regression_metrics.h"

namespace treelab {
namespace {

// sklearn's default scorer of the estimator: accuracy_score or r2_score.
double score(const Eigen::VectorXd& predicted, const Eigen::VectorXd& y, Task task) {
    if (task == Task::Regression) return regression_report(y, predicted).r2;
    const auto correct = (predicted.array() == y.array()).count();
    return static_cast<double>(correct) / static_cast<double>(y.size());
}

// X_permuted[:, col] = X_permuted[shuffling_idx, col], on the column's values.
template <class Value>
void reindex(std::vector<Value>& values, const RowIndices& index, std::vector<Value>& scratch) {
    scratch.resize(values.size());
    for (std::size_t i = 0; i < index.size(); ++i) scratch[i] = values[static_cast<std::size_t>(index[i])];
    values.swap(scratch);
}

}  // namespace

PermutationImportance permutation_importance(const TablePredictor& predict, const Table& table, const RowIndices& rows,
                                             const std::vector<std::string>& columns, const Eigen::VectorXd& y,
                                             Task task, int repeats, std::uint32_t seed) {
    if (repeats < 1) throw ParamError("permutation importance needs at least one repeat, not " + std::to_string(repeats));
    if (rows.empty()) throw DataError(table.source, 0, 0, "permutation importance needs at least one row");
    if (static_cast<std::size_t>(y.size()) != rows.size())
        throw DataError(table.source, 0, 0, "permutation importance: " + std::to_string(y.size()) + " targets for " +
                        std::to_string(rows.size()) + " rows");
    std::vector<std::size_t> column_index;
    for (const std::string& name : columns) column_index.push_back(table.column_index(name));

    const Table scored = select_rows(table, rows);
    PermutationImportance result;
    result.columns = columns;
    result.score = task == Task::Classification ? "accuracy" : "r2";
    result.baseline = score(predict(scored), y, task);
    // random_seed = RandomState(seed).randint(np.iinfo(np.int32).max + 1): one seed for every column.
    const auto random_seed = static_cast<std::uint32_t>(NumpyRandom(seed).interval(0x7FFFFFFF));

    const auto n_columns = static_cast<Eigen::Index>(columns.size());
    result.drops.resize(n_columns, repeats);
    // A task per column, each with its own generator and copy of the rows: the same drops for any
    // thread count.
    tbb::parallel_for(Eigen::Index{0}, n_columns, [&](Eigen::Index j) {
        Table permuted = scored;
        Column& column = permuted.columns[column_index[static_cast<std::size_t>(j)]];
        NumpyRandom random(random_seed);
        RowIndices index(rows.size());
        std::iota(index.begin(), index.end(), Eigen::Index{0});
        std::vector<double> number_scratch;
        std::vector<int> code_scratch;
        for (int r = 0; r < repeats; ++r) {
            // The index is shuffled again in place and re-applies to the permuted column, as sklearn's.
            random.shuffle(index);
            if (column.kind == ColumnKind::Numeric)
                reindex(column.numbers, index, number_scratch);
            else
                reindex(column.codes, index, code_scratch);
            result.drops(j, r) = result.baseline - score(predict(permuted), y, task);
        }
    });
    result.mean = result.drops.rowwise().mean();
    result.std = ((result.drops.colwise() - result.mean).array().square().rowwise().mean()).sqrt();
    return result;
}

PermutationImportance permutation_importance(const TreeModel& model, const FeaturePipeline& pipeline, const Table& table,
                                             const RowIndices& rows, const Eigen::VectorXd& y, int repeats,
                                             std::uint32_t seed) {
    std::vector<std::string> columns;
    for (const InputColumn& input : pipeline.inputs) columns.push_back(input.name);
    const TablePredictor predict = [&](const Table& rows_table) { return model.predict(pipeline.transform(rows_table)); };
    return permutation_importance(predict, table, rows, columns, y, model.task, repeats, seed);
}

}  // namespace treelab
