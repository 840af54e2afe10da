// 001 §4.1, App. C (gradtree_loss.h).
#include "core/learners/gradtree/gradtree_loss.h"

#include "core/error.h"
#include "core/learners/gradtree/gradtree_backward.h"
#include "core/learners/gradtree/gradtree_forward.h"
#include "core/nn/focal_loss.h"
#include "core/nn/mean_squared_error.h"
#include "core/nn/poly1_loss.h"
#include "core/nn/sigmoid_cross_entropy.h"
#include "core/nn/softmax_cross_entropy.h"

namespace treelab::gradtree {

namespace {

double base_loss(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& outputs, const Eigen::Ref<const Eigen::VectorXd>& y,
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

// Whether the Poly-1 term moves anything. The paper code's multi-class focal loss takes sparse
// labels, so its "p_t" = Σ_k y·softmax(softmax(z))_k is the label itself and ε(1 − y) a constant
// (the GradTree code's poly1_cross_entropy quirk): no gradient, the same offset on every epoch's validation loss and every
// restart's, so no early-stopping or restart decision changes. It is left out.
bool poly_term_moves(const Spec& spec) {
    if (spec.poly_epsilon == 0.0 || spec.loss == Loss::SquaredError) return false;
    return !(spec.poly_pt == nn::PolyPt::Activated && spec.loss == Loss::Focal && spec.outputs > 1);
}

}  // namespace

double output_loss(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& outputs, const Eigen::Ref<const Eigen::VectorXd>& y,
                   Eigen::MatrixXd* d_outputs) {
    double loss = base_loss(spec, outputs, y, d_outputs);
    if (!poly_term_moves(spec)) return loss;
    Eigen::MatrixXd d_poly;
    Eigen::MatrixXd* d_poly_out = d_outputs ? &d_poly : nullptr;
    loss += spec.outputs == 1 ? nn::sigmoid_poly1_term(outputs, y, spec.poly_epsilon, spec.poly_pt, d_poly_out)
                              : nn::softmax_poly1_term(outputs, y, spec.poly_epsilon, spec.poly_pt, d_poly_out);
    if (d_outputs) *d_outputs += d_poly;
    return loss;
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
