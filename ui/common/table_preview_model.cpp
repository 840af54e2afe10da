#include "ui/common/table_preview_model.h"

#include <algorithm>

#include <QBrush>
#include <QPalette>

#include "core/data/column_summary.h"

namespace treelab {

TablePreviewModel::TablePreviewModel(QObject* parent) : QAbstractTableModel(parent) {}

void TablePreviewModel::setTable(const Table* table) {
    beginResetModel();
    table_ = table;
    rows_.reset();
    endResetModel();
}

void TablePreviewModel::setRows(const Table* table, std::vector<Eigen::Index> rows) {
    beginResetModel();
    table_ = table;
    rows_ = std::move(rows);
    endResetModel();
}

std::size_t TablePreviewModel::tableRow(int row) const {
    return rows_ ? static_cast<std::size_t>((*rows_)[static_cast<std::size_t>(row)]) : static_cast<std::size_t>(row);
}

int TablePreviewModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !table_) return 0;
    return rows_ ? static_cast<int>(rows_->size()) : static_cast<int>(std::min<std::size_t>(table_->rows, previewRows));
}

int TablePreviewModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid() || !table_) return 0;
    return static_cast<int>(table_->columns.size());
}

QVariant TablePreviewModel::data(const QModelIndex& index, int role) const {
    if (!table_ || !index.isValid()) return {};
    const Column& column = table_->columns[static_cast<std::size_t>(index.column())];
    const std::size_t row = tableRow(index.row());
    const bool missing = column.is_missing(row);
    switch (role) {
    case Qt::DisplayRole: return missing ? QStringLiteral("?") : QString::fromStdString(cell_text(column, row));
    case Qt::ForegroundRole: return missing ? QVariant(QPalette().brush(QPalette::Disabled, QPalette::Text)) : QVariant();
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(column.kind == ColumnKind::Numeric ? Qt::AlignRight | Qt::AlignVCenter
                                                                      : Qt::AlignLeft | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant TablePreviewModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (!table_ || role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return static_cast<qulonglong>(tableRow(section) + 1);  // as a user counts them
    const Column& column = table_->columns[static_cast<std::size_t>(section)];
    return QStringLiteral("%1\n(%2)").arg(QString::fromStdString(column.name), QString::fromStdString(to_string(column.kind)));
}

}  // namespace treelab
