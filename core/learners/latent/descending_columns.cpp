// Lazily sorted columns (descending_columns.h). A column's final prefix grows by chunks, at least
// quadrupling it, so a column scanned to its end costs O(n log n) as one sort would. A chunk small
// beside the rest is selected by one pass over q's column with a heap of the chunk's size (about
// one comparison per row, nothing written for the rows left out); a large one is selected from the
// rest copied out (nth_element) and sorted.
#include "core/learners/latent/descending_columns.h"

#include <algorithm>

namespace treelab {
namespace {

constexpr int kFirstChunk = 32;

// A function object, not a function pointer, so that the sorts inline it.
constexpr auto before = [](const DescendingColumns::Entry& e, const DescendingColumns::Entry& f) {
    return e.q > f.q || (e.q == f.q && e.row < f.row);
};

}  // namespace

DescendingColumns::DescendingColumns(const Eigen::Ref<const Eigen::MatrixXd>& q, double shift, Storage& storage)
    : q_(q), shift_(shift), rows_(static_cast<int>(q.rows())), sorted_(q.cols(), 0), copied_(q.cols(), 0) {
    const auto size = static_cast<std::size_t>(q.size());
    if (storage.size_ < size) {
        storage.entries_.reset(new Entry[size]);
        storage.size_ = size;
    }
    entries_ = storage.entries_.get();
}

int DescendingColumns::count_above(int column, double bound) {
    const auto above = [bound, this](const Entry& e) { return e.q + shift_ > bound; };
    const Entry* first = column_entries(column);
    while (sorted_[column] < rows_ && (sorted_[column] == 0 || above(first[sorted_[column] - 1]))) extend(column, sorted_[column]);
    return static_cast<int>(std::partition_point(first, first + sorted_[column], above) - first);
}

void DescendingColumns::extend(int column, int k) {
    const int done = sorted_[column];
    const int end = std::min(rows_, std::max({k + 1, 4 * done, done + kFirstChunk}));
    if (!copied_[column] && 16 * (end - done) < rows_ - done) return select_next(column, end);
    Entry* first = column_entries(column);
    if (!copied_[column]) {
        copy_rest(column);
        // Copied in row order, the rest is already in order when its values are equal (the root's
        // q = 1 on every row).
        if (std::is_sorted(first + done, first + rows_, before)) {
            sorted_[column] = rows_;
            return;
        }
    }
    if (16 * (end - done) < rows_ - done) {
        std::partial_sort(first + done, first + end, first + rows_, before);
    } else {
        if (end < rows_) std::nth_element(first + done, first + end, first + rows_, before);
        std::sort(first + done, first + end, before);
    }
    sorted_[column] = end;
}

void DescendingColumns::sort_from(int column, double floor) {
    if (sorted_[column] > 0 || copied_[column]) return;
    Entry* first = column_entries(column);
    Entry next{0.0, -1};  // the best entry below floor: the scan looks at it to stop
    int above = 0;
    const double* q = q_.col(column).data();
    for (int i = 0; i < rows_; ++i) {
        const Entry entry{q[i], i};
        if (entry.q + shift_ >= floor)
            first[above++] = entry;
        else if (next.row < 0 || before(entry, next))
            next = entry;
    }
    if (!std::is_sorted(first, first + above, before)) std::sort(first, first + above, before);
    if (next.row >= 0) first[above++] = next;
    sorted_[column] = above;
}

// The entries done..end-1 of the order from one pass over q: the rows past the prefix's last
// entry, through a heap whose top is the worst kept so far.
void DescendingColumns::select_next(int column, int end) {
    const int done = sorted_[column];
    Entry* first = column_entries(column);
    Entry* heap = first + done;
    const int size = end - done;
    const double* q = q_.col(column).data();
    int kept = 0;
    for (int i = 0; i < rows_; ++i) {
        const Entry entry{q[i], i};
        if (done > 0 && !before(first[done - 1], entry)) continue;  // already in the prefix
        if (kept < size) {
            heap[kept++] = entry;
            if (kept == size) std::make_heap(heap, heap + size, before);
        } else if (before(entry, heap[0])) {
            std::pop_heap(heap, heap + size, before);
            heap[size - 1] = entry;
            std::push_heap(heap, heap + size, before);
        }
    }
    std::sort(heap, heap + kept, before);
    sorted_[column] = done + kept;
}

// Every row past the prefix, unordered, behind it.
void DescendingColumns::copy_rest(int column) {
    const int done = sorted_[column];
    Entry* first = column_entries(column);
    const double* q = q_.col(column).data();
    int next = done;
    for (int i = 0; i < rows_; ++i) {
        const Entry entry{q[i], i};
        if (done == 0 || before(first[done - 1], entry)) first[next++] = entry;
    }
    copied_[column] = 1;
}

}  // namespace treelab
