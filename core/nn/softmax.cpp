#include "core/nn/softmax.h"

#include <cmath>
#include <string>

#include "core/error.h"

namespace treelab::nn {

// The arithmetic (and its order) is the one LatentTrees' loss and TreeModel::predict_proba used
// before they moved here, so their results did not change by a bit.
Eigen::MatrixXd softmax(const Eigen::Ref<const Eigen::MatrixXd>& logits, Eigen::VectorXd* log_sum_exp) {
    const Eigen::VectorXd top = logits.rowwise().maxCoeff();
    Eigen::MatrixXd p = (logits.colwise() - top).array().exp().matrix();
    const Eigen::VectorXd total = p.rowwise().sum();
    if (log_sum_exp) {
        log_sum_exp->resize(logits.rows());
        for (Eigen::Index i = 0; i < logits.rows(); ++i) (*log_sum_exp)(i) = top(i) + std::log(total(i));
    }
    p = p.array().colwise() / total.array();
    return p;
}

Eigen::MatrixXd softmax_backward(const Eigen::Ref<const Eigen::MatrixXd>& probabilities, const Eigen::Ref<const Eigen::MatrixXd>& g) {
    if (probabilities.rows() != g.rows() || probabilities.cols() != g.cols())
        throw Error("the softmax backward pass needs ∂L/∂p of the probabilities' shape (" + std::to_string(probabilities.rows()) +
                    " × " + std::to_string(probabilities.cols()) + "), not " + std::to_string(g.rows()) + " × " +
                    std::to_string(g.cols()));
    const Eigen::VectorXd inner = probabilities.cwiseProduct(g).rowwise().sum();
    return probabilities.cwiseProduct(g.colwise() - inner);
}

}  // namespace treelab::nn
