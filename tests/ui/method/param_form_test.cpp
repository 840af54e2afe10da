// ParamForm on a hand-made description covering every ParamType, offscreen.
#include <gtest/gtest.h>

#include <limits>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include "ui/method/log_slider.h"
#include "ui/method/param_form.h"

namespace treelab {
namespace {

const std::vector<ParamSpec>& everyType() {
    static const std::vector<ParamSpec> specs = {
        {.name = "depth", .label = "Depth",
         .help = "How deep.",
         .type = ParamType::Integer, .min = 1, .max = 1e12, .default_value = 4LL},
        {.name = "rate", .label = "Rate",
         .help = "Step size.",
         .type = ParamType::Real, .min = 1e-12, .max = 10, .default_value = 1e-3, .log_scale = true},
        {.name = "alpha", .label = "Alpha",
         .help = "Pruning strength.",
         .type = ParamType::Real, .min = 0, .max = 1e300, .default_value = 0.0, .log_scale = true},
        {.name = "features", .label = "Features",
         .help = "Per node.",
         .type = ParamType::Choice, .min = 0, .max = 1e9, .default_value = std::string("all"),
         .choices = {"all", "sqrt"}, .accepts_number = true},
        {.name = "shuffle", .label = "Shuffle",
         .help = "Shuffle rows.",
         .type = ParamType::Boolean, .default_value = true},
        {.name = "note", .label = "Note",
         .help = "Free text.",
         .type = ParamType::Text, .default_value = std::string("")},
    };
    return specs;
}

// Each type gets its editor: spin box, line edit (+ log slider), editable combo, check box, line edit.
TEST(ParamForm, OneEditorPerTypeNamedAfterTheSpec) {
    ParamForm form(everyType());
    EXPECT_EQ(form.fieldCount(), 6);
    auto* depth = form.findChild<QSpinBox*>("depth");
    ASSERT_NE(depth, nullptr);
    EXPECT_EQ(depth->maximum(), std::numeric_limits<int>::max());  // 1e12 does not fit: as large as a spin box goes
    EXPECT_NE(form.findChild<QLineEdit*>("rate"), nullptr);
    EXPECT_NE(form.findChild<LogSlider*>("rateSlider"), nullptr);
    auto* features = form.findChild<QComboBox*>("features");
    ASSERT_NE(features, nullptr);
    EXPECT_TRUE(features->isEditable());
    EXPECT_NE(form.findChild<QCheckBox*>("shuffle"), nullptr);
    EXPECT_NE(form.findChild<QLineEdit*>("note"), nullptr);
    EXPECT_EQ(form.values().canonical(), ParamValues(everyType()).canonical());
}

// Tooltips carry the help sentence and the allowed range.
TEST(ParamForm, TooltipHasHelpAndRange) {
    ParamForm form(everyType());
    const QString tip = form.findChild<QWidget*>("rate")->toolTip();
    EXPECT_TRUE(tip.contains("Step size.")) << tip.toStdString();
    EXPECT_TRUE(tip.contains("[1e-12, 10]")) << tip.toStdString();
}

// Scientific notation is accepted; text the core refuses is flagged with its message and keeps the default.
TEST(ParamForm, RealFieldAcceptsScientificNotationAndFlagsBadText) {
    ParamForm form(everyType());
    auto* rate = form.findChild<QLineEdit*>("rate");
    rate->setText("1e-4");
    EXPECT_TRUE(form.invalidFields().isEmpty());
    EXPECT_DOUBLE_EQ(form.values().real("rate"), 1e-4);
    rate->setText("20");
    EXPECT_EQ(form.invalidFields(), QStringList{"rate"});
    const auto* message = form.findChild<QLabel*>("rateMessage");
    EXPECT_FALSE(message->isHidden());
    EXPECT_TRUE(message->text().contains("parameter rate = '20'")) << message->text().toStdString();
    EXPECT_DOUBLE_EQ(form.values().real("rate"), 1e-3);
    form.resetToDefaults();
    EXPECT_TRUE(form.invalidFields().isEmpty());
    EXPECT_TRUE(message->isHidden());
}

// The log slider and the text stay in sync both ways; its leftmost position is 0 when 0 is allowed.
TEST(ParamForm, LogSliderAndTextStayInSync) {
    ParamForm form(everyType());
    auto* rate = form.findChild<QLineEdit*>("rate");
    auto* slider = form.findChild<LogSlider*>("rateSlider");
    rate->setText("0.01");
    EXPECT_DOUBLE_EQ(slider->logValue(), 0.01);
    slider->setValue(slider->value() + LogSlider::stepsPerDecade);  // one decade right, as a drag would
    EXPECT_EQ(rate->text(), "0.1");
    EXPECT_DOUBLE_EQ(form.values().real("rate"), 0.1);

    auto* alpha = form.findChild<QLineEdit*>("alpha");
    auto* alphaSlider = form.findChild<LogSlider*>("alphaSlider");
    alphaSlider->setValue(alphaSlider->minimum() + 1);
    EXPECT_GT(form.values().real("alpha"), 0.0);
    alphaSlider->setValue(alphaSlider->minimum());
    EXPECT_EQ(alpha->text(), "0");
    EXPECT_EQ(form.values().real("alpha"), 0.0);
}

// setValues fills every editor with the given values and emits valuesChanged once.
TEST(ParamForm, SetValuesFillsEveryEditor) {
    ParamForm form(everyType());
    ParamValues values(everyType());
    for (const char* assignment : {"depth=9", "rate=0.25", "alpha=0.5", "features=3", "shuffle=false", "note=RI"})
        values.set_assignment(everyType(), assignment);
    int emitted = 0;
    QObject::connect(&form, &ParamForm::valuesChanged, [&emitted] { ++emitted; });
    form.setValues(values);
    EXPECT_EQ(emitted, 1);
    EXPECT_EQ(form.values().canonical(), values.canonical());
    EXPECT_FALSE(form.findChild<QCheckBox*>("shuffle")->isChecked());
    EXPECT_EQ(form.findChild<QComboBox*>("features")->currentText(), "3");
}

// A learner with presets: picking one with the keyboard sets every field to what
// `--param preset=NAME` runs; "treelab" puts the defaults back; a field edited afterwards wins.
TEST(ParamForm, PickingAPresetSetsItsRows) {
    const std::vector<ParamPreset> presets = {{"paper", "Paper", "the paper's setting", {"depth=10", "rate=0.5"}}};
    std::vector<ParamSpec> specs = everyType();
    specs.push_back(preset_param_spec(presets));
    ParamForm form(specs, presets);
    form.show();
    auto* preset = form.findChild<QComboBox*>("preset");
    auto* depth = form.findChild<QSpinBox*>("depth");
    auto* rate = form.findChild<QLineEdit*>("rate");
    ASSERT_NE(preset, nullptr);
    depth->setValue(7);  // an edit the preset replaces
    QSignalSpy changed(&form, &ParamForm::valuesChanged);
    preset->setFocus();
    QTest::keyClick(preset, Qt::Key_Down);
    EXPECT_EQ(preset->currentText(), "Paper") << "the preset's words, not its name";
    EXPECT_EQ(depth->value(), 10);
    EXPECT_EQ(rate->text(), "0.5");
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(form.values().canonical(), preset_values(specs, presets, "paper").canonical());

    depth->setValue(3);  // the user's value over the preset
    EXPECT_EQ(form.values().text("preset"), "paper");
    EXPECT_EQ(form.values().integer("depth"), 3);
    EXPECT_EQ(form.values().real("rate"), 0.5);

    QTest::keyClick(preset, Qt::Key_Up);
    EXPECT_EQ(preset->currentText(), "TreeLab defaults");
    EXPECT_EQ(form.values().canonical(), ParamValues(specs).canonical());
    // Setting values (a restored run) leaves them as given, preset or not.
    ParamValues restored = preset_values(specs, presets, "paper");
    restored.set(specs, "depth", "2");
    form.setValues(restored);
    EXPECT_EQ(form.values().integer("depth"), 2);
}

// The preset row comes first (it sets the rows below it, and the tab order follows), shows its
// choices in words while values() keeps the command line's words, and its tooltip says what each
// preset sets in the form's labels.
TEST(ParamForm, PresetRowComesFirstInWordsAndSaysWhatItSets) {
    const std::vector<ParamPreset> presets = {{"paper", "Paper (faithful)", "the paper's setting", {"depth=10", "shuffle=false"}}};
    std::vector<ParamSpec> specs = everyType();
    specs.push_back(preset_param_spec(presets));
    ParamForm form(specs, presets);
    form.show();
    auto* preset = form.findChild<QComboBox*>("preset");
    ASSERT_NE(preset, nullptr);
    auto* grid = qobject_cast<QGridLayout*>(form.layout());
    ASSERT_NE(grid, nullptr);
    ASSERT_NE(grid->itemAtPosition(0, 1), nullptr);
    EXPECT_EQ(grid->itemAtPosition(0, 1)->widget(), preset) << "the preset row is the form's first";
    EXPECT_EQ(qobject_cast<QLabel*>(grid->itemAtPosition(0, 0)->widget())->text(), "Preset:");
    form.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&form));
    preset->setFocus();
    QTest::keyClick(preset, Qt::Key_Tab);
    EXPECT_EQ(QApplication::focusWidget(), form.findChild<QSpinBox*>("depth")) << "tab goes from the preset to the first row it sets";

    ASSERT_EQ(preset->count(), 2);
    EXPECT_EQ(preset->itemText(0), "TreeLab defaults");
    EXPECT_EQ(preset->itemText(1), "Paper (faithful)");
    preset->setCurrentIndex(1);
    EXPECT_EQ(form.values().text("preset"), "paper");
    EXPECT_FALSE(form.findChild<QCheckBox*>("shuffle")->isChecked());
    ParamValues restored(specs);
    restored.set(specs, "preset", "treelab");
    form.setValues(restored);
    EXPECT_EQ(preset->currentText(), "TreeLab defaults");

    const QString tip = preset->toolTip();
    EXPECT_TRUE(tip.contains("<b>Paper (faithful)</b>: the paper's setting: Depth 10, Shuffle off.")) << tip.toStdString();
    EXPECT_TRUE(tip.contains("<b>TreeLab defaults</b>: every row at TreeLab's default.")) << tip.toStdString();
    EXPECT_TRUE(tip.contains("treelab | paper")) << "the command line's words too";
    EXPECT_EQ(preset->itemData(1, Qt::ToolTipRole).toString(), "the paper's setting: Depth 10, Shuffle off");
}

}  // namespace
}  // namespace treelab
