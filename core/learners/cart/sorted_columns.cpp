#include "core/learners/cart/sorted_columns.h"

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

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

// Rows sorted by value, equal values in row order: a stable LSD radix sort on 11-bit digits (three
// passes over a 32-bit key where bytes would take four), skipping digits all keys share
// (small-integer features need one or two passes).
constexpr int kDigitBits = 11, kBuckets = 1 << kDigitBits, kDigits = 3;

void radix_sort(const float* values, int n, RadixItem* items, RadixItem* scratch, std::uint32_t* order) {
    std::array<std::array<int, kBuckets>, kDigits> counts{};
    const auto digit = [](std::uint32_t key, int d) { return (key >> (kDigitBits * d)) & (kBuckets - 1); };
    for (int r = 0; r < n; ++r) {
        const std::uint32_t key = sort_key(values[r]);
        items[r] = {key, static_cast<std::uint32_t>(r)};
        for (int d = 0; d < kDigits; ++d) ++counts[d][digit(key, d)];
    }
    for (int d = 0; d < kDigits; ++d) {
        if (std::any_of(counts[d].begin(), counts[d].end(), [n](int c) { return c == n; })) continue;
        std::array<int, kBuckets> offset;
        offset[0] = 0;
        for (int v = 1; v < kBuckets; ++v) offset[v] = offset[v - 1] + counts[d][v - 1];
        for (int r = 0; r < n; ++r) scratch[offset[digit(items[r].key, d)]++] = items[r];
        std::swap(items, scratch);
    }
    for (int r = 0; r < n; ++r) order[r] = items[r].row;
}

// Rows sorted by value, equal values in row order. A radix sort's fixed cost (three 2048-bucket
// histograms) dominates a short column, as in a wide table of few rows: those are sorted by
// comparison instead, to the same order.
void sort_rows(const float* values, int n, RadixItem* items, RadixItem* scratch, std::uint32_t* order) {
    constexpr int kRadixFromRows = 256;
    if (n >= kRadixFromRows) return radix_sort(values, n, items, scratch, order);
    std::iota(order, order + n, 0u);
    std::stable_sort(order, order + n, [values](std::uint32_t a, std::uint32_t b) { return sort_key(values[a]) < sort_key(values[b]); });
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

// One thread's buffers for sorting columns of `rows` values.
struct ColumnSortBuffers {
    explicit ColumnSortBuffers(int rows) : values(rows), order(rows), items(rows), items_scratch(rows) {}
    std::vector<float> values;
    std::vector<std::uint32_t> order;
    std::vector<RadixItem> items, items_scratch;
};

}  // namespace

SortedColumns::SortedColumns(const Eigen::Ref<const Eigen::MatrixXd>& X)
    : rows_(static_cast<int>(X.rows())),
      entries_(static_cast<std::size_t>(X.rows()) * X.cols()),
      samples_(rows_),
      goes_left_(rows_),
      scratch_(rows_),
      sample_scratch_(rows_) {
    std::iota(samples_.begin(), samples_.end(), 0u);
    // The columns are sorted independently, each into its own range, so they are sorted in
    // parallel and any thread count gives the same lists.
    tbb::enumerable_thread_specific<ColumnSortBuffers> buffers([this] { return ColumnSortBuffers(rows_); });
    tbb::parallel_for(tbb::blocked_range<Eigen::Index>(0, X.cols()), [&](const tbb::blocked_range<Eigen::Index>& features) {
        ColumnSortBuffers& own = buffers.local();
        for (Eigen::Index f = features.begin(); f < features.end(); ++f) {
            float* values = own.values.data();
            for (int r = 0; r < rows_; ++r) {
                values[r] = static_cast<float>(X(r, f));
                if (values[r] == 0.0f) values[r] = 0.0f;  // -0 and +0 are one value
            }
            const std::uint32_t* order = own.order.data();
            sort_rows(values, rows_, own.items.data(), own.items_scratch.data(), own.order.data());
            SortedEntry* col = entries_.data() + static_cast<std::size_t>(f) * rows_;
            for (int p = 0; p < rows_; ++p) col[p] = {values[order[p]], order[p]};
        }
    });
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
