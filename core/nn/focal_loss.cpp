#include "core/nn/focal_loss.h"

#include <cmath>
#include <string>

#include "core/error.h"
#include "core/nn/class_labels.h"
#include "core/nn/sigmoid.h"
#include "core/nn/softmax.h"

namespace treelab::nn {
namespace {

void check_gamma(double gamma) {
    if (!(gamma >= 0.0 && std::isfinite(gamma)))
        throw Error("focal loss: gamma is " + std::to_string(gamma) + "; it must be a finite number >= 0");
}

// γ p (1 − p)^(γ−1) log p, which tends to 0 as p → 1 for every γ > 0 (log p ~ −(1 − p)); written
// out so that γ < 1 never evaluates 0^(negative).
double focal_term(double gamma, double p, double one_minus_p, double log_p) {
    if (gamma == 0.0 || one_minus_p == 0.0) return 0.0;
    return gamma * p * std::pow(one_minus_p, gamma - 1.0) * log_p;
}

}  // namespace

double binary_focal_loss(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                         double gamma, Eigen::MatrixXd* d_logits) {
    check_gamma(gamma);
    check_class_labels(logits, labels, 2, "binary focal loss");
    if (logits.cols() != 1) throw Error("binary focal loss takes one logit per row, not " + std::to_string(logits.cols()));
    const auto n = static_cast<double>(logits.rows());
    if (d_logits) d_logits->resize(logits.rows(), 1);
    double loss = 0.0;
    for (Eigen::Index i = 0; i < logits.rows(); ++i) {
        // p_t = σ(sign·z), 1 − p_t = σ(−sign·z): both from the logit, neither by subtraction.
        const double sign = labels(i) == 1.0 ? 1.0 : -1.0, zt = sign * logits(i, 0);
        const double p_t = sigmoid(zt), rest = sigmoid(-zt), log_p_t = log_sigmoid(zt);
        const double weight = std::pow(rest, gamma);
        loss -= weight * log_p_t;
        // dℓ/dp_t · dp_t/dz_t with dp_t/dz_t = p_t (1 − p_t), and dz_t/dz = sign.
        if (d_logits) (*d_logits)(i, 0) = sign * (gamma * p_t * weight * log_p_t - weight * rest) / n;
    }
    return loss / n;
}

double softmax_focal_loss(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                          double gamma, Eigen::MatrixXd* d_logits) {
    check_gamma(gamma);
    check_class_labels(logits, labels, logits.cols(), "softmax focal loss");
    const auto n = static_cast<double>(logits.rows());
    Eigen::VectorXd log_sum_exp;
    const Eigen::MatrixXd p = softmax(logits, &log_sum_exp);
    if (d_logits) d_logits->resize(p.rows(), p.cols());
    double loss = 0.0;
    for (Eigen::Index i = 0; i < logits.rows(); ++i) {
        const auto y = static_cast<Eigen::Index>(labels(i));
        const double log_p_y = logits(i, y) - log_sum_exp(i);
        const double rest = p.row(i).head(y).sum() + p.row(i).tail(p.cols() - y - 1).sum();  // 1 − p_y
        const double weight = std::pow(rest, gamma);
        loss -= weight * log_p_y;
        if (d_logits) {
            // ∂ℓ/∂z_k = c (δ_ky − p_k) with c = dℓ/dp_y · p_y.
            const double c = focal_term(gamma, p(i, y), rest, log_p_y) - weight;
            d_logits->row(i) = (-c / n) * p.row(i);
            (*d_logits)(i, y) += c / n;
        }
    }
    return loss / n;
}

}  // namespace treelab::nn
