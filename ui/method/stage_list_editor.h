#pragma once
// The schedule editor of the generated form (ParamForm), for a Text ParamSpec that describes itself
// as a stage list (ParamSpec::stages): the stages in a small table (a value fixed, or drawn from
// the range low–high, for a number of epochs; rows added and removed), a preset selector (the
// spec's choices), a step-curve preview, and the text form the CLI accepts, shown and editable.
// Table, presets and text stay in step; the text is the parameter's value, so the form validates it
// with the core's parse_text and shows its message.
#include <vector>

#include <QWidget>

#include "core/params/param_spec.h"

class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace treelab {

class StageListEditor : public QWidget {
    Q_OBJECT
public:
    // Children are named after the spec: NAME (the text), NAMEPreset, NAMEStages (the table),
    // NAMEAddStage, NAMERemoveStage, NAMEPreview, NAMEStageMessage.
    StageListEditor(const ParamSpec& spec, QWidget* parent = nullptr);

    QLineEdit* textEdit() const { return text_; }
    QString text() const;
    void setText(const QString& text);

private:
    void showText(const QString& text);  // table, preset and preview from the text
    void tableEdited();                  // the text from the table
    void addStage();
    void removeStage();

    const StageListForm form_;
    std::vector<std::string> presets_;
    QComboBox* preset_ = nullptr;
    QTableWidget* table_ = nullptr;
    QPushButton* remove_ = nullptr;
    QLabel* tableMessage_ = nullptr;  // a cell that is not a number (the grammar's errors are the form's)
    QLineEdit* text_ = nullptr;
    QCustomPlot* preview_ = nullptr;
    bool syncing_ = false;  // the table is being filled from the text: its edits are not the user's
};

}  // namespace treelab
