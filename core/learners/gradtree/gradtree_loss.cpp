// gradtree.md §5 (gradtree_loss.h).
#include "core/learners/gradtree/gradtree_loss.h"

#include "core/error.h"
#include "core/learners/gradtree/gradtree_backward.h"
#include "core/learners/gradtree/gradtree_forward.h"
#include "core/nn/focal_loss.h"
#include "core/nn/mean_squared_error.h"
#include "core/nn/sigmoid_cross_entropy.h"
#include "core/nn/softmax_cross_entropy.h"

namespace treelab::gradtree {

double output_loss(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& outputs, const Eigen::Ref<const Eigen::VectorXd>& y,
                   Eigen::MatrixXd* d_outputs) {
    const bool binary = spec.outputs == 1;
    switch (spec.loss) {
    case Loss::CrossEntropy:
        return binary ? nn::sigmoid_cross_entropy(outputs, y, d_outputs) : nn::softmax_cross_entropy(outputs, y, d_outputs);
    case Loss::Focal:
        return binary ? nn::binary_focal_loss(outputs, y, spec.focal_gamma, d_outputs)
                      : nn::softmax_focal_loss(outputs, y, spec.focal_gamma, d_outputs);
    case Loss::SquaredError:
        return nn::mean_squared_error(outputs, y, d_outputs);
    }
    throw Error("GradTree: unknown loss.");
}

double batch_loss(const Spec& spec, const PathTable& paths, const Eigen::VectorXd& parameters,
                  const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::VectorXd>& y, Eigen::VectorXd* gradient) {
    const Forward f = forward(spec, parameters, X);
    if (!gradient) return output_loss(spec, f.outputs, y);
    Eigen::MatrixXd d_outputs;
    const double loss = output_loss(spec, f.outputs, y, &d_outputs);
    backward(spec, paths, parameters, X, f, d_outputs, *gradient);
    return loss;
}

}  // namespace treelab::gradtree
