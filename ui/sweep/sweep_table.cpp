#include "ui/sweep/sweep_table.h"

#include <QStandardItemModel>

#include "core/run/evaluation.h"
#include "core/run/sweep_target.h"

namespace treelab {
namespace {

QStandardItem* number_item(double value) {
    auto* item = new QStandardItem;
    item->setData(value, Qt::DisplayRole);
    item->setData(value, kSweepSortRole);  // a number, so the view sorts numerically
    item->setEditable(false);
    return item;
}

// A grid value: a number as a number; a stage field's U(80,120) as written, sorted by its middle.
QStandardItem* value_item(const std::string& value) {
    bool number = false;
    const double x = QString::fromStdString(value).toDouble(&number);
    if (number) return number_item(x);
    auto* item = new QStandardItem(QString::fromStdString(value));
    item->setData(sweep_value_position(value), kSweepSortRole);
    item->setEditable(false);
    return item;
}

QStandardItem* score_item(const Scores& scores, const std::string& metric) {
    const auto found = scores.find(metric);
    if (found == scores.end()) {
        auto* item = new QStandardItem;
        item->setEditable(false);
        return item;
    }
    return number_item(found->second);
}

}  // namespace

void fill_sweep_table(QStandardItemModel& table, const QString& param, const std::vector<SweepRow>& rows,
                      const std::string& metric) {
    const QString name = QString::fromStdString(score_label(metric));
    table.clear();
    table.setSortRole(kSweepSortRole);
    // EN of 000 Figure 3 and the CSV, in words: nodes no training row reaches, pruned ones included.
    table.setHorizontalHeaderLabels({param, QObject::tr("seed"), QObject::tr("train %1").arg(name),
                                     QObject::tr("valid %1").arg(name), QObject::tr("test %1").arg(name),
                                     QObject::tr("depth"), QObject::tr("leaves"), QObject::tr("active nodes"),
                                     QObject::tr("empty nodes")});
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const SweepRow& row = rows[r];
        QList<QStandardItem*> items = {value_item(row.value),
                                       number_item(row.seed),
                                       score_item(row.train, metric),
                                       score_item(row.valid, metric),
                                       score_item(row.test, metric),
                                       number_item(row.tree.depth),
                                       number_item(row.tree.leaves),
                                       number_item(row.tree.active_nodes),
                                       number_item(row.tree.empty_nodes + row.tree.pruned_nodes)};
        items.front()->setData(static_cast<qulonglong>(r), kSweepRowRole);
        table.appendRow(items);
    }
}

}  // namespace treelab
