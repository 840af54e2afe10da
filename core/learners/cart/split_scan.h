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

// Gini proxy -w_R·gini_R - w_L·gini_L with Σ count² kept up to date in O(1) per row.
struct GiniStats {
    const int* labels;
    std::int64_t* left;   // per-class counts, zero at the start
    std::int64_t* right;  // per-class counts, the node's at the start
    double sq_left, sq_right;

    void move_left(std::uint32_t row) {
        const int c = labels[row];
        sq_left += static_cast<double>(2 * left[c] + 1);
        sq_right -= static_cast<double>(2 * right[c] - 1);
        ++left[c];
        --right[c];
    }
    double proxy(int n_left, int n_right) const {
        const double w_left = n_left, w_right = n_right;
        return -w_right * gini_from_squares(sq_right, w_right) - w_left * gini_from_squares(sq_left, w_left);
    }
};

struct EntropyStats {
    const int* labels;
    std::int64_t* left;
    std::int64_t* right;
    int classes;

    void move_left(std::uint32_t row) {
        const int c = labels[row];
        ++left[c];
        --right[c];
    }
    double proxy(int n_left, int n_right) const {
        const double w_left = n_left, w_right = n_right;
        return -w_right * entropy(right, classes, w_right) - w_left * entropy(left, classes, w_left);
    }
};

// MSE proxy Σ_left² / w_L + Σ_right² / w_R (sklearn MSE.proxy_impurity_improvement).
struct SquaredErrorStats {
    const double* y;
    double node_sum;
    double sum_left = 0.0;

    void move_left(std::uint32_t row) { sum_left += y[row]; }
    double proxy(int n_left, int n_right) const {
        const double sum_right = node_sum - sum_left;
        return sum_left * sum_left / n_left + sum_right * sum_right / n_right;
    }
};

}  // namespace treelab::cart
