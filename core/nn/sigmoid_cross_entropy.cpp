#include "core/nn/sigmoid_cross_entropy.h"

#include <string>

#include "core/error.h"
#include "core/nn/sigmoid.h"

namespace treelab::nn {

double sigmoid_cross_entropy(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                             Eigen::MatrixXd* d_logits) {
    if (logits.cols() != 1)
        throw Error("sigmoid cross-entropy takes one logit per row, not " + std::to_string(logits.cols()));
    if (labels.size() != logits.rows())
        throw Error("sigmoid cross-entropy: " + std::to_string(logits.rows()) + " logits but " + std::to_string(labels.size()) +
                    " labels");
    if (logits.rows() == 0) throw Error("sigmoid cross-entropy: there are no rows to average over");
    const auto n = static_cast<double>(logits.rows());
    double loss = 0.0;
    if (d_logits) d_logits->resize(logits.rows(), 1);
    for (Eigen::Index i = 0; i < logits.rows(); ++i) {
        const double z = logits(i, 0), y = labels(i);
        if (!(y >= 0.0 && y <= 1.0))
            throw Error("sigmoid cross-entropy: the label of row " + std::to_string(i + 1) + " is " + std::to_string(y) +
                        ", not in [0, 1]");
        loss -= y * log_sigmoid(z) + (1.0 - y) * log_sigmoid(-z);
        if (d_logits) (*d_logits)(i, 0) = (sigmoid(z) - y) / n;
    }
    return loss / n;
}

}  // namespace treelab::nn
