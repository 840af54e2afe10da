// The Results detail's pages of a run on its test rows, reached with clicks on their tabs: the ROC
// and precision-recall legends carry core's areas, the per-class table core's report, the
// importance chart core's permutation importance in the data's column names, the residual plot one
// point per test row; the curves export as a vector figure.
#include <gtest/gtest.h>

#include <QLabel>
#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <qcustomplot.h>

#include "app/render/figure_file.h"
#include "core/data/table.h"
#include "core/export/number_text.h"
#include "core/importance/permutation_importance.h"
#include "core/metrics/ranking_curves.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"
#include "ui/results/class_table.h"
#include "ui/results/importance_chart.h"
#include "ui/results/results_panel.h"
#include "ui/results/run_detail_view.h"

namespace treelab {
namespace {

class RunDetailViewTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        cart_ = std::make_shared<const RunOutcome>(run_training(test::dataset_run("glass.csv", "Type", "cart", {"max_depth=4"}, 3)));
        latent_ = std::make_shared<const RunOutcome>(
            run_training(test::dataset_run("diabetes.csv", "progression", "latent", {"depth=2", "epochs=5", "learning_rate=0.01"})));
    }
    static void TearDownTestSuite() { cart_.reset(), latent_.reset(); }
    static std::shared_ptr<const RunOutcome> cart_, latent_;
};
std::shared_ptr<const RunOutcome> RunDetailViewTest::cart_, RunDetailViewTest::latent_;

// Clicks the detail's tab called `name`; true when its page is shown.
bool clickPage(RunDetailView& view, const QString& name) {
    QTabBar* bar = view.pages()->tabBar();
    for (int i = 0; i < bar->count(); ++i)
        if (bar->tabText(i) == name && bar->isTabVisible(i)) {
            QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(i).center());
            return view.pages()->currentIndex() == i;
        }
    return false;
}

bool waitFor(QSignalSpy& spy) { return spy.count() > 0 || spy.wait(60000); }

// Each class's ROC curve is in the legend with core's AUC (to the three decimals shown), the micro
// average with its own, and the title with the macro AUC; precision-recall likewise with AP.
TEST_F(RunDetailViewTest, RocLegendCarriesCoresAreas) {
    ResultsPanel panel;
    panel.resize(1000, 700);
    panel.show();
    QSignalSpy analysed(panel.detailView(), &RunDetailView::analysed);
    panel.addRun("1 cart", cart_);
    ASSERT_TRUE(waitFor(analysed));
    RunDetailView& view = *panel.detailView();
    ASSERT_TRUE(clickPage(view, "ROC"));
    const Dataset& test = cart_->data->test;
    const TreeModel& tree = cart_->model.tree;
    const RankingCurves core = ranking_curves(test.y, tree.predict_proba(test.X), tree.classes());
    QCustomPlot* roc = view.rocPlot();
    ASSERT_EQ(roc->graphCount(), tree.classes() + 2);  // classes, micro average, chance
    for (int k = 0; k < tree.classes(); ++k) {
        const std::string expected = std::isnan(core.auc(k)) ? "n/a" : fixed_text(core.auc(k), 3);
        EXPECT_EQ(roc->graph(k)->name().toStdString(), tree.class_names[static_cast<std::size_t>(k)] + " (AUC " + expected + ")");
        EXPECT_EQ(roc->graph(k)->dataCount(), static_cast<int>(core.roc[static_cast<std::size_t>(k)].x.size()));
        EXPECT_TRUE(roc->graph(k)->visible());
    }
    EXPECT_EQ(roc->graph(tree.classes())->name().toStdString(), "micro average (AUC " + fixed_text(core.micro_auc, 3) + ")");
    const auto* title = qobject_cast<QCPTextElement*>(roc->plotLayout()->element(0, 0));
    ASSERT_TRUE(title);
    EXPECT_TRUE(title->text().endsWith(QString::fromStdString("macro AUC " + fixed_text(core.macro_auc, 3)))) << title->text().toStdString();
    for (int g = 0; g < roc->graphCount(); ++g) EXPECT_TRUE(roc->legend->itemWithPlottable(roc->graph(g)) != nullptr) << "every curve has its legend entry";

    ASSERT_TRUE(clickPage(view, "Precision-recall"));
    QCustomPlot* pr = view.precisionRecallPlot();
    EXPECT_EQ(pr->graph(0)->name().toStdString(), tree.class_names[0] + " (AP " + fixed_text(core.ap(0), 3) + ")");

    // The shown page exports as a vector figure composed from the curves, no widget in it.
    const std::optional<PlotSheet> sheet = panel.figure();
    ASSERT_TRUE(sheet);
    const test::TempDir dir;
    const auto file = dir.file("roc.svg");
    save_figure(figure_drawing(*sheet), QString::fromStdString(file.string()));
    const std::string svg = test::read_file(file);
    EXPECT_EQ(test::raster_images(svg), 0);
    EXPECT_NE(svg.find("micro average"), std::string::npos);
}

// The per-class table holds core's precision, recall, F1 and support per class, the averages, and
// balanced accuracy and Cohen's κ under it.
TEST_F(RunDetailViewTest, PerClassTableIsCoresReport) {
    ResultsPanel panel;
    panel.show();
    QSignalSpy analysed(panel.detailView(), &RunDetailView::analysed);
    panel.addRun("1 cart", cart_);
    ASSERT_TRUE(waitFor(analysed));
    ASSERT_TRUE(clickPage(*panel.detailView(), "Per class"));
    const Dataset& test = cart_->data->test;
    const int classes = cart_->model.tree.classes();
    const ClassificationReport core = classification_report(test.y, cart_->model.tree.predict(test.X), classes);
    const QTableWidget* table = panel.detailView()->classTable()->table();
    ASSERT_EQ(table->rowCount(), classes + 2);
    for (int k = 0; k < classes; ++k) {
        EXPECT_EQ(table->verticalHeaderItem(k)->text().toStdString(), cart_->model.target.class_names[static_cast<std::size_t>(k)]);
        EXPECT_EQ(table->item(k, 0)->text(), QString::number(core.precision(k), 'f', 3));
        EXPECT_EQ(table->item(k, 1)->text(), QString::number(core.recall(k), 'f', 3));
        EXPECT_EQ(table->item(k, 2)->text(), QString::number(core.f1(k), 'f', 3));
        EXPECT_EQ(table->item(k, 3)->text(), QString::number(core.support(k)));
    }
    EXPECT_EQ(table->item(classes, 3)->text(), QString::number(test.rows()));
    const QString summary = panel.detailView()->classTable()->summary()->text();
    EXPECT_TRUE(summary.contains(QString("balanced accuracy %1").arg(core.balanced_accuracy, 0, 'f', 4))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QString("Cohen's κ %1").arg(core.cohen_kappa, 0, 'f', 4))) << summary.toStdString();
}

// The importance page shows one bar per data column, labelled with the column's name, as long as
// core's permutation importance of the test rows with the run's seed; CART's impurity importance beside it.
TEST_F(RunDetailViewTest, ImportanceChartIsCoresPermutationImportance) {
    ResultsPanel panel;
    panel.show();
    QSignalSpy shown(panel.detailView(), &RunDetailView::importanceShown);
    panel.addRun("1 cart", cart_);
    ASSERT_TRUE(waitFor(shown));
    ASSERT_TRUE(clickPage(*panel.detailView(), "Importance"));
    const PreparedData& data = *cart_->data;
    const PermutationImportance core = permutation_importance(cart_->model.tree, cart_->model.pipeline,
                                                              data.table, data.split.test, data.test.y,
                                                              kPermutationRepeats, cart_->model.card.seed);
    ImportanceChart* chart = panel.detailView()->importanceChart();
    QCustomPlot* plot = chart->permutationPlot();
    ASSERT_TRUE(plot->isVisible());
    auto* bars = qobject_cast<QCPBars*>(plot->plottable(0));
    ASSERT_TRUE(bars);
    ASSERT_EQ(bars->dataCount(), static_cast<int>(core.columns.size()));
    auto ticker = plot->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    ASSERT_TRUE(ticker);
    for (int i = 0; i < bars->dataCount(); ++i) {
        const double key = bars->data()->at(i)->key;
        const std::string column = ticker->ticks().value(key).toStdString();
        const auto found = std::find(core.columns.begin(), core.columns.end(), column);
        ASSERT_NE(found, core.columns.end()) << column;
        EXPECT_DOUBLE_EQ(bars->data()->at(i)->value, core.mean(found - core.columns.begin())) << column;
    }
    EXPECT_TRUE(chart->impurityPlot()->isVisible()) << "CART's splits carry impurities";
    EXPECT_TRUE(chart->caption()->text().contains(QString("seed %1").arg(cart_->model.card.seed)));
}

// A regression run has a residual page instead of the classification pages: one point per test
// row at (predicted, true − predicted), MAE, RMSE and R² in its title.
TEST_F(RunDetailViewTest, RegressionShowsResiduals) {
    ResultsPanel panel;
    panel.show();
    QSignalSpy analysed(panel.detailView(), &RunDetailView::analysed);
    panel.addRun("1 latent", latent_);
    ASSERT_TRUE(waitFor(analysed));
    RunDetailView& view = *panel.detailView();
    EXPECT_FALSE(clickPage(view, "ROC"));
    ASSERT_TRUE(clickPage(view, "Residuals"));
    QCustomPlot* plot = view.residualPlot();
    ASSERT_GE(plot->graphCount(), 1);
    EXPECT_EQ(plot->graph(0)->dataCount(), latent_->test_rows);
    const double predicted = latent_->test_predictions(0);
    const double residual = latent_->data->test.y(0) - predicted;
    bool found = false;
    for (int i = 0; i < plot->graph(0)->dataCount(); ++i)
        found |= plot->graph(0)->data()->at(i)->key == predicted && plot->graph(0)->data()->at(i)->value == residual;
    EXPECT_TRUE(found);
    const auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
    EXPECT_TRUE(title->text().contains("MAE") && title->text().contains("RMSE") && title->text().contains("R²"));
    EXPECT_TRUE(panel.figure().has_value());
}

}  // namespace
}  // namespace treelab
