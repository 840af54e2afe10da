// linear_leaf_fit.h.
#include "core/learners/get/linear_leaf_fit.h"

#include <string>

#include <Eigen/QR>

#include "core/error.h"

namespace treelab::get {

LinearFit fit_linear_leaf(const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::VectorXd>& y) {
    if (X.rows() != y.size() || X.rows() == 0)
        throw Error("GET linear leaf: " + std::to_string(X.rows()) + " input rows and " + std::to_string(y.size()) +
                    " targets; a leaf's fit needs the same number of each, at least one");
    const Eigen::RowVectorXd x_mean = X.colwise().mean();
    const double y_mean = y.mean();
    const Eigen::MatrixXd centred = X.rowwise() - x_mean;
    LinearFit fit;
    fit.slopes = Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd>(centred).solve((y.array() - y_mean).matrix());
    fit.intercept = y_mean - x_mean.dot(fit.slopes);
    return fit;
}

}  // namespace treelab::get
