#include "ui/method/param_form.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <vector>

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

#include "core/error.h"
#include "ui/common/value_text.h"
#include "ui/method/log_slider.h"
#include "ui/method/stage_list_editor.h"

namespace treelab {
namespace {

// One generated field: the editor named after the spec, read and written as the core's text.
struct Field {
    const ParamSpec* spec = nullptr;
    QWidget* editor = nullptr;   // objectName() == spec->name
    QLabel* message = nullptr;   // the core's ParamError, shown while the text is refused
    std::function<QString()> text;
    std::function<void(const QString&)> setText;
    bool valid = true;
};

QString toolTipFor(const ParamSpec& spec) {
    return QStringLiteral("<p>%1</p><p><i>%2</i> %3</p>")
        .arg(QString::fromStdString(spec.help).toHtmlEscaped(), QObject::tr("Allowed:"),
             QString::fromStdString(spec.range_text()).toHtmlEscaped());
}

int clampToInt(double value) {
    return static_cast<int>(std::clamp(value, static_cast<double>(std::numeric_limits<int>::min()),
                                       static_cast<double>(std::numeric_limits<int>::max())));
}

// The slider spans ten decades around the default (or around 1e-3 for a default of 0), inside the
// spec's range: typing reaches any allowed value, the slider the useful ones.
void setSliderRange(LogSlider* slider, const ParamSpec& spec) {
    const double anchor = std::get<double>(spec.default_value) > 0.0 ? std::get<double>(spec.default_value) : 1e-3;
    const double low = std::max(spec.min, anchor * 1e-5);
    const double high = std::min(spec.max, anchor * 1e5);
    slider->setLogRange(low, std::max(high, low), spec.min <= 0.0);
}

// What the preset `name` ("treelab" or a preset's name) sets, in the form's words: "001 App. B.2's
// default setting: Max depth 10, Patience 200, Loss paper".
QString presetSets(std::span<const ParamSpec> specs, std::span<const ParamPreset> presets, const std::string& name) {
    if (name == kDefaultPreset) return QObject::tr("every row at TreeLab's default");
    for (const ParamPreset& preset : presets) {
        if (preset.name != name) continue;
        QStringList rows;
        for (const std::string& assignment : preset.assignments) {
            const auto [row, value] = split_assignment(assignment);
            const auto spec = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == row; });
            rows << (spec != specs.end() ? paramText(*spec, value) : QString::fromStdString(assignment));
        }
        return QStringLiteral("%1: %2").arg(QString::fromStdString(preset.help), rows.join(QStringLiteral(", ")));
    }
    return {};
}

// The preset row's tooltip: what a preset does to the form, then what each one sets.
QString presetToolTip(std::span<const ParamSpec> specs, std::span<const ParamPreset> presets) {
    const auto spec = std::find_if(specs.begin(), specs.end(), [](const ParamSpec& s) { return s.name == kPresetParam; });
    QString tip = QStringLiteral("<p>%1</p>").arg(QObject::tr(
        "Sets the rows below to a named setting. A row changed afterwards keeps your value, as --param does on the command line."));
    for (const std::string& choice : spec->choices)
        tip += QStringLiteral("<p><b>%1</b>: %2.</p>")
                   .arg(QString::fromStdString(spec->choice_label(choice)).toHtmlEscaped(), presetSets(specs, presets, choice).toHtmlEscaped());
    return tip + QStringLiteral("<p><i>%1</i> %2</p>").arg(QObject::tr("Allowed:"), QString::fromStdString(spec->range_text()).toHtmlEscaped());
}

// Each item of the preset combo says, as its own tooltip, what it sets.
void setPresetItemTips(QComboBox* combo, std::span<const ParamSpec> specs, std::span<const ParamPreset> presets) {
    const QSignalBlocker blocker(combo);  // an item's data changing is no edit of the row
    for (int k = 0; k < combo->count(); ++k)
        combo->setItemData(k, presetSets(specs, presets, combo->itemData(k).toString().toStdString()), Qt::ToolTipRole);
}

}  // namespace

struct ParamForm::Parts {
    std::vector<ParamSpec> specs;  // copied: the form may outlive whatever span it was given
    std::vector<ParamPreset> presets;
    std::vector<Field> fields;
    bool settingMany = false;      // setValues emits valuesChanged once, not once per field

    void build(ParamForm* form);
    QWidget* makeEditor(Field& field, ParamForm* form, const std::function<void()>& edited);
    void validate(Field& field) const;
};

QWidget* ParamForm::Parts::makeEditor(Field& field, ParamForm* form, const std::function<void()>& edited) {
    const ParamSpec& spec = *field.spec;
    switch (spec.type) {
    case ParamType::Integer: {
        auto* box = new QSpinBox(form);
        box->setRange(clampToInt(spec.min), clampToInt(spec.max));
        field.editor = box;
        field.text = [box] { return QString::number(box->value()); };
        field.setText = [box](const QString& text) { box->setValue(text.toInt()); };
        QObject::connect(box, &QSpinBox::valueChanged, form, edited);
        return box;
    }
    case ParamType::Real: {
        // A line edit, not a QDoubleSpinBox: λ and learning rates are written as 1e-4.
        auto* edit = new QLineEdit(form);
        field.editor = edit;
        field.text = [edit] { return edit->text().trimmed(); };
        field.setText = [edit](const QString& text) { edit->setText(text); };
        QObject::connect(edit, &QLineEdit::textChanged, form, edited);
        if (!spec.log_scale) return edit;
        auto* slider = new LogSlider(form);
        slider->setObjectName(QString::fromStdString(spec.name) + QStringLiteral("Slider"));
        slider->setProperty("hyperparameter", QString::fromStdString(spec.name));  // F1 opens its row
        slider->setToolTip(toolTipFor(spec));
        setSliderRange(slider, spec);
        QObject::connect(slider, &LogSlider::logValueMoved, edit, [edit](double value) { edit->setText(QString::number(value, 'g', 2)); });
        QObject::connect(edit, &QLineEdit::textChanged, slider, [slider](const QString& text) {
            bool ok = false;
            const double value = text.trimmed().toDouble(&ok);
            if (ok) slider->setLogValue(value);
        });
        auto* row = new QWidget(form);
        auto* layout = new QHBoxLayout(row);
        layout->setContentsMargins(0, 0, 0, 0);
        edit->setMaximumWidth(edit->fontMetrics().horizontalAdvance(QStringLiteral("0.000000000")) + 12);
        layout->addWidget(edit);
        layout->addWidget(slider, 1);
        return row;
    }
    case ParamType::Choice: {
        // Each item shows the choice's words (spec.choice_label) and holds the core's word.
        auto* combo = new QComboBox(form);
        for (const std::string& choice : spec.choices)
            combo->addItem(QString::fromStdString(spec.choice_label(choice)), QString::fromStdString(choice));
        combo->setEditable(spec.accepts_number);  // e.g. max_features: "sqrt" or a count such as 4
        field.editor = combo;
        field.text = [combo] {
            // A number typed into an editable combo matches no item.
            const int index = combo->findText(combo->currentText());
            return index >= 0 ? combo->itemData(index).toString() : combo->currentText().trimmed();
        };
        field.setText = [combo](const QString& text) {
            const int index = combo->findData(text);
            if (index >= 0) combo->setCurrentIndex(index);
            else if (combo->isEditable()) combo->setEditText(text);
        };
        QObject::connect(combo, &QComboBox::currentTextChanged, form, edited);
        return combo;
    }
    case ParamType::Boolean: {
        auto* box = new QCheckBox(form);
        field.editor = box;
        field.text = [box] { return box->isChecked() ? QStringLiteral("true") : QStringLiteral("false"); };
        field.setText = [box](const QString& text) { box->setChecked(text == QStringLiteral("true")); };
        QObject::connect(box, &QCheckBox::toggled, form, edited);
        return box;
    }
    case ParamType::Text:
        if (spec.stages) {
            auto* editor = new StageListEditor(spec, form);
            field.editor = editor->textEdit();
            field.text = [editor] { return editor->text(); };
            field.setText = [editor](const QString& text) { editor->setText(text); };
            QObject::connect(editor->textEdit(), &QLineEdit::textChanged, form, edited);
            return editor;
        }
        break;
    }
    auto* edit = new QLineEdit(form);
    field.editor = edit;
    field.text = [edit] { return edit->text(); };
    field.setText = [edit](const QString& text) { edit->setText(text); };
    QObject::connect(edit, &QLineEdit::textChanged, form, edited);
    return edit;
}

void ParamForm::Parts::build(ParamForm* form) {
    auto* grid = new QGridLayout(form);
    grid->setContentsMargins(0, 0, 0, 0);  // aligned with the panel around it
    grid->setColumnStretch(1, 1);
    int row = 0;
    fields.resize(specs.size());  // sized once: the lambdas below keep the address of their field
    // The preset row first: it sets the rows below it.
    std::vector<std::size_t> order(specs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_partition(order.begin(), order.end(), [this](std::size_t k) { return specs[k].name == kPresetParam; });
    for (const std::size_t k : order) {
        Field& field = fields[k];
        field.spec = &specs[k];
        const QString tip = specs[k].name == kPresetParam ? presetToolTip(specs, presets) : toolTipFor(specs[k]);
        QWidget* cell = makeEditor(field, form, [this, form, &field] {
            validate(field);
            if (settingMany) return;
            // The user picked a preset: every field takes what the preset runs.
            if (field.spec->name == kPresetParam && field.valid)
                return form->setValues(preset_values(specs, presets, field.text().toStdString()));
            emit form->valuesChanged();
        });
        field.editor->setObjectName(QString::fromStdString(specs[k].name));
        field.editor->setToolTip(tip);
        if (specs[k].name == kPresetParam) setPresetItemTips(static_cast<QComboBox*>(field.editor), specs, presets);
        auto* label = new QLabel(QString::fromStdString(specs[k].label) + QLatin1Char(':'), form);
        label->setBuddy(field.editor);
        label->setToolTip(tip);
        field.message = new QLabel(form);
        field.message->setObjectName(QString::fromStdString(specs[k].name) + QStringLiteral("Message"));
        field.message->setWordWrap(true);
        field.message->setStyleSheet(QStringLiteral("color: #b00020"));
        field.message->hide();
        if (specs[k].stages) {  // the schedule editor is wide: its label above it, both columns
            grid->addWidget(label, row++, 0, 1, 2);
            grid->addWidget(cell, row, 0, 1, 2);
        } else {
            grid->addWidget(label, row, 0);
            grid->addWidget(cell, row, 1);
        }
        grid->addWidget(field.message, row + 1, 1);
        row += 2;
        field.setText(QString::fromStdString(to_text(specs[k].default_value)));
    }
    grid->setRowStretch(row, 1);
}

void ParamForm::Parts::validate(Field& field) const {
    try {
        ParamValues probe;
        probe.set(specs, field.spec->name, field.text().toStdString());
        field.valid = true;
        field.message->clear();
    } catch (const Error& error) {
        field.valid = false;
        field.message->setText(QString::fromStdString(error.what()));
    }
    field.message->setVisible(!field.valid);
}

ParamForm::ParamForm(std::span<const ParamSpec> specs, std::span<const ParamPreset> presets, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    parts_->specs.assign(specs.begin(), specs.end());
    parts_->presets.assign(presets.begin(), presets.end());
    parts_->build(this);
}

ParamForm::~ParamForm() = default;

ParamValues ParamForm::values() const {
    ParamValues values(parts_->specs);
    for (const Field& field : parts_->fields)
        if (field.valid) values.set(parts_->specs, field.spec->name, field.text().toStdString());
    return values;
}

QStringList ParamForm::invalidFields() const {
    QStringList names;
    for (const Field& field : parts_->fields)
        if (!field.valid) names.append(QString::fromStdString(field.spec->name));
    return names;
}

void ParamForm::setValues(const ParamValues& values) {
    parts_->settingMany = true;
    for (Field& field : parts_->fields) {
        try {
            field.setText(QString::fromStdString(values.text(field.spec->name)));
        } catch (const ParamError&) {
            // `values` has no value for this field (another method's set): the field keeps its own.
        }
    }
    parts_->settingMany = false;
    emit valuesChanged();
}

void ParamForm::resetToDefaults() { setValues(ParamValues(parts_->specs)); }

int ParamForm::fieldCount() const { return static_cast<int>(parts_->fields.size()); }

}  // namespace treelab
