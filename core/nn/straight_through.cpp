#include "core/nn/straight_through.h"

#include "core/nn/argmax.h"
#include "core/nn/sigmoid.h"

namespace treelab::nn {

Eigen::MatrixXd hardmax(const Eigen::Ref<const Eigen::MatrixXd>& scores) {
    const Eigen::VectorXi best = row_argmax(scores);
    Eigen::MatrixXd onehot = Eigen::MatrixXd::Zero(scores.rows(), scores.cols());
    for (Eigen::Index i = 0; i < scores.rows(); ++i) onehot(i, best(i)) = 1.0;
    return onehot;
}

Eigen::MatrixXd hardmax_backward(const Eigen::Ref<const Eigen::MatrixXd>& d_onehot) { return d_onehot; }

RoundedSplit rounded_split(const Eigen::Ref<const Eigen::MatrixXd>& u) {
    RoundedSplit split;
    split.soft = sigmoid(u);
    split.hard = u.unaryExpr([](double x) { return split_goes_left(x) ? 1.0 : 0.0; });
    return split;
}

Eigen::MatrixXd rounded_split_backward(const Eigen::Ref<const Eigen::MatrixXd>& soft, const Eigen::Ref<const Eigen::MatrixXd>& g) {
    // σ'(u) = s(1 − s): the scaled sigmoid's backward with α = 1.
    return scaled_sigmoid_backward(soft, g, 1.0);
}

}  // namespace treelab::nn
