#include "core/forest/random_forest.h"

#include "core/error.h"

namespace treelab {

RandomForest train_random_forest(const Dataset& train, const ParamValues&, std::uint32_t, const Progress&) {
    RandomForest forest;
    forest.task = train.task;
    forest.classes = train.classes();
    throw TrainingError("random forest: not built yet");
}

Eigen::MatrixXd predict_proba(const RandomForest& forest, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    return Eigen::MatrixXd::Zero(X.rows(), forest.classes);
}

Eigen::VectorXd predict(const RandomForest&, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    return Eigen::VectorXd::Zero(X.rows());
}

}  // namespace treelab
