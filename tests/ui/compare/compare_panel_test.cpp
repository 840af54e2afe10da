// The Compare tab end to end under QT_QPA_PLATFORM=offscreen, with real clicks: check methods,
// Run, read the table against core's summary of the same comparison, Stop, a failing method, a
// click on a row that shows its refitted tree, and the Split group's cross-validation.
#include <gtest/gtest.h>

#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

#include "core/compare/comparison.h"
#include "core/compare/comparison_summary.h"
#include "core/learners/learner.h"
#include "tests/support/workbench_steps.h"
#include "ui/compare/compare_panel.h"
#include "ui/compare/data_set_list.h"
#include "ui/compare/fold_box_plot.h"
#include "ui/compare/method_choice.h"
#include "ui/method/method_panel.h"
#include "ui/tree/tree_canvas.h"
#include "ui/tree/tree_tab.h"

namespace treelab {
namespace {

QString iris_file() { return QString::fromStdString(test::dataset("iris.csv").string()); }

// The method panel's form of `method` holds its quick settings (and `extra`), as a user would type them.
void set_quick(MethodPanel& panel, const std::string& method, const std::vector<std::string>& extra = {}) {
    const LearnerInfo& learner = find_learner(method);
    std::vector<std::string> assignments = learner.quick_params;
    assignments.insert(assignments.end(), extra.begin(), extra.end());
    panel.setMethod(QString::fromStdString(method));
    panel.setValues(method_params(method, assignments));
}

// Clicks the check box of `method` in the Compare tab's method list.
void click_method(ComparePanel& panel, const QString& method) {
    QListWidget* list = panel.methods()->list();
    for (int row = 0; row < list->count(); ++row) {
        if (list->item(row)->data(Qt::UserRole).toString() != method) continue;
        const QRect rect = list->visualItemRect(list->item(row));
        // The check box sits at the item's left, inside its margin.
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, QPoint(rect.left() + rect.height() / 2 + 1, rect.center().y()));
        return;
    }
    FAIL() << "no method " << method.toStdString();
}

void click(QWidget* widget) { QTest::mouseClick(widget, Qt::LeftButton); }

bool wait_finished(ComparePanel& panel) {
    QSignalSpy done(&panel, &ComparePanel::comparisonFinished);
    return done.count() > 0 || done.wait(300000);
}

// A window with iris loaded, the Compare tab shown, 3 folds.
struct Bench {
    Bench() {
        QSettings().clear();
        window.resize(1366, 768);
        window.show();
        loaded = test::load_data(*window.dataPanel(), iris_file());
        panel = window.comparePanel();
        window.tabs()->setCurrentWidget(panel);
        panel->findChild<QSpinBox*>("compareFolds")->setValue(3);
        QApplication::processEvents();
    }
    MainWindow window;
    ComparePanel* panel = nullptr;
    bool loaded = false;
};

QString summary_text(const FoldMeanStd& score) {
    return QStringLiteral("%1 ± %2").arg(QString::number(score.mean, 'f', 3), QString::number(score.std, 'f', 3));
}

int column_of(const QTableWidget* table, const QString& header) {
    for (int column = 0; column < table->columnCount(); ++column)
        if (table->horizontalHeaderItem(column)->text() == header) return column;
    return -1;
}

// CART and GradTree (quick settings) checked by clicks, Run clicked: every score cell of the table
// reads core's summary of the same comparison (mean ± std over 3 folds), the best of each metric is
// bold and only it; the box plot has a box per method; the tests table holds GradTree against CART.
TEST(ComparePanel, TwoMethodsTableEqualsCoresSummary) {
    Bench bench;
    ASSERT_TRUE(bench.loaded);
    ComparePanel& panel = *bench.panel;
    set_quick(*bench.window.methodPanel(), "cart");
    set_quick(*bench.window.methodPanel(), "gradtree");
    EXPECT_EQ(panel.methods()->checkedMethods(), QStringList{"cart"});  // CART is checked from the start
    click_method(panel, "gradtree");
    ASSERT_EQ(panel.methods()->checkedMethods(), (QStringList{"cart", "gradtree"}));
    click(panel.findChild<QPushButton*>("compareRun"));
    ASSERT_TRUE(wait_finished(panel));
    ASSERT_TRUE(panel.result());
    EXPECT_FALSE(panel.result()->stopped);

    ComparisonConfig config;
    RunConfig data;
    bench.window.dataPanel()->applyTo(data);
    config.data_sets = {data};
    config.contenders = {make_contender("cart", find_learner("cart").quick_params),
                         make_contender("gradtree", find_learner("gradtree").quick_params)};
    config.resampling.folds = 3;
    const std::vector<ContenderSummary> expected = summarize_contenders(run_comparison(config));  // one data set: one per contender
    ASSERT_EQ(expected.size(), 2u);

    const QTableWidget* table = panel.scoresTable();
    ASSERT_EQ(table->rowCount(), 2);
    EXPECT_EQ(table->item(0, 0)->text(), "CART");
    EXPECT_EQ(table->item(1, 0)->text(), "GradTree");
    int checked = 0;
    for (const auto& [metric, score] : expected[0].scores) {
        const int column = column_of(table, QString::fromStdString(score_label(metric)));
        ASSERT_GE(column, 0) << metric;
        const bool higher = higher_is_better(metric);
        for (int row = 0; row < 2; ++row) {
            const FoldMeanStd& mine = expected[row].scores.at(metric);
            const FoldMeanStd& other = expected[1 - row].scores.at(metric);
            EXPECT_EQ(table->item(row, column)->text(), summary_text(mine)) << metric;
            const bool best = higher ? mine.mean >= other.mean : mine.mean <= other.mean;
            EXPECT_EQ(table->item(row, column)->font().bold(), best) << metric << " row " << row;
        }
        ++checked;
    }
    EXPECT_GE(checked, 3);
    EXPECT_EQ(panel.boxPlot()->boxCount(), 2);
    EXPECT_EQ(panel.testsTable()->rowCount(), 2);
    EXPECT_EQ(panel.testsTable()->item(0, 1)->text(), "(reference)");
    EXPECT_TRUE(panel.testsTable()->item(1, 2)->text().contains(QRegularExpression("^(< )?0\\.\\d{3}$")))
        << panel.testsTable()->item(1, 2)->text().toStdString();
    EXPECT_TRUE(panel.scoresCsv().startsWith("Method,accuracy"));
    ASSERT_TRUE(panel.boxPlotFigure());
}

// CART with the regression criterion on iris fails on every fold: its cells say so with core's
// message, and GradTree's row beside it is scored.
TEST(ComparePanel, AFailingMethodShowsItsMessageInItsCells) {
    Bench bench;
    ASSERT_TRUE(bench.loaded);
    ComparePanel& panel = *bench.panel;
    set_quick(*bench.window.methodPanel(), "cart", {"criterion=squared_error"});
    set_quick(*bench.window.methodPanel(), "gradtree");
    click_method(panel, "gradtree");
    click(panel.findChild<QPushButton*>("compareRun"));
    ASSERT_TRUE(wait_finished(panel));
    const QTableWidget* table = panel.scoresTable();
    ASSERT_EQ(table->rowCount(), 2);
    EXPECT_TRUE(table->item(0, 1)->text().startsWith("failed: ")) << table->item(0, 1)->text().toStdString();
    EXPECT_TRUE(table->item(0, 1)->text().contains("squared_error")) << table->item(0, 1)->text().toStdString();
    EXPECT_TRUE(table->item(1, 1)->text().contains(" ± ")) << table->item(1, 1)->text().toStdString();
    const int folds = column_of(table, "folds");
    ASSERT_GE(folds, 0);
    EXPECT_TRUE(table->item(0, folds)->text().startsWith("0 of 3; 3 failed")) << table->item(0, folds)->text().toStdString();
}

// Stop clicked once the first fold is done: the comparison ends stopped, with the finished folds
// kept in the table (fewer than all, at least one).
TEST(ComparePanel, StopKeepsTheFinishedFolds) {
    Bench bench;
    ASSERT_TRUE(bench.loaded);
    ComparePanel& panel = *bench.panel;
    set_quick(*bench.window.methodPanel(), "cart");
    bench.window.methodPanel()->setMethod("latent");
    bench.window.methodPanel()->setValues(method_params("latent", {"depth=3", "epochs=100000", "patience=0"}));  // no early stop: runs until stopped
    click_method(panel, "latent");
    auto* progress = panel.findChild<QProgressBar*>("compareProgress");
    QObject::connect(progress, &QProgressBar::valueChanged, &panel, [&panel](int done) {
        if (done >= 1 && panel.isRunning()) click(panel.findChild<QPushButton*>("compareStop"));
    });
    click(panel.findChild<QPushButton*>("compareRun"));
    ASSERT_TRUE(wait_finished(panel));
    ASSERT_TRUE(panel.result());
    EXPECT_TRUE(panel.result()->stopped);
    const int cells = static_cast<int>(panel.result()->cells.size());
    EXPECT_GE(cells, 1);
    EXPECT_LT(cells, 6);
    const QTableWidget* table = panel.scoresTable();
    const int folds = column_of(table, "folds");
    ASSERT_GE(folds, 0);
    int shown = 0;
    for (int row = 0; row < table->rowCount(); ++row) shown += table->item(row, folds)->text().section(' ', 0, 0).toInt();
    EXPECT_EQ(shown, cells);
    EXPECT_TRUE(panel.statusLine()->text().startsWith("Stopped"));
}

// A click on CART's row refits it on all rows: the Tree tab shows its tree and the Results tab
// lists the refit as a run on all 150 rows.
TEST(ComparePanel, AClickOnARowShowsTheRefittedTree) {
    Bench bench;
    ASSERT_TRUE(bench.loaded);
    ComparePanel& panel = *bench.panel;
    set_quick(*bench.window.methodPanel(), "cart");
    click(panel.findChild<QPushButton*>("compareRun"));
    ASSERT_TRUE(wait_finished(panel));
    QTableWidget* table = panel.scoresTable();
    QSignalSpy refitted(&panel, &ComparePanel::refitted);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(table->model()->index(0, 0)).center());
    ASSERT_TRUE(refitted.count() > 0 || refitted.wait(120000));
    EXPECT_EQ(bench.window.tabs()->currentWidget(), bench.window.treeTab());
    EXPECT_GT(bench.window.treeCanvas()->nodeCount(), 0);
    ASSERT_EQ(bench.window.resultsPanel()->runCount(), 1);
    const auto run = bench.window.resultsPanel()->run(0);
    EXPECT_EQ(run->model.card.method, "cart");
    EXPECT_EQ(run->fit_rows, 150);
    EXPECT_TRUE(bench.window.resultsPanel()->runName(0).contains("all rows"));
}

// The Split group's cross-validation: Train runs the method over 3 folds in the Compare tab (one
// row, 3 of 3 folds) and keeps the method refitted on all rows as the run.
TEST(ComparePanel, SplitGroupCrossValidationTrainsOverTheFolds) {
    Bench bench;
    ASSERT_TRUE(bench.loaded);
    set_quick(*bench.window.methodPanel(), "cart");
    auto* kind = bench.window.dataPanel()->findChild<QComboBox*>("splitKind");
    ASSERT_NE(kind, nullptr);
    kind->setCurrentIndex(1);
    bench.window.dataPanel()->findChild<QSpinBox*>("splitFolds")->setValue(3);
    ASSERT_TRUE(bench.window.dataPanel()->crossValidation());
    ASSERT_TRUE(test::train_and_wait(bench.window));
    ComparePanel& panel = *bench.panel;
    ASSERT_TRUE(panel.result());
    EXPECT_EQ(panel.result()->cells.size(), 3u);
    EXPECT_EQ(panel.scoresTable()->rowCount(), 1);
    ASSERT_EQ(bench.window.resultsPanel()->runCount(), 1);
    EXPECT_EQ(bench.window.resultsPanel()->run(0)->fit_rows, 150);
    EXPECT_FALSE(bench.window.isTraining());
}

}  // namespace
}  // namespace treelab
