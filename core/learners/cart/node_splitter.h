#pragma once
// scikit-learn 1.2.1's BestSplitter (sklearn/tree/_splitter.pyx) on presorted columns: node
// statistics (node_reset / node_value / node_impurity) and node_split with sklearn's random
// feature visit order and constant-feature bookkeeping (sklearn/tree/_splitter.pyx, BestSplitter).
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "core/data/dataset.h"
#include "core/learners/cart/cart_settings.h"
#include "core/learners/cart/sklearn_rng.h"
#include "core/learners/cart/sorted_columns.h"
#include "core/learners/cart/split_scan.h"
#include "core/model/tree_model.h"

namespace treelab::cart {

struct SplitRecord {
    int feature = -1;
    int pos = 0;  // first row of the right child; == end when no valid split exists
    double threshold = 0.0;
    double improvement = -std::numeric_limits<double>::infinity();  // (N_t/N)·Δi
    double impurity_left = std::numeric_limits<double>::infinity();
    double impurity_right = std::numeric_limits<double>::infinity();
};

class NodeSplitter {
public:
    // `row_counts`: empty (every row once) or each row's whole weight, all positive (sklearn's
    // sample_weight; the impurities, class counts and values weigh rows by it, while
    // min_samples_leaf still counts rows, as sklearn's does).
    NodeSplitter(const Dataset& train, const Settings& settings, std::uint32_t seed, std::span<const int> row_counts = {});

    // Statistics of the node holding rows [start, end).
    void reset(int start, int end);
    double node_impurity() const;
    // Fills samples, class_counts (weighted) and distribution (class proportions, or {mean}).
    void node_value(TreeNode& node) const;

    // Best split of the current node. `n_constant_features` (features known constant in the
    // node) is updated to what the children inherit.
    SplitRecord split(double impurity, int& n_constant_features);
    // Makes both children of the last split contiguous ranges of `samples`, and, when
    // `children_split` (a child may be split further), of every column still searchable.
    void partition(const SplitRecord& split, bool children_split);

private:
    template <class Weights>
    void scan_feature(int feature, Weights weights, Candidate& best);
    std::int64_t row_weight(std::uint32_t row) const { return weights_.empty() ? 1 : weights_[row]; }
    void finish(const Candidate& best, double impurity, SplitRecord& record);

    Settings settings_;
    SortedColumns columns_;
    SklearnRng rng_;
    bool classification_;
    int classes_;
    std::vector<int> labels_;   // classification: class index per row
    std::vector<double> y_;     // regression: target per row
    std::vector<int> weights_;  // per row, empty = every row weighs 1
    std::vector<int> features_;           // sklearn's persistent `features` permutation
    std::vector<int> constant_features_;  // sklearn's `constant_features`
    int n_searchable_from_ = 0;           // after split(): features_[this..] may split below
    double total_weight_;
    // Current node.
    int start_ = 0, end_ = 0;
    std::int64_t node_weight_ = 0;  // the node's weighted row count
    std::vector<std::int64_t> counts_, left_, right_;
    double sum_ = 0.0, sq_sum_ = 0.0;
};

}  // namespace treelab::cart
