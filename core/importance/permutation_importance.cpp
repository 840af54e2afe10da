#include "core/importance/permutation_importance.h"

namespace treelab {

PermutationImportance permutation_importance(const TablePredictor&, const Table&, const std::vector<std::string>& columns,
                                             const Eigen::VectorXd&, Task task, int repeats, std::uint32_t) {
    PermutationImportance result;
    result.columns = columns;
    result.score = task == Task::Classification ? "accuracy" : "r2";
    const auto n = static_cast<Eigen::Index>(columns.size());
    result.mean = result.std = Eigen::VectorXd::Zero(n);
    result.drops = Eigen::MatrixXd::Zero(n, repeats);
    return result;
}

PermutationImportance permutation_importance(const TreeModel& model, const FeaturePipeline& pipeline, const Table& rows,
                                             const Eigen::VectorXd& y, int repeats, std::uint32_t seed) {
    std::vector<std::string> columns;
    for (const InputColumn& input : pipeline.inputs) columns.push_back(input.name);
    return permutation_importance({}, rows, columns, y, model.task, repeats, seed);
}

}  // namespace treelab
