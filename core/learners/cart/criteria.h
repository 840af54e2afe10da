#pragma once
// Node impurities with scikit-learn 1.2.1's exact floating-point formulas (sklearn/tree/
// _criterion.pyx), so that equal splits tie, and unequal ones rank, exactly as in sklearn
// (Breiman et al. 1984 ch. 4; entropy in bits as sklearn's _utils.pyx log). Class counts are integers: their squares and sums stay exact in
// double, so computing them incrementally or in another order changes no bit.
#include <cmath>
#include <cstdint>

namespace treelab::cart {

// sklearn's FEATURE_THRESHOLD: float32 values this close count as equal. The comparison
// `x[p+1] <= x[p] + 1e-7` is evaluated in float32, as in the compiled Cython.
inline constexpr float kFeatureThreshold = 1e-7f;

inline double sum_of_squares(const std::int64_t* counts, int classes) {
    std::int64_t sq = 0;
    for (int c = 0; c < classes; ++c) sq += counts[c] * counts[c];
    return static_cast<double>(sq);
}

// Gini: 1 - Σ_k count_k² / w².
inline double gini_from_squares(double sq_count, double weight) { return 1.0 - sq_count / (weight * weight); }

// sklearn/tree/_utils log: log base 2 computed as ln(x) / ln(2).
inline double sklearn_log2(double x) { return std::log(x) / std::log(2.0); }

// Entropy: -Σ_k p_k log2 p_k over classes present, in class order.
inline double entropy(const std::int64_t* counts, int classes, double weight) {
    double value = 0.0;
    for (int c = 0; c < classes; ++c) {
        if (counts[c] > 0) {
            const double p = static_cast<double>(counts[c]) / weight;
            value -= p * sklearn_log2(p);
        }
    }
    return value;
}

// MSE: E[y²] - E[y]².
inline double squared_error(double sum, double sq_sum, double weight) {
    const double mean = sum / weight;
    return sq_sum / weight - mean * mean;
}

}  // namespace treelab::cart
