// The data panel's Preprocessing and Split groups (PreparationForm) driven by key presses and
// clicks, offscreen: every choice reaches the RunConfig, the defaults are RunConfig's, and the
// menus and tooltips are the core's descriptions of the treelab-cli options.
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QSettings>
#include <QSpinBox>
#include <QTest>

#include "core/run/run_option_docs.h"
#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/data/data_panel.h"

namespace treelab {
namespace {

template <typename Widget>
Widget* child(const QWidget& parent, const char* name) {
    auto* widget = parent.findChild<Widget*>(QString::fromLatin1(name));
    EXPECT_NE(widget, nullptr) << "no child named " << name;
    return widget;
}

// A panel on glass, shown, as a user sees it (clicks land where the widgets are drawn).
class PreparationFormTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(test::load_data(panel, test::glass_file()));
        panel.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
    }

    // Ticks the SMOTE box with a left click on its indicator.
    void clickSmote() {
        QCheckBox* smote = child<QCheckBox>(panel, "smote");
        QTest::mouseClick(smote, Qt::LeftButton, {}, QPoint(6, smote->height() / 2));
    }

    RunConfig config() const {
        RunConfig result;
        panel.applyTo(result);
        return result;
    }

    DataPanel panel;
};

// Untouched, the controls give RunConfig's defaults: automatic scaling, one-hot, no SMOTE, a
// stratified split, fitting on the training rows.
TEST_F(PreparationFormTest, DefaultsAreRunConfigs) {
    const RunConfig defaults, shown = config();
    EXPECT_EQ(shown.scaling, defaults.scaling);
    EXPECT_EQ(shown.quantile_fit_noise, defaults.quantile_fit_noise);
    EXPECT_EQ(shown.categorical_encoding, defaults.categorical_encoding);
    EXPECT_EQ(shown.smote, defaults.smote);
    EXPECT_EQ(shown.split_mode, defaults.split_mode);
    EXPECT_EQ(shown.split_seed, defaults.split_seed);
    EXPECT_EQ(shown.learner_seed, defaults.learner_seed);
    EXPECT_EQ(shown.missing_as_level, defaults.missing_as_level);
    EXPECT_EQ(shown.fit_on, defaults.fit_on);
}

// The GradTree protocol's fixed model seed and its missing votes as a level: typed and clicked,
// they reach the config and its command, and survive a save and restore.
TEST_F(PreparationFormTest, LearnerSeedAndMissingAsLevelReachTheRunConfig) {
    QSpinBox* learnerSeed = child<QSpinBox>(panel, "learnerSeed");
    learnerSeed->selectAll();
    QTest::keyClicks(learnerSeed, "42");
    QCheckBox* missing = child<QCheckBox>(panel, "missingAsLevel");
    QTest::mouseClick(missing, Qt::LeftButton, {}, QPoint(6, missing->height() / 2));
    const RunConfig chosen = config();
    EXPECT_EQ(chosen.learner_seed, std::optional<std::uint32_t>(42));
    EXPECT_TRUE(chosen.missing_as_level);
    const std::string command = equivalent_command(chosen);
    for (const char* flag : {"--learner-seed 42", "--missing-as-level"})
        EXPECT_NE(command.find(flag), std::string::npos) << flag << " missing from " << command;
    EXPECT_TRUE(missing->toolTip().contains(QString::fromStdString(missing_as_level_doc().flag)));

    test::TempDir dir;
    QSettings settings(QString::fromStdString(dir.file("treelab.ini").string()), QSettings::IniFormat);
    panel.saveSettings(settings);
    DataPanel restored;
    restored.restoreSettings(settings);
    EXPECT_EQ(child<QSpinBox>(restored, "learnerSeed")->value(), 42);
    EXPECT_TRUE(child<QCheckBox>(restored, "missingAsLevel")->isChecked());
}

// Leave-one-out, SMOTE, the GradTree split, the noisy quantile fit and train+valid, chosen by key
// presses and a click, reach the config and its equivalent command.
TEST_F(PreparationFormTest, KeysAndClicksReachTheRunConfig) {
    QTest::keyClicks(child<QComboBox>(panel, "categorical"), "Leave");
    clickSmote();
    QTest::keyClicks(child<QComboBox>(panel, "splitMode"), "GradTree");
    QTest::keyClick(child<QComboBox>(panel, "scaling"), Qt::Key_End);  // the last: quantile, noisy fit
    QTest::keyClick(child<QComboBox>(panel, "fitOn"), Qt::Key_Down);

    const RunConfig chosen = config();
    EXPECT_EQ(chosen.categorical_encoding, CategoricalEncoding::LeaveOneOut);
    EXPECT_TRUE(chosen.smote);
    EXPECT_EQ(chosen.split_mode, SplitMode::GradTree);
    EXPECT_EQ(chosen.scaling, Scaling::QuantileNormal);
    EXPECT_TRUE(chosen.quantile_fit_noise);
    EXPECT_EQ(chosen.fit_on, FitOn::TrainAndValid);
    const std::string command = equivalent_command(chosen);
    for (const char* flag : {"--categorical loo", "--smote", "--split-mode gradtree", "--scaling quantile-gradtree",
                             "--fit-on train+valid"})
        EXPECT_NE(command.find(flag), std::string::npos) << flag << " missing from " << command;

    clickSmote();  // a second click takes SMOTE off again
    EXPECT_FALSE(config().smote);
}

// Each combo offers the core's words in the core's order, each item and the box explained by the
// core's help texts (the ones treelab-cli --help prints), naming the CLI flag.
TEST_F(PreparationFormTest, MenusAndTooltipsAreTheCoresDescriptions) {
    const std::pair<const char*, const RunOptionDoc*> combos[] = {
        {"scaling", &scaling_doc()}, {"categorical", &categorical_doc()},
        {"splitMode", &split_mode_doc()}, {"fitOn", &fit_on_doc()}};
    for (const auto& [name, doc] : combos) {
        const QComboBox* combo = child<QComboBox>(panel, name);
        ASSERT_EQ(combo->count(), static_cast<int>(doc->choices.size())) << name;
        for (int k = 0; k < combo->count(); ++k) {
            const ChoiceDoc& choice = doc->choices[static_cast<std::size_t>(k)];
            const QString help = QString::fromStdString(choice.help).mid(1).toHtmlEscaped();  // past the capital
            EXPECT_EQ(combo->itemData(k).toString().toStdString(), choice.word) << name;
            EXPECT_TRUE(combo->itemData(k, Qt::ToolTipRole).toString().contains(help)) << name << " " << choice.word;
            EXPECT_TRUE(combo->toolTip().contains(help)) << name << " " << choice.word;
        }
        EXPECT_TRUE(combo->toolTip().contains(QString::fromStdString(doc->flag))) << name;
    }
    const QString smoteHelp = QString::fromStdString(smote_doc().help).mid(1).toHtmlEscaped();
    EXPECT_TRUE(child<QCheckBox>(panel, "smote")->toolTip().contains(smoteHelp));
}

// The new choices survive a save and restore through QSettings.
TEST_F(PreparationFormTest, ChoicesSurviveSettings) {
    QTest::keyClicks(child<QComboBox>(panel, "categorical"), "Leave");
    clickSmote();
    QTest::keyClick(child<QComboBox>(panel, "fitOn"), Qt::Key_Down);
    test::TempDir dir;
    QSettings settings(QString::fromStdString(dir.file("treelab.ini").string()), QSettings::IniFormat);
    panel.saveSettings(settings);
    DataPanel restored;
    restored.restoreSettings(settings);
    EXPECT_EQ(child<QComboBox>(restored, "categorical")->currentData().toString(), "loo");
    EXPECT_TRUE(child<QCheckBox>(restored, "smote")->isChecked());
    EXPECT_EQ(child<QComboBox>(restored, "fitOn")->currentData().toString(), "train+valid");
}

}  // namespace
}  // namespace treelab
