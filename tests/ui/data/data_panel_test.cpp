// DataPanel driven through its real widgets, offscreen: loading, preview, target, settings, errors.
#include <algorithm>

#include <gtest/gtest.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>

#include "app/shipped/shipped_files.h"
#include "core/error.h"
#include "qcustomplot.h"
#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/data/data_panel.h"
#include "ui/data/recent_files_menu.h"

namespace treelab {
namespace {

QString datasetPath(const std::string& name) { return QString::fromStdString(test::dataset(name).string()); }

template <typename Widget>
Widget* child(const QWidget& parent, const char* name) {
    auto* widget = parent.findChild<Widget*>(QString::fromLatin1(name));
    EXPECT_NE(widget, nullptr) << "no child named " << name;
    return widget;
}

// Glass opens with "Type" as target, counts its 214 rows, previews the first 100 and shows 6 classes (table and bars).
TEST(DataPanel, OpensGlassWithItsTypeColumnAsTarget) {
    DataPanel panel;
    ASSERT_TRUE(test::load_data(panel, datasetPath("glass.csv")));
    EXPECT_TRUE(panel.hasData());
    EXPECT_EQ(child<QComboBox>(panel, "target")->currentText(), "Type");
    EXPECT_EQ(panel.table().rows, 214u);
    EXPECT_TRUE(child<QLabel>(panel, "dataSummary")->text().contains("214 rows"));
    EXPECT_EQ(child<QTableView>(panel, "preview")->model()->rowCount(), 100);
    EXPECT_EQ(child<QTableWidget>(panel, "columnSummary")->rowCount(), 10);
    EXPECT_EQ(child<QTableWidget>(panel, "classBalance")->rowCount(), 6);
    EXPECT_EQ(child<QCustomPlot>(panel, "targetHistogram")->plottable(0)->interface1D()->dataCount(), 6);
    EXPECT_TRUE(child<QComboBox>(panel, "task")->itemText(0).contains("classification"));
    EXPECT_TRUE(panel.problem().isEmpty()) << panel.problem().toStdString();
}

// A malformed CSV shows the core's file:line message in a dialog and the glass data stays loaded.
TEST(DataPanel, BadFileShowsWhereAndKeepsPreviousData) {
    test::TempDir dir;
    const auto broken = dir.write("broken.csv", "a,b\n1,2\n3,\"4\n");
    DataPanel panel;
    ASSERT_TRUE(test::load_data(panel, datasetPath("glass.csv")));
    const QString before = panel.file();
    EXPECT_FALSE(test::load_data(panel, QString::fromStdString(broken.string())));
    const auto boxes = panel.findChildren<QMessageBox*>();
    ASSERT_EQ(boxes.size(), 1);
    EXPECT_TRUE(boxes.first()->text().contains("broken.csv:3:")) << boxes.first()->text().toStdString();
    EXPECT_EQ(panel.file(), before);
    EXPECT_TRUE(panel.hasData());
    EXPECT_EQ(panel.table().rows, 214u);
    EXPECT_EQ(child<QTableWidget>(panel, "classBalance")->rowCount(), 6);
}

// applyTo writes every choice of the panel into a RunConfig, and setFrom puts them back.
TEST(DataPanel, ApplyToAndSetFromCarryEveryChoice) {
    DataPanel panel;
    ASSERT_TRUE(test::load_data(panel, datasetPath("glass.csv")));
    child<QComboBox>(panel, "target")->setCurrentText("Ca");
    child<QComboBox>(panel, "task")->setCurrentIndex(2);  // Regression
    child<QComboBox>(panel, "scaling")->setCurrentIndex(child<QComboBox>(panel, "scaling")->findData("zscore"));
    child<QComboBox>(panel, "splitMode")->setCurrentIndex(child<QComboBox>(panel, "splitMode")->findData("shuffled"));
    child<QDoubleSpinBox>(panel, "splitValid")->setValue(0.1);
    child<QDoubleSpinBox>(panel, "splitTrain")->setValue(0.7);
    child<QSpinBox>(panel, "seed")->setValue(7);
    RunConfig config;
    panel.applyTo(config);
    EXPECT_FALSE(config.split_seed) << "by default the seed also draws the split";
    child<QSpinBox>(panel, "splitSeed")->setValue(459107);
    panel.applyTo(config);
    EXPECT_EQ(config.data_file, test::dataset("glass.csv"));
    EXPECT_EQ(config.target, "Ca");
    EXPECT_EQ(config.task, Task::Regression);
    EXPECT_EQ(config.scaling, Scaling::ZScore);
    EXPECT_EQ(config.split_mode, SplitMode::Shuffled);
    EXPECT_DOUBLE_EQ(config.split.train, 0.7);
    EXPECT_DOUBLE_EQ(config.split.valid, 0.1);
    EXPECT_DOUBLE_EQ(config.split.test, 0.2);
    EXPECT_EQ(config.seed, 7u);
    EXPECT_EQ(config.split_seed, 459107u);

    DataPanel other;
    ASSERT_TRUE(test::load_data(other, datasetPath("glass.csv")));
    other.setFrom(config);
    RunConfig again;
    other.applyTo(again);
    EXPECT_EQ(equivalent_command(again), equivalent_command(config));
}

// A regression target is shown as a histogram of its values, without the class table.
TEST(DataPanel, RegressionTargetShowsHistogram) {
    DataPanel panel;
    ASSERT_TRUE(test::load_data(panel, datasetPath("diabetes.csv")));
    EXPECT_EQ(child<QComboBox>(panel, "target")->currentText(), "progression");  // the last column
    EXPECT_TRUE(child<QComboBox>(panel, "task")->itemText(0).contains("regression"));
    EXPECT_TRUE(child<QTableWidget>(panel, "classBalance")->isHidden());
    auto* plot = child<QCustomPlot>(panel, "targetHistogram");
    ASSERT_EQ(plot->plottableCount(), 1);
    EXPECT_EQ(plot->plottable(0)->interface1D()->dataCount(), 20);  // core's default bin count
}

// Fractions that do not add up to 1 are flagged with the core's message and block a run.
TEST(DataPanel, SplitNotAddingUpIsFlagged) {
    DataPanel panel;
    ASSERT_TRUE(test::load_data(panel, datasetPath("glass.csv")));
    child<QDoubleSpinBox>(panel, "splitTrain")->setValue(0.9);
    EXPECT_TRUE(child<QLabel>(panel, "splitProblem")->text().contains("add up to 1"));
    EXPECT_TRUE(panel.problem().contains("add up to 1"));
    child<QDoubleSpinBox>(panel, "splitTrain")->setValue(0.6);
    EXPECT_TRUE(panel.problem().isEmpty()) << panel.problem().toStdString();
}

// Forcing regression on a text target shows the core's reason instead of a distribution.
TEST(DataPanel, ImpossibleTaskIsExplained) {
    test::TempDir dir;
    const auto file = dir.write("fruit.csv", "weight,fruit\n1,apple\n2,pear\n");
    DataPanel panel;
    ASSERT_TRUE(test::load_data(panel, QString::fromStdString(file.string())));
    QSignalSpy shown(&panel, &DataPanel::targetShown);  // summarised in a worker thread
    child<QComboBox>(panel, "task")->setCurrentIndex(2);  // Regression
    ASSERT_TRUE(shown.wait(60000));
    EXPECT_TRUE(panel.problem().contains("not a number")) << panel.problem().toStdString();
}

// Preprocessing offers "Automatic (the method's choice)" first and selects it: the config carries
// no explicit scaling, so each method gets its own default; a saved explicit choice, "None"
// included, is restored as explicit, and a saved Automatic as Automatic.
TEST(DataPanel, PreprocessingDefaultsToTheMethodsChoice) {
    DataPanel panel;
    ASSERT_TRUE(test::load_data(panel, datasetPath("glass.csv")));
    QComboBox* scaling = child<QComboBox>(panel, "scaling");
    EXPECT_EQ(scaling->itemText(0), "Automatic (the method's choice)");
    EXPECT_EQ(scaling->currentIndex(), 0);
    EXPECT_EQ(scaling->currentData().toString(), "auto");
    RunConfig config;
    config.scaling = Scaling::QuantileNormal;
    panel.applyTo(config);
    EXPECT_FALSE(config.scaling.has_value());

    test::TempDir dir;
    QSettings settings(QString::fromStdString(dir.file("treelab.ini").string()), QSettings::IniFormat);
    panel.saveSettings(settings);
    DataPanel automatic;
    automatic.restoreSettings(settings);
    EXPECT_EQ(child<QComboBox>(automatic, "scaling")->currentData().toString(), "auto");

    scaling->setCurrentIndex(scaling->findData("none"));
    panel.saveSettings(settings);
    DataPanel explicitNone;
    explicitNone.restoreSettings(settings);
    EXPECT_EQ(child<QComboBox>(explicitNone, "scaling")->currentData().toString(), "none");
    explicitNone.applyTo(config);
    EXPECT_EQ(config.scaling, Scaling::None);

    explicitNone.setFrom(RunConfig{});  // a config without a choice puts the panel back to Automatic
    EXPECT_EQ(child<QComboBox>(explicitNone, "scaling")->currentData().toString(), "auto");
}

// Recent files, last folder and the choices survive a save/restore through QSettings.
TEST(DataPanel, SettingsRoundTrip) {
    test::TempDir dir;
    QSettings settings(QString::fromStdString(dir.file("treelab.ini").string()), QSettings::IniFormat);
    {
        DataPanel panel;
        ASSERT_TRUE(test::load_data(panel, datasetPath("glass.csv")));
        ASSERT_TRUE(test::load_data(panel, datasetPath("iris.csv")));
        child<QSpinBox>(panel, "seed")->setValue(42);
        child<QComboBox>(panel, "scaling")->setCurrentIndex(child<QComboBox>(panel, "scaling")->findData("quantile"));
        panel.saveSettings(settings);
    }
    DataPanel restored;
    restored.restoreSettings(settings);
    const QStringList recent = static_cast<RecentFilesMenu*>(restored.recentFilesMenu())->files();
    ASSERT_EQ(recent.size(), 2);
    EXPECT_TRUE(recent[0].endsWith("iris.csv"));
    EXPECT_TRUE(recent[1].endsWith("glass.csv"));
    EXPECT_EQ(child<QSpinBox>(restored, "seed")->value(), 42);
    EXPECT_EQ(child<QComboBox>(restored, "scaling")->currentData().toString(), "quantile");
}

// The shipped data sets are found from the test binary (source-tree fallback) and listed by name.
TEST(DataPanel, ShippedDatasetsMenuListsGlass) {
    EXPECT_FALSE(shipped_datasets_folder().isEmpty());
    DataPanel panel;
    const QList<QAction*> actions = panel.shippedDatasetsMenu()->actions();
    const auto glass = std::find_if(actions.begin(), actions.end(),
                                    [](const QAction* action) { return action->text() == "glass.csv"; });
    ASSERT_NE(glass, actions.end());
    QSignalSpy ended(&panel, &DataPanel::loadEnded);  // the file is read in the background
    (*glass)->trigger();
    ASSERT_TRUE(ended.wait(60000));
    EXPECT_EQ(panel.table().rows, 214u);
}

// The recent list keeps each file once, newest first, and at most ten.
TEST(RecentFilesMenu, KeepsTenNewestOnce) {
    RecentFilesMenu menu("Recent");
    for (int k = 0; k < 12; ++k) menu.add(QStringLiteral("/data/file%1.csv").arg(k));
    menu.add("/data/file5.csv");
    const QStringList files = menu.files();
    ASSERT_EQ(files.size(), RecentFilesMenu::maxFiles);
    EXPECT_EQ(files.first(), "/data/file5.csv");
    EXPECT_EQ(files[1], "/data/file11.csv");
    EXPECT_EQ(files.count("/data/file5.csv"), 1);
    EXPECT_FALSE(files.contains("/data/file1.csv"));
}

}  // namespace
}  // namespace treelab

namespace treelab {
namespace {

// The Columns table says what each column becomes in the run: an identifier column is left out
// with the reason, and choosing an encoding in its row (the GUI's --encode) takes it in.
TEST(DataPanel, ColumnsTableShowsLeftOutColumnsAndTakesOneInByItsEncoding) {
    DataPanel panel;
    ASSERT_TRUE(test::load_data(panel, QString::fromStdString(test::test_data("identifier_columns.csv").string())));
    auto* columns = child<QTableWidget>(panel, "columnSummary");
    ASSERT_EQ(columns->rowCount(), 5);
    EXPECT_EQ(columns->item(0, 3)->text(), "left out: identifier-like: 40 distinct values in 40 cells");
    EXPECT_EQ(columns->item(2, 3)->text(), "text, 2 levels (one-hot)");
    EXPECT_EQ(columns->item(3, 3)->text(), "number");
    EXPECT_EQ(columns->item(4, 3)->text(), "target");
    auto* encoding = qobject_cast<QComboBox*>(columns->cellWidget(1, 4));
    ASSERT_NE(encoding, nullptr);
    encoding->setFocus();
    QTest::keyClick(encoding, Qt::Key_Down);  // Auto -> One-hot
    QTest::keyClick(encoding, Qt::Key_Down);  // -> Ordinal
    EXPECT_EQ(columns->item(1, 3)->text(), "text, 40 levels (ordinal)");
    RunConfig config;
    panel.applyTo(config);
    ASSERT_EQ(config.column_encodings.count("Ticket"), 1u);
    EXPECT_EQ(config.column_encodings.at("Ticket"), CategoricalEncoding::Ordinal);
    EXPECT_EQ(config.column_encodings.count("Name"), 0u);
}

}  // namespace
}  // namespace treelab
