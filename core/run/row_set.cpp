#include "core/run/row_set.h"

#include <algorithm>
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

std::string describe_rows(RowSet rows, Eigen::Index count) {
    if (rows == RowSet::All) return "all " + std::to_string(count) + " rows";
    return "the " + std::to_string(count) + " " + to_string(rows) + " rows";
}

namespace {

using Part = std::pair<const Dataset*, const RowIndices*>;

std::vector<Part> parts_of(const PreparedData& data, RowSet rows) {
    std::vector<Part> parts;
    if (rows == RowSet::Train || rows == RowSet::All) parts.emplace_back(&data.train, &data.split.train);
    if (rows == RowSet::Valid || rows == RowSet::All) parts.emplace_back(&data.valid, &data.split.valid);
    if (rows == RowSet::Test || rows == RowSet::All) parts.emplace_back(&data.test, &data.split.test);
    return parts;
}

}  // namespace

Eigen::Index rows_in(const PreparedData& data, RowSet rows) {
    Eigen::Index count = 0;
    for (const Part& part : parts_of(data, rows)) count += part.first->rows();
    return count;
}

RoutedRows routed_rows(const PreparedData& data, RowSet rows) {
    RoutedRows routed;
    routed.X.resize(rows_in(data, rows), data.train.features());
    routed.y.resize(routed.X.rows());
    Eigen::Index at = 0;
    for (const auto& [set, table_rows] : parts_of(data, rows)) {
        routed.X.middleRows(at, set->rows()) = set->X;
        routed.y.segment(at, set->rows()) = set->y;
        routed.table_rows.insert(routed.table_rows.end(), table_rows->begin(), table_rows->end());
        at += set->rows();
    }
    routed.classes = data.train.task == Task::Classification ? data.train.classes() : 0;
    return routed;
}

std::optional<RoutedRow> routed_row(const PreparedData& data, Eigen::Index table_row) {
    for (const auto& [set, table_rows] : parts_of(data, RowSet::All)) {
        const auto at = std::find(table_rows->begin(), table_rows->end(), table_row);
        if (at == table_rows->end()) continue;
        const auto index = static_cast<Eigen::Index>(at - table_rows->begin());
        return RoutedRow{set->X.row(index), set->y(index)};
    }
    return std::nullopt;
}

}  // namespace treelab
