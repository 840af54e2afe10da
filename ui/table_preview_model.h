#pragma once
// The first rows of a Table as a read-only Qt model: cells as written in the file, missing cells
// shown as "?" in grey, headers naming each column and its type.
#include <QAbstractTableModel>

#include "core/data/table.h"

namespace treelab {

class TablePreviewModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int previewRows = 100;  // enough to see the data's shape; the rest stays unread by the view

    explicit TablePreviewModel(QObject* parent = nullptr);
    void setTable(const Table* table);  // not owned; null = empty

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    const Table* table_ = nullptr;
};

}  // namespace treelab
