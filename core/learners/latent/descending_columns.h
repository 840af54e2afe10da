#pragma once
// The columns of a matrix plus a shift, each in descending order with ties to the lower row, sorted
// only as far as asked. The pruning QP (pav_solver.cpp) scans each node's column from the top and
// stops at the first entry below the group's value (000 Prop. 2): on learner batches a few percent
// of the entries are ever looked at, so a full sort of every column (000 §3.2, "we only need to
// sort them once") costs most of the solve. The order is strict (value, then row), so each prefix
// is exactly the prefix a full sort gives.
#include <cstddef>
#include <memory>
#include <vector>

#include <Eigen/Core>

namespace treelab {

class DescendingColumns {
public:
    // q and its row side by side: the sorts compare without an indirection.
    struct Entry {
        double q;
        int row;
    };
    // Room for the sorted columns, kept by a caller that solves often (training) from one solve to
    // the next. Left uninitialised: the pages of entries never looked at are never touched.
    class Storage {
        friend class DescendingColumns;
        std::unique_ptr<Entry[]> entries_;
        std::size_t size_ = 0;
    };

    // Keeps views of q and storage (both must outlive this object); sorts nothing yet. The order
    // is the one of q itself; values are q + shift.
    DescendingColumns(const Eigen::Ref<const Eigen::MatrixXd>& q, double shift, Storage& storage);

    // Row and value (q + shift) of the k-th largest entry of `column` (k < q.rows()). Columns are
    // independent: different columns may be asked about from different threads.
    int row(int column, int k) {
        sort_through(column, k);
        return column_entries(column)[k].row;
    }
    double value(int column, int k) {
        sort_through(column, k);
        return column_entries(column)[k].q + shift_;
    }
    // The number of values of `column` greater than `bound`, i.e. the length of that prefix.
    int count_above(int column, double bound);
    // A hint for a column not looked at yet: orders at once every entry whose value is >= floor and
    // the next one, in one pass over q, for a scan expected to stop near floor.
    void sort_from(int column, double floor);

private:
    Entry* column_entries(int column) const { return entries_ + static_cast<std::size_t>(column) * rows_; }
    // Makes the first k + 1 entries of `column` final.
    void sort_through(int column, int k) {
        if (k >= sorted_[column]) extend(column, k);
    }
    void extend(int column, int k);
    void select_next(int column, int end);
    void copy_rest(int column);

    Eigen::Ref<const Eigen::MatrixXd> q_;
    double shift_;
    int rows_;
    Entry* entries_;           // column-major, rows() per column: the final prefix, then (once copied) the rest
    std::vector<int> sorted_;  // per column: the length of its final prefix
    std::vector<char> copied_; // per column: whether the rest past the prefix is in entries_ too
};

}  // namespace treelab
