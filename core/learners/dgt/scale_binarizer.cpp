// scale_binarizer.h.
#include "core/learners/dgt/scale_binarizer.h"

#include <string>

#include "core/error.h"

namespace treelab::dgt {

double scale_binarize(const Eigen::Ref<const Eigen::MatrixXd>& Z, Quantiser quantiser, Eigen::MatrixXd& q) {
    const double fac = quantiser == Quantiser::Sign ? 1.0 : Z.size() == 0 ? 0.0 : Z.cwiseAbs().sum() / static_cast<double>(Z.size());
    q = (Z.array() >= 0.0).select(Eigen::MatrixXd::Constant(Z.rows(), Z.cols(), fac), 0.0);
    return fac;
}

void scale_binarize_backward(const Eigen::Ref<const Eigen::MatrixXd>& Z, const Eigen::Ref<const Eigen::MatrixXd>& d_q, Eigen::MatrixXd& d_Z) {
    if (Z.rows() != d_q.rows() || Z.cols() != d_q.cols())
        throw Error("the quantiser's backward pass needs ∂L/∂q of the predicate outputs' shape (" + std::to_string(Z.rows()) + " × " +
                    std::to_string(Z.cols()) + ")");
    d_Z = (Z.array().abs() <= 1.0).select(d_q, 0.0);
}

}  // namespace treelab::dgt
