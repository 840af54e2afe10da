#pragma once
// The first rows of a Table (or chosen rows, all of them) as a read-only Qt model: cells as
// written in the file, missing cells shown as "?" in grey, headers naming each column and its type.
#include <optional>
#include <vector>

#include <Eigen/Core>
#include <QAbstractTableModel>

#include "core/data/table.h"

namespace treelab {

class TablePreviewModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int previewRows = 100;  // enough to see the data's shape; the rest stays unread by the view

    explicit TablePreviewModel(QObject* parent = nullptr);
    void setTable(const Table* table);  // not owned; null = empty
    // Shows these 0-based table rows in this order, numbered as in the file (the node inspector),
    // instead of the first previewRows.
    void setRows(const Table* table, std::vector<Eigen::Index> rows);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::size_t tableRow(int row) const;

    const Table* table_ = nullptr;
    std::optional<std::vector<Eigen::Index>> rows_;  // chosen rows, or the first previewRows
};

}  // namespace treelab
