#include "ui/method/stage_list_editor.h"

#include <algorithm>

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "core/error.h"
#include "ui/method/stage_list_preview.h"

namespace treelab {
namespace {

enum Column { kLow, kHigh, kEpochs };
constexpr int kRowsShown = 5;  // beyond it the table scrolls; schedules have two or three stages

QString number_text(double value) { return QString::number(value, 'g', 12); }

}  // namespace

StageListEditor::StageListEditor(const ParamSpec& spec, QWidget* parent)
    : QWidget(parent), form_(*spec.stages), presets_(spec.choices) {
    const QString name = QString::fromStdString(spec.name);
    const QString valueLabel = QString::fromStdString(form_.value_label);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto* top = new QHBoxLayout;
    preset_ = new QComboBox(this);
    preset_->setObjectName(name + QStringLiteral("Preset"));
    preset_->addItem(tr("Custom"));
    for (const std::string& preset : presets_) preset_->addItem(QString::fromStdString(preset));
    preset_->setToolTip(tr("A preset fills the stages; Custom turns the chosen preset into stages to edit."));
    auto* add = new QPushButton(tr("Add stage"), this);
    add->setObjectName(name + QStringLiteral("AddStage"));
    remove_ = new QPushButton(tr("Remove stage"), this);
    remove_->setObjectName(name + QStringLiteral("RemoveStage"));
    remove_->setToolTip(tr("Removes the selected stage (the last one if none is selected)"));
    top->addWidget(new QLabel(tr("Preset:"), this));
    top->addWidget(preset_);
    top->addStretch();
    top->addWidget(add);
    top->addWidget(remove_);
    layout->addLayout(top);

    table_ = new QTableWidget(0, 3, this);
    table_->setObjectName(name + QStringLiteral("Stages"));
    table_->setHorizontalHeaderLabels({tr("from"), tr("to (blank: fixed)"), tr("epochs")});
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setToolTip(tr("Each stage runs for its epochs with %1 fixed (blank 'to'), or drawn per start from [from, to]").arg(valueLabel));
    layout->addWidget(table_);

    tableMessage_ = new QLabel(this);
    tableMessage_->setObjectName(name + QStringLiteral("StageMessage"));
    tableMessage_->setStyleSheet(QStringLiteral("color: #b00020"));  // as the form's messages
    tableMessage_->hide();
    layout->addWidget(tableMessage_);

    auto* textRow = new QHBoxLayout;
    text_ = new QLineEdit(this);
    text_->setObjectName(name);
    textRow->addWidget(new QLabel(tr("Text:"), this));
    textRow->addWidget(text_, 1);
    layout->addLayout(textRow);

    preview_ = make_stage_list_preview(valueLabel, this);
    preview_->setObjectName(name + QStringLiteral("Preview"));
    layout->addWidget(preview_);

    connect(text_, &QLineEdit::textChanged, this, [this](const QString& text) { showText(text); });
    connect(table_, &QTableWidget::itemChanged, this, [this] { tableEdited(); });
    connect(add, &QPushButton::clicked, this, &StageListEditor::addStage);
    connect(remove_, &QPushButton::clicked, this, &StageListEditor::removeStage);
    connect(preset_, &QComboBox::activated, this, [this](int index) {
        if (index > 0) {
            setText(preset_->itemText(index));
        } else {
            try {
                setText(QString::fromStdString(form_.write(form_.read(text().toStdString()))));
            } catch (const Error&) {
                // The text is refused (its message is under the field): nothing to spell out.
            }
        }
    });
}

QString StageListEditor::text() const { return text_->text(); }

void StageListEditor::setText(const QString& text) { text_->setText(text); }

void StageListEditor::showText(const QString& text) {
    std::vector<ParamStage> stages;
    try {
        stages = form_.read(text.toStdString());
    } catch (const Error&) {
        return;  // the form shows the parser's message under the field; the table keeps the last stages
    }
    if (!syncing_) {  // the text was typed or set: the table follows it
        syncing_ = true;
        table_->setRowCount(static_cast<int>(stages.size()));
        for (int row = 0; row < table_->rowCount(); ++row) {
            const ParamStage& stage = stages[static_cast<std::size_t>(row)];
            table_->setItem(row, kLow, new QTableWidgetItem(number_text(stage.low)));
            table_->setItem(row, kHigh, new QTableWidgetItem(stage.high == stage.low ? QString() : number_text(stage.high)));
            table_->setItem(row, kEpochs, new QTableWidgetItem(QString::number(stage.epochs)));
        }
        syncing_ = false;
        tableMessage_->hide();
    }
    // A preset shows by name also when its stages are written out.
    const std::string written = form_.write(stages);
    int preset = 0;
    for (std::size_t k = 0; k < presets_.size() && preset == 0; ++k)
        if (text.toStdString() == presets_[k] || written == form_.write(form_.read(presets_[k]))) preset = static_cast<int>(k) + 1;
    preset_->setCurrentIndex(preset);
    remove_->setEnabled(table_->rowCount() > 1);
    const int rowsShown = std::clamp(table_->rowCount(), 1, kRowsShown);
    table_->setFixedHeight(table_->horizontalHeader()->height() + rowsShown * table_->verticalHeader()->defaultSectionSize() +
                           2 * table_->frameWidth());
    show_stages(preview_, stages);
}

void StageListEditor::tableEdited() {
    if (syncing_) return;
    std::vector<ParamStage> stages;
    for (int row = 0; row < table_->rowCount(); ++row) {
        const auto cell = [&](int column) { return table_->item(row, column) ? table_->item(row, column)->text().trimmed() : QString(); };
        ParamStage stage;
        bool lowOk = false, highOk = true, epochsOk = false;
        stage.low = cell(kLow).toDouble(&lowOk);
        stage.high = cell(kHigh).isEmpty() ? stage.low : cell(kHigh).toDouble(&highOk);
        stage.epochs = cell(kEpochs).toInt(&epochsOk);
        if (!lowOk || !highOk || !epochsOk) {
            const QString message = !lowOk    ? tr("Stage %1: '%2' is not a number.").arg(row + 1).arg(cell(kLow))
                                    : !highOk ? tr("Stage %1: '%2' is not a number.").arg(row + 1).arg(cell(kHigh))
                                              : tr("Stage %1: '%2' is not a whole number of epochs.").arg(row + 1).arg(cell(kEpochs));
            tableMessage_->setText(message);
            tableMessage_->show();
            return;
        }
        stages.push_back(stage);
    }
    tableMessage_->hide();
    syncing_ = true;  // the table already holds what the text will say
    text_->setText(QString::fromStdString(form_.write(stages)));
    syncing_ = false;
}

void StageListEditor::addStage() {
    const int last = table_->rowCount() - 1;
    syncing_ = true;
    table_->insertRow(last + 1);
    for (int column : {kLow, kHigh, kEpochs})  // a copy of the last stage, to be edited
        table_->setItem(last + 1, column, new QTableWidgetItem(last >= 0 && table_->item(last, column) ? table_->item(last, column)->text() : QStringLiteral("1")));
    syncing_ = false;
    tableEdited();
}

void StageListEditor::removeStage() {
    if (table_->rowCount() <= 1) return;
    const int row = table_->currentRow() >= 0 ? table_->currentRow() : table_->rowCount() - 1;
    syncing_ = true;
    table_->removeRow(row);
    syncing_ = false;
    tableEdited();
}

}  // namespace treelab
