// MethodPanel over every learner in core's registry, driven through the generated widgets, offscreen.
#include <gtest/gtest.h>

#include <optional>

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

#include "core/error.h"
#include "core/learners/learner.h"
#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/data/data_panel.h"
#include "ui/method/method_panel.h"
#include "ui/method/param_form.h"

namespace treelab {
namespace {

// Changes `spec`'s field through its widget to another allowed value; returns the text set, or
// nothing when the spec allows a single value (a one-choice combo).
std::optional<QString> changeField(ParamForm& form, const ParamSpec& spec) {
    const QString name = QString::fromStdString(spec.name);
    const QString defaultText = QString::fromStdString(to_text(spec.default_value));
    switch (spec.type) {
    case ParamType::Integer: {
        auto* box = form.findChild<QSpinBox*>(name);
        box->setValue(box->value() < box->maximum() ? box->value() + 1 : box->value() - 1);
        return QString::number(box->value());
    }
    case ParamType::Real:
        for (const QString text : {"0.5", "2e-4", "7"}) {
            if (text.toDouble() < spec.min || text.toDouble() > spec.max ||
                text.toDouble() == std::get<double>(spec.default_value))
                continue;
            form.findChild<QLineEdit*>(name)->setText(text);
            return text;
        }
        return std::nullopt;
    case ParamType::Choice: {
        auto* combo = form.findChild<QComboBox*>(name);
        for (int k = 0; k < combo->count(); ++k) {  // each item holds the core's word (its text may be words for it)
            if (combo->itemData(k).toString() == defaultText) continue;
            combo->setCurrentIndex(k);
            return combo->itemData(k).toString();
        }
        return std::nullopt;
    }
    case ParamType::Boolean: {
        auto* box = form.findChild<QCheckBox*>(name);
        box->setChecked(!box->isChecked());
        return box->isChecked() ? QString("true") : QString("false");
    }
    case ParamType::Text: {
        // Free text takes anything; text in a grammar (parse_text) takes another of its presets.
        QString text = "RI";
        for (const std::string& preset : spec.choices)
            if (QString::fromStdString(preset) != defaultText) text = QString::fromStdString(preset);
        form.findChild<QLineEdit*>(name)->setText(text);
        return text;
    }
    }
    return std::nullopt;
}

// The canonical text the core makes of `text` for `spec`.
std::string canonical(const std::vector<ParamSpec>& specs, const ParamSpec& spec, const QString& text) {
    ParamValues values(specs);
    values.set(specs, spec.name, text.toStdString());
    return values.text(spec.name);
}

// For every learner the form has exactly one field per described hyperparameter, named after it.
TEST(MethodPanel, EveryLearnerHasOneFieldPerHyperparameter) {
    MethodPanel panel;
    for (const LearnerInfo& learner : learners()) {
        panel.setMethod(QString::fromStdString(learner.name));
        ASSERT_EQ(panel.method().toStdString(), learner.name);
        EXPECT_EQ(panel.form()->fieldCount(), static_cast<int>(learner.params.size())) << learner.name;
        for (const ParamSpec& spec : learner.params)
            EXPECT_EQ(panel.form()->findChildren<QWidget*>(QString::fromStdString(spec.name)).size(), 1)
                << learner.name << ": " << spec.name;
        const QString description = panel.findChild<QLabel*>("methodDescription")->text();
        EXPECT_TRUE(description.contains(QString::fromStdString(learner.paper).toHtmlEscaped())) << learner.name;
    }
}

// For every learner each field's change through its widget shows up in values(), and reset restores the defaults.
TEST(MethodPanel, EveryFieldChangeReachesValuesAndResetRestoresDefaults) {
    MethodPanel panel;
    for (const LearnerInfo& learner : learners()) {
        panel.setMethod(QString::fromStdString(learner.name));
        const std::vector<ParamSpec> specs(learner.params.begin(), learner.params.end());
        for (const ParamSpec& spec : specs) {
            const std::optional<QString> text = changeField(*panel.form(), spec);
            if (!text) continue;
            EXPECT_EQ(panel.values().text(spec.name), canonical(specs, spec, *text)) << learner.name << ": " << spec.name;
        }
        EXPECT_TRUE(panel.isValid());
        panel.resetToDefaults();
        EXPECT_EQ(panel.values().canonical(), ParamValues(learner.params).canonical()) << learner.name;
    }
}

// For every learner, text the core refuses in a typed field is flagged beside it with the core's message.
TEST(MethodPanel, EveryLearnerFlagsRefusedText) {
    MethodPanel panel;
    for (const LearnerInfo& learner : learners()) {
        panel.setMethod(QString::fromStdString(learner.name));
        QStringList typed;
        for (const ParamSpec& spec : learner.params) {
            const QString name = QString::fromStdString(spec.name);
            if (spec.type == ParamType::Real) panel.form()->findChild<QLineEdit*>(name)->setText("twelve");
            else if (spec.type == ParamType::Choice && spec.accepts_number)
                panel.form()->findChild<QComboBox*>(name)->setEditText("twelve");
            else continue;
            typed.append(name);
            const auto* message = panel.form()->findChild<QLabel*>(name + "Message");
            EXPECT_FALSE(message->isHidden()) << spec.name;
            EXPECT_TRUE(message->text().contains("'twelve'")) << message->text().toStdString();
        }
        EXPECT_EQ(panel.form()->invalidFields(), typed) << learner.name;
        EXPECT_EQ(panel.isValid(), typed.isEmpty());
        EXPECT_EQ(panel.values().canonical(), ParamValues(learner.params).canonical()) << learner.name;
        panel.resetToDefaults();
        EXPECT_TRUE(panel.isValid()) << learner.name;
    }
}

// The CLI command combines the data panel's run with the method and the changed parameter, and is copied.
TEST(MethodPanel, CliCommandHasMethodAndChangedParameter) {
    DataPanel data;
    ASSERT_TRUE(test::load_data(data, test::glass_file()));
    MethodPanel panel;
    EXPECT_TRUE(panel.cliCommand().isEmpty());  // no config source yet
    panel.setConfigSource([&data]() -> std::optional<RunConfig> {
        if (!data.hasData()) return std::nullopt;
        RunConfig config;
        data.applyTo(config);
        return config;
    });
    for (const LearnerInfo& learner : learners()) {
        panel.setMethod(QString::fromStdString(learner.name));
        const std::vector<ParamSpec> specs(learner.params.begin(), learner.params.end());
        const auto changed = std::find_if(specs.begin(), specs.end(), [](const ParamSpec& s) { return s.type == ParamType::Integer; });
        ASSERT_NE(changed, specs.end()) << learner.name;
        const QString text = *changeField(*panel.form(), *changed);
        const QString command = panel.cliCommand();
        EXPECT_TRUE(command.startsWith("treelab-cli train")) << command.toStdString();
        EXPECT_TRUE(command.contains("--target Type")) << command.toStdString();
        EXPECT_TRUE(command.contains(QString::fromStdString("--method " + learner.name))) << command.toStdString();
        EXPECT_TRUE(command.contains(QString::fromStdString("--param " + changed->name + "=") + text)) << command.toStdString();
        panel.findChild<QPushButton*>("copyCli")->click();
        EXPECT_EQ(QGuiApplication::clipboard()->text(), command);
    }
}

// The last method and each method's values persist in QSettings and survive switching methods.
TEST(MethodPanel, SettingsKeepLastMethodAndEveryMethodsValues) {
    test::TempDir dir;
    QSettings settings(QString::fromStdString(dir.file("treelab.ini").string()), QSettings::IniFormat);
    const LearnerInfo& first = learners().front();
    const LearnerInfo& last = learners().back();
    ASSERT_NE(first.name, last.name);
    const auto integerSpec = [](const LearnerInfo& learner) {
        return *std::find_if(learner.params.begin(), learner.params.end(),
                             [](const ParamSpec& s) { return s.type == ParamType::Integer; });
    };
    QString firstText, lastText;
    {
        MethodPanel panel;
        panel.setMethod(QString::fromStdString(first.name));
        firstText = *changeField(*panel.form(), integerSpec(first));
        panel.setMethod(QString::fromStdString(last.name));
        lastText = *changeField(*panel.form(), integerSpec(last));
        panel.saveSettings(settings);
    }
    MethodPanel restored;
    restored.restoreSettings(settings);
    EXPECT_EQ(restored.method().toStdString(), last.name);
    EXPECT_EQ(QString::fromStdString(restored.values().text(integerSpec(last).name)), lastText);
    restored.setMethod(QString::fromStdString(first.name));
    EXPECT_EQ(QString::fromStdString(restored.values().text(integerSpec(first).name)), firstText);
    restored.setMethod(QString::fromStdString(last.name));
    EXPECT_EQ(QString::fromStdString(restored.values().text(integerSpec(last).name)), lastText);
}

}  // namespace
}  // namespace treelab
