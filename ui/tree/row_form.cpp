#include "ui/tree/row_form.h"

#include <algorithm>
#include <cmath>

#include <QComboBox>
#include <QDoubleValidator>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

#include "core/analysis/node_rows.h"
#include "core/data/feature_pipeline.h"

namespace treelab {

struct RowForm::Parts {
    std::shared_ptr<const ModelFile> model;
    std::shared_ptr<const TreeModel> tree;
    std::shared_ptr<const PreparedData> data;
    QSpinBox* row = nullptr;
    QLabel* prediction = nullptr;
    QWidget* fields = nullptr;
    QFormLayout* form = nullptr;
    std::vector<QWidget*> inputs;  // one per pipeline input: QLineEdit (numeric) or QComboBox
    Eigen::RowVectorXd encoded;
    std::vector<int> path;
    bool filling = false;  // fields set together: one update at the end

    // The one-row table the fields describe, columns as the model's pipeline reads them.
    Table typedRow() const {
        Table table;
        table.source = "the typed row";
        table.rows = 1;
        const auto& columns = model->pipeline.inputs;
        for (std::size_t i = 0; i < columns.size(); ++i) {
            Column column;
            column.name = columns[i].name;
            column.kind = columns[i].kind;
            if (column.kind == ColumnKind::Numeric && !columns[i].reading.plain()) {
                // A date, "51,494" or "98%": the typed text, read by the pipeline as the file's cells are.
                const QString text = static_cast<QLineEdit*>(inputs[i])->text().trimmed();
                column.kind = ColumnKind::Categorical;
                if (!text.isEmpty()) column.levels = {text.toStdString()};
                column.codes = {text.isEmpty() ? -1 : 0};
            } else if (column.kind == ColumnKind::Numeric) {
                bool ok = false;
                const double value = QLocale::c().toDouble(static_cast<QLineEdit*>(inputs[i])->text().trimmed(), &ok);
                column.numbers = {ok ? value : std::nan("")};
            } else {
                const auto* box = static_cast<QComboBox*>(inputs[i]);
                column.levels = columns[i].levels;
                const bool missing = box->currentIndex() < 0 || columns[i].levels[static_cast<std::size_t>(box->currentIndex())] == kMissingLevel;
                column.codes = {missing ? -1 : box->currentIndex()};
            }
            column.missing_count = column.is_missing(0) ? 1 : 0;
            table.columns.push_back(std::move(column));
        }
        return table;
    }
};

RowForm::RowForm(QWidget* parent) : QWidget(parent, Qt::Tool), parts_(std::make_unique<Parts>()) {
    Parts& p = *parts_;
    setWindowTitle(tr("One row"));
    setObjectName("rowForm");
    p.row = new QSpinBox(this);
    p.row->setObjectName("rowFormRow");
    p.row->setToolTip(tr("Fill the fields from this row of the file (numbered from 1, as in the CSV)"));
    p.prediction = new QLabel(this);
    p.prediction->setObjectName("rowFormPrediction");
    p.prediction->setWordWrap(true);
    p.prediction->setTextInteractionFlags(Qt::TextSelectableByMouse);
    p.fields = new QWidget(this);
    p.form = new QFormLayout(p.fields);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(p.fields);
    scroll->setWidgetResizable(true);
    auto* top = new QFormLayout;
    top->addRow(tr("Start from &row:"), p.row);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(scroll, 1);
    layout->addWidget(p.prediction);
    connect(p.row, &QSpinBox::valueChanged, this, &RowForm::fillFromRow);
    resize(320, 480);
}

RowForm::~RowForm() = default;

void RowForm::showModel(std::shared_ptr<const ModelFile> model, std::shared_ptr<const TreeModel> tree,
                        std::shared_ptr<const PreparedData> data) {
    Parts& p = *parts_;
    const bool sameColumns = p.model && model && p.model->pipeline.feature_names() == model->pipeline.feature_names();
    p.model = std::move(model);
    p.tree = std::move(tree);
    p.data = std::move(data);
    const QSignalBlocker blocker(p.row);
    p.row->setRange(p.data ? 1 : 0, p.data ? static_cast<int>(p.data->table.rows) : 0);
    p.row->setEnabled(p.data != nullptr);
    if (sameColumns) return routeRow();  // another tree of the same data: the typed row stays
    rebuildFields();
    if (p.data && p.data->table.rows > 0) {
        // The first test row, the rows the model has not seen, else the file's first.
        const int first = p.data->split.test.empty() ? 1 : static_cast<int>(p.data->split.test.front()) + 1;
        p.row->setValue(first);
        fillFromRow(first);
    } else {
        routeRow();
    }
}

void RowForm::rebuildFields() {
    Parts& p = *parts_;
    while (p.form->rowCount() > 0) p.form->removeRow(0);
    p.inputs.clear();
    if (!p.model) return;
    for (const InputColumn& column : p.model->pipeline.inputs) {
        const QString name = QString::fromStdString(column.name);
        QWidget* field = nullptr;
        if (column.kind == ColumnKind::Numeric) {
            auto* edit = new QLineEdit(p.fields);
            auto* validator = new QDoubleValidator(edit);
            validator->setLocale(QLocale::c());
            edit->setValidator(validator);
            edit->setPlaceholderText(tr("missing"));
            edit->setToolTip(tr("%1: a number; empty = missing (the pipeline puts the training mean, %2)")
                                 .arg(name).arg(column.impute_value, 0, 'g', 6));
            connect(edit, &QLineEdit::textChanged, this, [this] { routeRow(); });
            field = edit;
        } else {
            auto* box = new QComboBox(p.fields);
            for (const std::string& level : column.levels)
                box->addItem(level == kMissingLevel ? tr("? (missing)") : QString::fromStdString(level));
            connect(box, &QComboBox::currentIndexChanged, this, [this] { routeRow(); });
            field = box;
        }
        field->setObjectName(name);
        p.form->addRow(name + ':', field);
        p.inputs.push_back(field);
    }
}

void RowForm::fillFromRow(int row) {
    Parts& p = *parts_;
    if (!p.model || !p.data || row < 1 || static_cast<std::size_t>(row) > p.data->table.rows) return;
    const auto tableRow = static_cast<std::size_t>(row - 1);
    p.filling = true;
    const auto& columns = p.model->pipeline.inputs;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const Column& column = p.data->table.columns[p.data->table.column_index(columns[i].name)];
        const std::string text = cell_text(column, tableRow);
        if (columns[i].kind == ColumnKind::Numeric) {
            static_cast<QLineEdit*>(p.inputs[i])->setText(QString::fromStdString(text));
        } else {
            const auto& levels = columns[i].levels;
            const auto found = std::find(levels.begin(), levels.end(), column.is_missing(tableRow) ? kMissingLevel : text);
            static_cast<QComboBox*>(p.inputs[i])->setCurrentIndex(found == levels.end() ? -1 : static_cast<int>(found - levels.begin()));
        }
    }
    p.filling = false;
    routeRow();
}

void RowForm::routeRow() {
    Parts& p = *parts_;
    if (p.filling) return;
    p.path.clear();
    p.encoded.resize(0);
    QString message = tr("Show a tree to route the row.");
    if (p.model && p.tree) {
        try {
            p.encoded = p.model->pipeline.transform(p.typedRow()).row(0);
        } catch (const std::exception& error) {
            message = QString::fromStdString(error.what());
        }
    }
    if (p.encoded.size() > 0 && p.encoded.size() == p.tree->features()) {
        p.path = nodes_on_path(*p.tree, p.encoded);
        const TreeModel& tree = *p.tree;
        const QString target = QString::fromStdString(p.model->target.column);
        QString predicted;
        if (tree.task == Task::Classification) {
            const Eigen::RowVectorXd proba = tree.predict_proba(p.encoded);
            Eigen::Index best = 0;
            proba.maxCoeff(&best);
            predicted = tr("%1 = %2 (probability %3)")
                            .arg(target, QString::fromStdString(tree.class_names.at(static_cast<std::size_t>(best))))
                            .arg(proba(best), 0, 'f', 3);
        } else {
            predicted = tr("%1 = %2").arg(target).arg(tree.predict(p.encoded)(0), 0, 'g', 5);
        }
        message = tr("Stops at node %1 (its path is lit on the canvas); predicts %2.").arg(p.path.back()).arg(predicted);
    }
    p.prediction->setText(message);
    emit pathChanged(p.path);
}

Eigen::RowVectorXd RowForm::encodedRow() const { return parts_->encoded; }
const std::vector<int>& RowForm::path() const { return parts_->path; }

QLineEdit* RowForm::numberField(const QString& column) const { return parts_->fields->findChild<QLineEdit*>(column); }
QComboBox* RowForm::levelField(const QString& column) const { return parts_->fields->findChild<QComboBox*>(column); }
QSpinBox* RowForm::rowBox() const { return parts_->row; }
QLabel* RowForm::predictionLabel() const { return parts_->prediction; }

}  // namespace treelab
