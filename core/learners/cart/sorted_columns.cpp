#include "core/learners/cart/sorted_columns.h"

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>

namespace treelab::cart {

namespace {

struct RadixItem {
    std::uint32_t key, row;
};

// Order-preserving unsigned key of a (non-NaN) float: negative values bit-flipped, positive
// ones with the sign bit set.
std::uint32_t sort_key(float value) {
    const auto bits = std::bit_cast<std::uint32_t>(value);
    return (bits & 0x80000000u) ? ~bits : bits | 0x80000000u;
}

// Rows sorted by value, equal values in row order: a stable LSD radix sort on bytes, skipping
// bytes all keys share (small-integer features need one or two passes).
void radix_sort(const float* values, int n, RadixItem* items, RadixItem* scratch, std::uint32_t* order) {
    std::array<std::array<int, 256>, 4> counts{};
    for (int r = 0; r < n; ++r) {
        const std::uint32_t key = sort_key(values[r]);
        items[r] = {key, static_cast<std::uint32_t>(r)};
        for (int b = 0; b < 4; ++b) ++counts[b][(key >> (8 * b)) & 0xFFu];
    }
    for (int b = 0; b < 4; ++b) {
        if (std::any_of(counts[b].begin(), counts[b].end(), [n](int c) { return c == n; })) continue;
        std::array<int, 256> offset{};
        for (int v = 1; v < 256; ++v) offset[v] = offset[v - 1] + counts[b][v - 1];
        for (int r = 0; r < n; ++r) scratch[offset[(items[r].key >> (8 * b)) & 0xFFu]++] = items[r];
        std::swap(items, scratch);
    }
    for (int r = 0; r < n; ++r) order[r] = items[r].row;
}

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

SortedColumns::SortedColumns(const Eigen::Ref<const Eigen::MatrixXd>& X)
    : rows_(static_cast<int>(X.rows())),
      entries_(static_cast<std::size_t>(X.rows()) * X.cols()),
      samples_(rows_),
      goes_left_(rows_),
      scratch_(rows_),
      sample_scratch_(rows_) {
    std::iota(samples_.begin(), samples_.end(), 0u);
    std::vector<float> values(rows_);
    std::vector<std::uint32_t> order(rows_);
    std::vector<RadixItem> items(rows_), items_scratch(rows_);
    for (Eigen::Index f = 0; f < X.cols(); ++f) {
        for (int r = 0; r < rows_; ++r) {
            values[r] = static_cast<float>(X(r, f));
            if (values[r] == 0.0f) values[r] = 0.0f;  // -0 and +0 are one value
        }
        radix_sort(values.data(), rows_, items.data(), items_scratch.data(), order.data());
        SortedEntry* col = entries_.data() + static_cast<std::size_t>(f) * rows_;
        for (int p = 0; p < rows_; ++p) col[p] = {values[order[p]], order[p]};
    }
}

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
