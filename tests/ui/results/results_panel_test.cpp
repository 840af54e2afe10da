// ResultsPanel with real runs: confusion matrix, predicted-vs-true, rename, delete, compare, CSV.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <QDialog>
#include <QMessageBox>
#include <QTableWidget>
#include <qcustomplot.h>

#include "core/run/training_run.h"
#include "tests/support/test_support.h"
#include "ui/results/results_panel.h"

namespace treelab {
namespace {

std::shared_ptr<const RunOutcome> cart_on_glass() {
    RunConfig config;
    config.data_file = test::dataset("glass.csv");
    config.target = "Type";
    config.params = method_params("cart", {"max_depth=4"});
    return std::make_shared<const RunOutcome>(run_training(config));
}

std::shared_ptr<const RunOutcome> latent_on_diabetes() {
    RunConfig config;
    config.data_file = test::dataset("diabetes.csv");
    config.target = "progression";
    config.method = "latent";
    config.params = method_params("latent", {"depth=2", "epochs=5", "learning_rate=0.01"});
    return std::make_shared<const RunOutcome>(run_training(config));
}

// One CART classification run and one LatentTrees regression run, shared by the tests (training once).
class ResultsPanelTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        cart_ = cart_on_glass();
        latent_ = latent_on_diabetes();
    }
    static void TearDownTestSuite() { cart_.reset(), latent_.reset(); }
    static std::shared_ptr<const RunOutcome> cart_, latent_;
};
std::shared_ptr<const RunOutcome> ResultsPanelTest::cart_, ResultsPanelTest::latent_;

// The confusion matrix of the selected classification run counts every test row once, with class names.
TEST_F(ResultsPanelTest, ConfusionMatrixCountsTheTestRows) {
    ResultsPanel panel;
    std::shared_ptr<const RunOutcome> selected;
    QObject::connect(&panel, &ResultsPanel::runSelected, [&](std::shared_ptr<const RunOutcome> run) { selected = run; });
    EXPECT_EQ(panel.addRun("1 cart", cart_), 0);
    EXPECT_EQ(panel.currentRow(), 0);
    EXPECT_EQ(selected, cart_);
    const auto* matrix = panel.findChild<QTableWidget*>("confusionMatrix");
    ASSERT_TRUE(matrix);
    const int classes = cart_->model.tree.classes();
    ASSERT_EQ(matrix->rowCount(), classes);
    ASSERT_EQ(matrix->columnCount(), classes);
    long total = 0, diagonal = 0;
    for (int t = 0; t < classes; ++t)
        for (int p = 0; p < classes; ++p) {
            total += matrix->item(t, p)->text().toLong();
            if (t == p) diagonal += matrix->item(t, p)->text().toLong();
        }
    EXPECT_EQ(total, cart_->test_rows);
    EXPECT_NEAR(double(diagonal) / double(total), cart_->test_scores.at("accuracy"), 1e-12);
    EXPECT_EQ(matrix->horizontalHeaderItem(0)->text().toStdString(), cart_->model.target.class_names.front());
}

// A regression run shows predicted against true values, one point per test row.
TEST_F(ResultsPanelTest, RegressionShowsPredictedAgainstTrue) {
    ResultsPanel panel;
    panel.addRun("1 cart", cart_);
    panel.addRun("2 latent", latent_);
    EXPECT_EQ(panel.currentRow(), 1);
    const auto* scatter = panel.findChild<QCustomPlot*>("predictedVsTrue");
    ASSERT_TRUE(scatter);
    EXPECT_EQ(scatter->graph(0)->dataCount(), latent_->test_rows);
}

// Rename changes the list and the CSV; deleting the selected run selects its neighbour, and
// deleting the last one reports a null selection.
TEST_F(ResultsPanelTest, RenameAndDelete) {
    ResultsPanel panel;
    panel.addRun("1 cart", cart_);
    panel.addRun("2 latent", latent_);
    panel.renameRun(0, "pruned, \"shallow\" CART");
    EXPECT_EQ(panel.runName(0), "pruned, \"shallow\" CART");
    EXPECT_TRUE(panel.metricsCsv().contains("\"pruned, \"\"shallow\"\" CART\""));
    panel.selectRun(0);
    std::shared_ptr<const RunOutcome> selected;
    QObject::connect(&panel, &ResultsPanel::runSelected, [&](std::shared_ptr<const RunOutcome> run) { selected = run; });
    panel.removeRun(0);
    ASSERT_EQ(panel.runCount(), 1);
    EXPECT_EQ(panel.run(0), latent_);
    EXPECT_EQ(selected, latent_) << "deleting the selected run selects its neighbour";
    EXPECT_EQ(panel.currentRow(), 0);
    panel.removeRun(0);
    EXPECT_EQ(panel.runCount(), 0);
    EXPECT_EQ(selected, nullptr);
}

// Compare opens a table with both runs' metrics side by side, rows for the scores of either.
TEST_F(ResultsPanelTest, CompareTwoRuns) {
    ResultsPanel panel;
    panel.addRun("1 cart", cart_);
    panel.addRun("2 latent", latent_);
    QDialog* dialog = panel.compareRuns(0, 1);
    ASSERT_TRUE(dialog);
    const auto* table = dialog->findChild<QTableWidget*>("comparison");
    ASSERT_TRUE(table);
    EXPECT_EQ(table->columnCount(), 2);
    EXPECT_EQ(table->horizontalHeaderItem(1)->text(), "2 latent");
    bool accuracy = false, r2 = false;
    for (int row = 0; row < table->rowCount(); ++row) {
        const QString name = table->verticalHeaderItem(row)->text();
        accuracy |= name == "Test accuracy" && table->item(row, 1)->text() == "—";
        r2 |= name == "Test R²" && table->item(row, 0)->text() == "—";
    }
    EXPECT_TRUE(accuracy && r2) << "each run's scores, a dash where the other has none";
    dialog->close();
}

// The metrics CSV has a header and one line per run; it is written atomically, and a bad path
// shows a dialog and returns false.
TEST_F(ResultsPanelTest, MetricsCsv) {
    ResultsPanel panel;
    panel.addRun("1 cart", cart_);
    panel.addRun("2 latent", latent_);
    const QStringList lines = panel.metricsCsv().split('\n', Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 3);
    EXPECT_TRUE(lines[0].startsWith("name,method,")) << lines[0].toStdString();
    EXPECT_TRUE(lines[0].contains("test_accuracy") && lines[0].contains("test_r2"));
    EXPECT_TRUE(lines[1].startsWith("1 cart,cart,"));
    test::TempDir dir;
    const QString file = QString::fromStdString(dir.file("metrics.csv").string());
    ASSERT_TRUE(panel.exportMetricsCsv(file));
    std::ifstream in(file.toStdString());
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(QString::fromStdString(text.str()), panel.metricsCsv());
    EXPECT_FALSE(panel.exportMetricsCsv(QString::fromStdString(dir.file("missing/metrics.csv").string())));
    EXPECT_EQ(panel.findChildren<QMessageBox*>().size(), 1);
}

}  // namespace
}  // namespace treelab
