// entmax-1.5, 001 §3.3 (the algorithm of entmax15 in the GradTree code and Peters et al.
// 2019, Alg. 2 for α = 1.5).
#include "core/nn/entmax.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/nn/argmax.h"

namespace treelab::nn {
namespace {

// p = entmax₁.₅(v) of one row of n logits, written to z (shift by the max of v/2, sort, running means, support size, threshold τ); `sorted` and
// `taus` are scratch of n entries each. Raw contiguous arrays, because GradTree calls this for each
// of its 2^d − 1 nodes at every step, on rows of about ten features.
void entmax15_row(const double* v, Eigen::Index n, double* z, double* sorted, double* taus) {
    // z = v/2 − max(v/2) (step 1); max(v/2) = max(v)/2 exactly.
    const double half_max = *std::max_element(v, v + n) / 2.0;
    for (Eigen::Index k = 0; k < n; ++k) z[k] = v[k] / 2.0 - half_max;
    std::copy(z, z + n, sorted);
    std::sort(sorted, sorted + n, std::greater<>());
    // Steps 2–4: τ_r from the running mean and variance of the r largest; K = #{r : τ_r ≤ z_(r)},
    // counted over every r as the reference does; τ* = τ_K (K ≥ 1 always, τ_1 = z_(1) − 1; the
    // guard only keeps a NaN row in range).
    double sum = 0.0, sum_squares = 0.0;
    Eigen::Index support = 0;
    for (Eigen::Index r = 1; r <= n; ++r) {
        const double x = sorted[r - 1], rr = static_cast<double>(r);
        sum += x;
        sum_squares += x * x;
        const double mean = sum / rr, mean_squares = sum_squares / rr;
        const double ss = rr * (mean_squares - mean * mean);
        const double delta = (1.0 - ss) / rr;
        taus[r - 1] = mean - std::sqrt(std::max(delta, 0.0));
        if (taus[r - 1] <= x) ++support;
    }
    const double tau = taus[support > 0 ? support - 1 : 0];
    for (Eigen::Index k = 0; k < n; ++k) {
        const double above = std::max(z[k] - tau, 0.0);
        z[k] = above * above;
    }
}

}  // namespace

Eigen::MatrixXd entmax15(const Eigen::Ref<const Eigen::MatrixXd>& logits) {
    if (logits.cols() == 0 && logits.rows() > 0) throw Error("entmax15 of rows with no entries");
    // Transposed, each row of logits is one contiguous column.
    const Eigen::MatrixXd columns = logits.transpose();
    Eigen::MatrixXd p(columns.rows(), columns.cols());
    std::vector<double> sorted(static_cast<std::size_t>(columns.rows())), taus(sorted.size());
    for (Eigen::Index i = 0; i < columns.cols(); ++i)
        entmax15_row(columns.col(i).data(), columns.rows(), p.col(i).data(), sorted.data(), taus.data());
    return p.transpose();
}

Eigen::VectorXi entmax15_argmax(const Eigen::Ref<const Eigen::MatrixXd>& logits) {
    if (logits.cols() == 0 && logits.rows() > 0) throw Error("entmax15 of rows with no entries");
    const Eigen::Index rows = logits.rows(), n = logits.cols();
    // Column by column, in storage order: each row's first maximum and the largest of the rest.
    Eigen::VectorXi best = Eigen::VectorXi::Zero(rows);
    Eigen::VectorXd top = logits.col(0);
    Eigen::VectorXd runner_up = Eigen::VectorXd::Constant(rows, -std::numeric_limits<double>::infinity());
    for (Eigen::Index k = 1; k < n; ++k)
        for (Eigen::Index i = 0; i < rows; ++i) {
            const double v = logits(i, k);
            if (v > top(i)) {
                runner_up(i) = top(i);
                top(i) = v;
                best(i) = static_cast<int>(k);
            } else {
                runner_up(i) = std::max(runner_up(i), v);
            }
        }
    const Eigen::Array<bool, Eigen::Dynamic, 1> finite = logits.array().isFinite().rowwise().all();
    std::vector<double> v(static_cast<std::size_t>(n)), p(v.size()), sorted(v.size()), taus(v.size());
    for (Eigen::Index i = 0; i < rows; ++i) {
        // Why a lead of 1e-9 in z = v/2 decides: the top entry has z = 0 and p = τ², the others
        // p = (z − τ)² with |τ| ≥ 1/√n (Σ_k [z_k − τ]₊² = 1 over at most n terms, each ≤ τ²), so
        // a lead of 1e-9 is millions of ulps of |τ| and survives the rounding of both. Near and
        // exact ties, and rows with NaN or ±∞, are computed.
        if (finite(i) && (top(i) - runner_up(i)) / 2.0 > 1e-9) continue;
        for (Eigen::Index k = 0; k < n; ++k) v[static_cast<std::size_t>(k)] = logits(i, k);
        entmax15_row(v.data(), n, p.data(), sorted.data(), taus.data());
        best(i) = static_cast<int>(argmax(Eigen::Map<const Eigen::VectorXd>(p.data(), n)));
    }
    return best;
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
