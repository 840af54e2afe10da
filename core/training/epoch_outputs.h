#pragma once
// A learner's outputs on the training and validation rows for one parameter vector, computed once
// however many of the loop's callbacks ask for them (gradient_problem.h: the validation loss and
// both metrics of an epoch read the same outputs).
#include <functional>

#include <Eigen/Core>

namespace treelab {

class EpochOutputs {
public:
    // Writes the outputs of `parameters` on the training rows and, when the learner has validation
    // rows, on them (else leaves `valid` as it is).
    using Evaluate = std::function<void(const Eigen::VectorXd& parameters, Eigen::MatrixXd& train, Eigen::MatrixXd& valid)>;

    explicit EpochOutputs(Evaluate evaluate) : evaluate_(std::move(evaluate)) {}

    const Eigen::MatrixXd& train(const Eigen::VectorXd& parameters) { return update(parameters).train_; }
    const Eigen::MatrixXd& valid(const Eigen::VectorXd& parameters) { return update(parameters).valid_; }

private:
    EpochOutputs& update(const Eigen::VectorXd& parameters);

    Evaluate evaluate_;
    Eigen::VectorXd parameters_;
    bool evaluated_ = false;
    Eigen::MatrixXd train_, valid_;
};

}  // namespace treelab
