#include "core/nn/mean_squared_error.h"

#include <string>

#include "core/error.h"

namespace treelab::nn {

double mean_squared_error(const Eigen::Ref<const Eigen::MatrixXd>& outputs, const Eigen::Ref<const Eigen::MatrixXd>& targets,
                          Eigen::MatrixXd* d_outputs) {
    if (outputs.rows() != targets.rows() || outputs.cols() != targets.cols())
        throw Error("squared error: outputs are " + std::to_string(outputs.rows()) + " × " + std::to_string(outputs.cols()) +
                    " but targets " + std::to_string(targets.rows()) + " × " + std::to_string(targets.cols()));
    if (outputs.rows() == 0) throw Error("squared error: there are no rows to average over");
    const Eigen::MatrixXd residual = outputs - targets;
    // 1/n then ×2 in this order, as LatentTrees computed it, so its results did not move by a bit.
    const double scale = 1.0 / static_cast<double>(outputs.rows());
    if (d_outputs) *d_outputs = (2.0 * scale) * residual;
    return scale * residual.squaredNorm();
}

}  // namespace treelab::nn
