#pragma once
// One pass over a node's rows sorted by one feature, scoring every split between distinct
// values by sklearn's proxy improvement (larger is better; sklearn Criterion.
// proxy_impurity_improvement). The best candidate is replaced only on a strictly larger proxy,
// so the first best position in visit order wins ties (sklearn/tree/_splitter.pyx, BestSplitter.node_split).
#include <cstdint>
#include <limits>

#include "core/learners/cart/criteria.h"
#include "core/learners/cart/sorted_columns.h"

namespace treelab::cart {

struct Candidate {
    double proxy = -std::numeric_limits<double>::infinity();
    int pos = -1;  // first row of the right child, absolute in the column
    int feature = -1;
};

// Stats: move_left(row) moves a row from the right child to the left one; proxy(n_left, n_right).
template <class Stats>
void scan_column(const SortedEntry* col, int start, int end, int min_leaf, int feature, Stats& stats, Candidate& best) {
    for (int p = start; p + 1 < end; ++p) {
        stats.move_left(col[p].row);
        if (col[p + 1].value <= col[p].value + kFeatureThreshold) continue;
        const int n_left = p + 1 - start, n_right = end - p - 1;
        if (n_left < min_leaf || n_right < min_leaf) continue;
        const double proxy = stats.proxy(n_left, n_right);
        if (proxy > best.proxy) best = {proxy, p + 1, feature};
    }
}

// Row weights of a scan: every row once (a plain fit), or whole repetition counts (a bootstrap
// sample, sklearn's sample_weight = draw counts). Stats read the weighted child sizes from their
// own sums when weighted, from the row counts otherwise, so the plain fit pays nothing.
struct UnitWeights {
    static constexpr bool kWeighted = false;
    std::int64_t operator()(std::uint32_t) const { return 1; }
};
struct RowCounts {
    static constexpr bool kWeighted = true;
    const int* counts;
    std::int64_t operator()(std::uint32_t row) const { return counts[row]; }
};

// Gini proxy -w_R·gini_R - w_L·gini_L with Σ count² kept up to date in O(1) per row. Weighted
// counts are whole numbers, so the squares stay exact in double, as sklearn's are.
template <class Weights>
struct GiniStats {
    const int* labels;
    std::int64_t* left;   // per-class (weighted) counts, zero at the start
    std::int64_t* right;  // per-class (weighted) counts, the node's at the start
    double sq_left, sq_right;
    Weights weight;
    std::int64_t weight_left = 0, weight_node = 0;  // weighted only

    void move_left(std::uint32_t row) {
        const int c = labels[row];
        const std::int64_t w = weight(row);
        // (l + w)² - l² and (r - w)² - r²
        sq_left += static_cast<double>((2 * left[c] + w) * w);
        sq_right -= static_cast<double>((2 * right[c] - w) * w);
        left[c] += w;
        right[c] -= w;
        if constexpr (Weights::kWeighted) weight_left += w;
    }
    double proxy(int n_left, int n_right) const {
        double w_left = n_left, w_right = n_right;
        if constexpr (Weights::kWeighted) {
            w_left = static_cast<double>(weight_left);
            w_right = static_cast<double>(weight_node - weight_left);
        }
        return -w_right * gini_from_squares(sq_right, w_right) - w_left * gini_from_squares(sq_left, w_left);
    }
};

template <class Weights>
struct EntropyStats {
    const int* labels;
    std::int64_t* left;
    std::int64_t* right;
    int classes;
    Weights weight;
    std::int64_t weight_left = 0, weight_node = 0;  // weighted only

    void move_left(std::uint32_t row) {
        const int c = labels[row];
        const std::int64_t w = weight(row);
        left[c] += w;
        right[c] -= w;
        if constexpr (Weights::kWeighted) weight_left += w;
    }
    double proxy(int n_left, int n_right) const {
        double w_left = n_left, w_right = n_right;
        if constexpr (Weights::kWeighted) {
            w_left = static_cast<double>(weight_left);
            w_right = static_cast<double>(weight_node - weight_left);
        }
        return -w_right * entropy(right, classes, w_right) - w_left * entropy(left, classes, w_left);
    }
};

// MSE proxy Σ_left² / w_L + Σ_right² / w_R (sklearn MSE.proxy_impurity_improvement), with
// sklearn's weighted sums Σ w·y.
template <class Weights>
struct SquaredErrorStats {
    const double* y;
    double node_sum;
    Weights weight;
    std::int64_t weight_node = 0;  // weighted only
    double sum_left = 0.0;
    std::int64_t weight_left = 0;

    void move_left(std::uint32_t row) {
        if constexpr (Weights::kWeighted) {
            const std::int64_t w = weight(row);
            sum_left += static_cast<double>(w) * y[row];
            weight_left += w;
        } else {
            sum_left += y[row];
        }
    }
    double proxy(int n_left, int n_right) const {
        double w_left = n_left, w_right = n_right;
        if constexpr (Weights::kWeighted) {
            w_left = static_cast<double>(weight_left);
            w_right = static_cast<double>(weight_node - weight_left);
        }
        const double sum_right = node_sum - sum_left;
        return sum_left * sum_left / w_left + sum_right * sum_right / w_right;
    }
};

}  // namespace treelab::cart
