#pragma once
// The data panel's "Cells" row, how text cells that spreadsheets write for numbers and dates are
// read: Thousands, Percent and Dates, each Auto (detected per column) or the user's choice, the
// GUI's treelab-cli --thousands, --percent and --dates. The reading is decided per column from the
// table loaded, so a change re-plans the Columns table without reading the file again.
#include "core/data/cell_reading.h"
#include "ui/data/captioned_combo_row.h"

class QComboBox;

namespace treelab {

class CellReadingRow : public CaptionedComboRow {
    Q_OBJECT
public:
    explicit CellReadingRow(QWidget* parent = nullptr);

    CellReadingOptions options() const;
    // Selects these options without emitting changed().
    void setOptions(const CellReadingOptions& options);

private:
    QComboBox* thousands_;
    QComboBox* percent_;
    QComboBox* dates_;
};

}  // namespace treelab
