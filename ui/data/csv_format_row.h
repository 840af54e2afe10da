#pragma once
// The data panel's "Format" row, how the CSV file is written: Delimiter, Decimal and Encoding,
// each Auto (the reader's detection) or the user's choice, the GUI's treelab-cli --delimiter,
// --decimal and --encoding.
// After a read, each Auto item names what the reader took ("Auto (;)"), so a wrong guess shows.
#include "core/data/csv_reader.h"
#include "core/data/table.h"
#include "ui/data/captioned_combo_row.h"

class QComboBox;

namespace treelab {

class CsvFormatRow : public CaptionedComboRow {
    Q_OBJECT
public:
    explicit CsvFormatRow(QWidget* parent = nullptr);

    // The chosen delimiter, decimal and encoding; 0 or empty where Auto is chosen.
    CsvOptions overrides() const;
    // Selects these overrides (0 or empty = Auto) without emitting changed().
    void setOverrides(const CsvOptions& overrides);
    // `read`: how the reader took the file shown, which it was asked to read with `asked`; the Auto
    // items of the fields it detected name the result, the others read plain "Auto".
    void showRead(const TextFormat& read, const CsvOptions& asked);
private:
    QComboBox* delimiter_;
    QComboBox* decimal_;
    QComboBox* encoding_;
};

}  // namespace treelab
