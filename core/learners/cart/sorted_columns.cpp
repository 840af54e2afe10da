#include "core/learners/cart/sorted_columns.h"

#include <algorithm>
#include <numeric>

namespace treelab::cart {

SortedColumns::SortedColumns(const Eigen::Ref<const Eigen::MatrixXd>& X)
    : rows_(static_cast<int>(X.rows())),
      entries_(static_cast<std::size_t>(X.rows()) * X.cols()),
      samples_(rows_),
      goes_left_(rows_),
      scratch_(rows_),
      sample_scratch_(rows_) {
    std::iota(samples_.begin(), samples_.end(), 0u);
    for (Eigen::Index f = 0; f < X.cols(); ++f) {
        SortedEntry* col = entries_.data() + static_cast<std::size_t>(f) * rows_;
        for (int r = 0; r < rows_; ++r) col[r] = {static_cast<float>(X(r, f)), static_cast<std::uint32_t>(r)};
        // Equal values keep row order; the split search only looks at boundaries between
        // distinct values, so the order inside a tie does not change any classification result.
        std::sort(col, col + rows_, [](const SortedEntry& a, const SortedEntry& b) {
            return a.value < b.value || (a.value == b.value && a.row < b.row);
        });
    }
}

namespace {

// Left rows first, each side in its previous (sorted) order.
template <class T, class RowOf>
void stable_partition(T* data, int start, int end, T* scratch, const unsigned char* goes_left, RowOf row_of) {
    int write = start, n_right = 0;
    for (int p = start; p < end; ++p) {
        const T item = data[p];
        if (goes_left[row_of(item)]) data[write++] = item;
        else scratch[n_right++] = item;
    }
    std::copy(scratch, scratch + n_right, data + write);
}

}  // namespace

void SortedColumns::partition(int split_feature, int start, int pos, int end, std::span<const int> features) {
    const SortedEntry* split_col = column(split_feature);
    for (int p = start; p < pos; ++p) goes_left_[split_col[p].row] = 1;
    for (int p = pos; p < end; ++p) goes_left_[split_col[p].row] = 0;
    for (int f : features) {
        if (f == split_feature) continue;  // already ordered: its first pos - start rows go left
        stable_partition(entries_.data() + static_cast<std::size_t>(f) * rows_, start, end, scratch_.data(),
                         goes_left_.data(), [](const SortedEntry& e) { return e.row; });
    }
    stable_partition(samples_.data(), start, end, sample_scratch_.data(), goes_left_.data(),
                     [](std::uint32_t r) { return r; });
}

}  // namespace treelab::cart
