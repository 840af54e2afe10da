#pragma once
// The rows of a sweep as a sortable table: grid value, seed, the chosen metric per split and the
// tree's size. The CSV export holds every score; the table shows what the plots show.
#include <string>
#include <vector>

#include <QString>

#include "core/run/sweep.h"

class QStandardItemModel;

namespace treelab {

// Sweep row index of each table row, for choosing a row's model after the view sorted the table.
inline constexpr int kSweepRowRole = Qt::UserRole + 1;
// What a column sorts by: the number shown, or where a U(LOW,HIGH) grid value sits (its middle).
inline constexpr int kSweepSortRole = Qt::UserRole + 2;

void fill_sweep_table(QStandardItemModel& table, const QString& param, const std::vector<SweepRow>& rows,
                      const std::string& metric);

}  // namespace treelab
