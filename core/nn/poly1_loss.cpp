// Poly-1's added term ε(1 − p_t) and its gradient (poly1_loss.h, Leng et al. 2022).
#include "core/nn/poly1_loss.h"

#include <cmath>
#include <string>

#include "core/error.h"
#include "core/nn/class_labels.h"
#include "core/nn/sigmoid.h"
#include "core/nn/softmax.h"

namespace treelab::nn {
namespace {

void check_epsilon(double epsilon) {
    if (!(epsilon >= 0.0 && std::isfinite(epsilon)))
        throw Error("Poly-1 loss: epsilon is " + std::to_string(epsilon) + "; it must be a finite number >= 0");
}

}  // namespace

double sigmoid_poly1_term(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                          double epsilon, PolyPt pt, Eigen::MatrixXd* d_logits) {
    check_epsilon(epsilon);
    check_class_labels(logits, labels, 2, "sigmoid Poly-1 loss");
    if (logits.cols() != 1) throw Error("sigmoid Poly-1 loss takes one logit per row, not " + std::to_string(logits.cols()));
    const auto n = static_cast<double>(logits.rows());
    if (d_logits) d_logits->resize(logits.rows(), 1);
    double term = 0.0;
    for (Eigen::Index i = 0; i < logits.rows(); ++i) {
        const double z = logits(i, 0), sign = labels(i) == 1.0 ? 1.0 : -1.0;
        const double a = pt == PolyPt::Activated ? sigmoid(z) : z;
        const double p_t = sigmoid(sign * a), rest = sigmoid(-sign * a);  // 1 − p_t
        term += epsilon * rest;
        if (d_logits) {
            const double du_dz = pt == PolyPt::Activated ? a * (1.0 - a) : 1.0;
            (*d_logits)(i, 0) = -epsilon * sign * p_t * rest * du_dz / n;
        }
    }
    return term / n;
}

double softmax_poly1_term(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                          double epsilon, PolyPt pt, Eigen::MatrixXd* d_logits) {
    check_epsilon(epsilon);
    check_class_labels(logits, labels, logits.cols(), "softmax Poly-1 loss");
    const auto n = static_cast<double>(logits.rows());
    // u: what p is the softmax of, the logits or (Activated) their softmax.
    const Eigen::MatrixXd u = pt == PolyPt::Activated ? softmax(logits) : Eigen::MatrixXd(logits);
    const Eigen::MatrixXd p = softmax(u);
    if (d_logits) d_logits->resize(p.rows(), p.cols());
    double term = 0.0;
    for (Eigen::Index i = 0; i < p.rows(); ++i) {
        const auto y = static_cast<Eigen::Index>(labels(i));
        term += epsilon * (p.row(i).head(y).sum() + p.row(i).tail(p.cols() - y - 1).sum());
        if (!d_logits) continue;
        Eigen::RowVectorXd d_u = (epsilon * p(i, y) / n) * p.row(i);  // −ε p_y (δ_ky − p_k) / n
        d_u(y) -= epsilon * p(i, y) / n;
        if (pt == PolyPt::Activated) {  // through u = softmax(z): ∂/∂z_j = a_j (∂/∂u_j − Σ_k ∂/∂u_k a_k)
            const Eigen::RowVectorXd a = u.row(i);
            d_u = a.cwiseProduct((d_u.array() - d_u.dot(a)).matrix());
        }
        d_logits->row(i) = d_u;
    }
    return term / n;
}

}  // namespace treelab::nn
