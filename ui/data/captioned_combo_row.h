#pragma once
// A row of the data panel's form made of combos, each with its caption above it: the "Format" row
// (CsvFormatRow) and the "Cells" row (CellReadingRow). Captions above rather than beside: "Auto"
// beside "Auto" would not say which is which, and captions beside the combos would not leave them
// room in the panel's width.
#include <QVariant>
#include <QWidget>

class QComboBox;
class QGridLayout;

namespace treelab {

class CaptionedComboRow : public QWidget {
    Q_OBJECT
public:
    explicit CaptionedComboRow(QWidget* parent = nullptr);

    // The top margin that puts the text of a form's label for this row beside the combos, not
    // beside their captions (QFormLayout aligns a label with the top of a taller field).
    int labelTopMargin(const QWidget& label) const;

signals:
    void changed();  // the user chose another item in one of the combos

protected:
    // Adds `combo` as the next column under `caption`, at least `minimumLength` characters wide and
    // taking `stretch` shares of the width left; the first combo added takes the row's focus.
    void addCombo(const QString& caption, QComboBox* combo, int minimumLength, int stretch);

private:
    QGridLayout* layout_;
    QWidget* caption_ = nullptr;  // the first caption
    QComboBox* first_ = nullptr;
    int columns_ = 0;
};

// Selects the item of `combo` whose data is `data`, or the first item (Auto) when none has it.
void selectDataOrFirst(QComboBox* combo, const QVariant& data);

}  // namespace treelab
