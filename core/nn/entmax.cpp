// entmax-1.5, gradtree.md §3 (the algorithm of entmax15 in the GradTree code and Peters et al.
// 2019, Alg. 2 for α = 1.5).
#include "core/nn/entmax.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "core/error.h"

namespace treelab::nn {
namespace {

// τ* of one row z = v/2 − max(v/2) (gradtree.md §3 steps 2–4). `sorted` and `taus` are scratch.
double entmax15_threshold(const Eigen::Ref<const Eigen::RowVectorXd>& z, std::vector<double>& sorted, std::vector<double>& taus) {
    sorted.assign(z.data(), z.data() + z.size());
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    taus.resize(sorted.size());
    double sum = 0.0, sum_squares = 0.0;
    std::size_t support = 0;
    for (std::size_t r = 1; r <= sorted.size(); ++r) {
        const double x = sorted[r - 1], rr = static_cast<double>(r);
        sum += x;
        sum_squares += x * x;
        const double mean = sum / rr, mean_squares = sum_squares / rr;
        const double ss = rr * (mean_squares - mean * mean);
        const double delta = (1.0 - ss) / rr;
        taus[r - 1] = mean - std::sqrt(std::max(delta, 0.0));
        if (taus[r - 1] <= x) ++support;  // K = #{r : τ_r ≤ z_(r)}, counted as the reference does
    }
    // K ≥ 1 always (τ_1 = z_(1) − 1); the guard only keeps a NaN row in range.
    return taus[support > 0 ? support - 1 : 0];
}

}  // namespace

Eigen::MatrixXd entmax15(const Eigen::Ref<const Eigen::MatrixXd>& logits) {
    if (logits.cols() == 0 && logits.rows() > 0) throw Error("entmax15 of rows with no entries");
    Eigen::MatrixXd p(logits.rows(), logits.cols());
    std::vector<double> sorted, taus;
    Eigen::RowVectorXd z;
    for (Eigen::Index i = 0; i < logits.rows(); ++i) {
        z = logits.row(i) / 2.0;
        z.array() -= z.maxCoeff();
        const double tau = entmax15_threshold(z, sorted, taus);
        p.row(i) = (z.array() - tau).cwiseMax(0.0).square().matrix();
    }
    return p;
}

Eigen::MatrixXd entmax15_backward(const Eigen::Ref<const Eigen::MatrixXd>& p, const Eigen::Ref<const Eigen::MatrixXd>& g) {
    if (p.rows() != g.rows() || p.cols() != g.cols())
        throw Error("entmax15 backward: the gradient is " + std::to_string(g.rows()) + " × " + std::to_string(g.cols()) +
                    " but the output " + std::to_string(p.rows()) + " × " + std::to_string(p.cols()));
    const Eigen::MatrixXd S = p.cwiseSqrt();
    const Eigen::MatrixXd Sg = S.cwiseProduct(g);
    // Σ_q S_q ≥ 1 on a distribution (S ≥ p entry-wise), so the division is safe.
    const Eigen::VectorXd ratio = Sg.rowwise().sum().cwiseQuotient(S.rowwise().sum());
    return Sg - (S.array().colwise() * ratio.array()).matrix();
}

}  // namespace treelab::nn
