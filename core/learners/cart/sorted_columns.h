#pragma once
// Per-feature presorted row lists for the CART split search. sklearn re-sorts every visited
// feature at every node; here each feature is sorted once at the root and every node's rows
// stay a contiguous, still-sorted range [start, end) of each list because a split partitions the
// lists stably. Values are the float32 cast sklearn searches on (sklearn/tree/_classes.py casts X to DTYPE = float32).
#include <cstdint>
#include <span>
#include <vector>

#include <Eigen/Core>

namespace treelab::cart {

struct SortedEntry {
    float value;
    std::uint32_t row;
};

class SortedColumns {
public:
    explicit SortedColumns(const Eigen::Ref<const Eigen::MatrixXd>& X);

    int rows() const { return rows_; }
    // Column f's entries; a node's rows are [start, end) of it, sorted by value.
    const SortedEntry* column(int f) const { return entries_.data() + static_cast<std::size_t>(f) * rows_; }
    // The node's rows in partition order (every column's range holds the same rows).
    const std::uint32_t* samples() const { return samples_.data(); }

    // Splits node [start, end) at `pos` of column `split_feature`: rows at [start, pos) go left.
    // Reorders `samples` and the ranges of `features` (columns that may still be searched below
    // this node) so that each child is again a sorted contiguous range.
    void partition(int split_feature, int start, int pos, int end, std::span<const int> features);

private:
    int rows_ = 0;
    std::vector<SortedEntry> entries_;   // features × rows, column after column
    std::vector<std::uint32_t> samples_;
    std::vector<unsigned char> goes_left_;  // by row, valid for the node being partitioned
    std::vector<SortedEntry> scratch_;      // right-hand rows while partitioning a column
    std::vector<std::uint32_t> sample_scratch_;
};

}  // namespace treelab::cart
