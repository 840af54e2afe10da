#include "core/run/row_set.h"

#include <array>
#include <utility>
#include <vector>

namespace treelab {

std::string to_string(RowSet rows) {
    switch (rows) {
    case RowSet::Train: return "training";
    case RowSet::Valid: return "validation";
    case RowSet::Test: return "test";
    case RowSet::All: return "all";
    }
    return "all";
}

std::span<const RowSet> row_sets() {
    static constexpr std::array<RowSet, 4> sets{RowSet::Train, RowSet::Valid, RowSet::Test, RowSet::All};
    return sets;
}

RoutedRows routed_rows(const PreparedData& data, RowSet rows) {
    using Part = std::pair<const Dataset*, const RowIndices*>;
    std::vector<Part> parts;
    if (rows == RowSet::Train || rows == RowSet::All) parts.emplace_back(&data.train, &data.split.train);
    if (rows == RowSet::Valid || rows == RowSet::All) parts.emplace_back(&data.valid, &data.split.valid);
    if (rows == RowSet::Test || rows == RowSet::All) parts.emplace_back(&data.test, &data.split.test);

    RoutedRows routed;
    Eigen::Index count = 0;
    for (const Part& part : parts) count += part.first->rows();
    routed.X.resize(count, data.train.features());
    routed.y.resize(count);
    Eigen::Index at = 0;
    for (const auto& [set, table_rows] : parts) {
        routed.X.middleRows(at, set->rows()) = set->X;
        routed.y.segment(at, set->rows()) = set->y;
        routed.table_rows.insert(routed.table_rows.end(), table_rows->begin(), table_rows->end());
        at += set->rows();
    }
    routed.classes = data.train.task == Task::Classification ? data.train.classes() : 0;
    return routed;
}

}  // namespace treelab
