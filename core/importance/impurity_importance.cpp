#include "core/importance/impurity_importance.h"

namespace treelab {

Eigen::VectorXd impurity_importance(const TreeModel& tree) { return Eigen::VectorXd::Zero(tree.features()); }

Eigen::VectorXd impurity_importance(const RandomForest& forest) {
    return forest.trees.empty() ? Eigen::VectorXd() : Eigen::VectorXd::Zero(forest.trees.front().features());
}

}  // namespace treelab
