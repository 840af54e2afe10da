#include "core/nn/softmax_cross_entropy.h"

#include "core/nn/class_labels.h"
#include "core/nn/softmax.h"

namespace treelab::nn {

double softmax_cross_entropy(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                             Eigen::MatrixXd* d_logits) {
    check_class_labels(logits, labels, logits.cols(), "softmax cross-entropy");
    const auto n = static_cast<double>(logits.rows());
    Eigen::VectorXd log_sum_exp;
    Eigen::MatrixXd p = softmax(logits, &log_sum_exp);
    // Summed in row order, then divided once: LatentTrees' loss is bit-identical to its old copy.
    double loss = 0.0;
    for (Eigen::Index i = 0; i < logits.rows(); ++i) loss += log_sum_exp(i) - logits(i, static_cast<Eigen::Index>(labels(i)));
    if (d_logits) {
        for (Eigen::Index i = 0; i < logits.rows(); ++i) p(i, static_cast<Eigen::Index>(labels(i))) -= 1.0;
        *d_logits = p / n;
    }
    return loss / n;
}

}  // namespace treelab::nn
