// A new user's walk through the workbench on glass, offscreen with real clicks: every learner trained
// in turn, every run selected in turn with each view true to it, and every figure exported through
// File > Export view (MainWindow::exportView, what its dialogs call) as vector files composed from
// the run or sweep shown, with no raster image and no widget text, captioned with that run or sweep.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include <QComboBox>
#include <QEventLoop>
#include <QImage>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>
#include <QTimer>
#include <qcustomplot.h>

#include "app/render/figure_file.h"
#include "core/export/number_text.h"
#include "core/learners/learner.h"
#include "core/model/model_file.h"
#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/results/results_panel.h"
#include "ui/sweep/sweep_grid_editor.h"
#include "ui/sweep/sweep_panel.h"
#include "ui/training/start_multiples.h"
#include "ui/training/training_panel.h"
#include "ui/tree/epoch_scrubber.h"
#include "ui/tree/tree_canvas.h"
#include "ui/tree/tree_tab.h"

namespace treelab {
namespace {

void closeDialogs(QWidget& window) {
    for (QMessageBox* box : window.findChildren<QMessageBox*>()) box->close();
}

// Exports the current tab as SVG and PDF into `dir` and checks both; returns the SVG's text.
std::string exportTab(MainWindow& window, const test::TempDir& dir, const std::string& name, const QString& captionHolds) {
    const auto svg = dir.file(name + ".svg"), pdf = dir.file(name + ".pdf");
    EXPECT_TRUE(window.exportView(QString::fromStdString(svg.string()))) << name;
    EXPECT_TRUE(window.exportView(QString::fromStdString(pdf.string()))) << name;
    const std::string svgText = test::read_file(svg), pdfBytes = test::read_file(pdf);
    EXPECT_TRUE(pdfBytes.starts_with("%PDF-")) << name;
    EXPECT_EQ(test::raster_images(svgText), 0) << name;
    EXPECT_EQ(test::raster_images(pdfBytes), 0) << name << ": pdfimages -list would list an image";
    EXPECT_EQ(test::widget_text_in(svgText), "") << name;
    EXPECT_NE(svgText.find(captionHolds.toHtmlEscaped().toStdString()), std::string::npos) << name << ": the caption names "
                                                                                             << captionHolds.toStdString();
    return svgText;
}

// The run's method as the user knows it ("LatentTrees", not its identifier).
QString methodLabel(const RunOutcome& run) {
    for (const LearnerInfo& learner : learners())
        if (learner.name == run.model.card.method) return QString::fromStdString(learner.label);
    return {};
}

QString trainingCaption(MainWindow& window) {
    const auto* label = window.trainingPanel()->findChild<QLabel*>();
    return label ? label->text() : QString();
}

// The shown tree is the run's model, node for node (as its model file would say).
bool showsModelOf(MainWindow& window, const RunOutcome& run) {
    const std::shared_ptr<const TreeModel> shown = window.treeCanvas()->shownTree();
    if (!shown) return false;
    ModelFile drawn = run.model;
    drawn.tree = *shown;
    return model_to_json(drawn) == model_to_json(run.model);
}

// The raw split value of an axis-aligned node, from the data alone: the largest raw value of the
// feature among the table's rows the model sends left, and the smallest among those it sends right.
std::pair<double, double> rawSplitGap(const RunOutcome& run, int node) {
    const TreeNode& split = run.model.tree.nodes[static_cast<std::size_t>(node)];
    FeaturePipeline unscaled = run.model.pipeline;
    unscaled.scaling = Scaling::None;
    const Eigen::MatrixXd raw = unscaled.transform(run.data->table), scaled = run.model.pipeline.transform(run.data->table);
    double left = -std::numeric_limits<double>::infinity(), right = std::numeric_limits<double>::infinity();
    for (Eigen::Index i = 0; i < raw.rows(); ++i) {
        const double x = raw(i, split.feature);
        if (scaled(i, split.feature) <= split.threshold) left = std::max(left, x);
        else right = std::min(right, x);
    }
    return {left, right};
}

// A new user's walk on glass, with real clicks: each of the five learners trained in turn from the
// Train button at its quick settings; then every run selected in Results in turn, each view
// belonging to that run alone (the Training caption names its method and never prints NaN, start
// plots only for a run of several starts, the x axis its own, the canvas its model, the slider
// ending on its returned model or saying it has none), and its Training and Tree figures exported
// as SVG and PDF with no raster image and no widget text, captioned with that run, the tree whole. GradTree's
// quantile-scaled root reads in the data's units: a value between the largest raw value going
// left and the smallest going right, not the scaled threshold. The Training PNG at 300 DPI has
// points × 300 / 72 pixels.
TEST(Walkthrough, EveryLearnerInTurnThenEveryRunInTurn) {
    test::TempDir dir;
    QSettings().clear();
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    QPushButton* trainButton = nullptr;
    for (QPushButton* button : window.findChildren<QPushButton*>())
        if (button->text() == QStringLiteral("&Train")) trainButton = button;
    ASSERT_NE(trainButton, nullptr);
    for (const LearnerInfo& learner : learners()) {
        window.methodPanel()->setMethod(QString::fromStdString(learner.name));
        window.methodPanel()->setValues(method_params(learner.name, learner.quick_params));
        QSignalSpy done(&window, &MainWindow::trainingDone);
        QTest::mouseClick(trainButton, Qt::LeftButton);
        ASSERT_TRUE(done.count() > 0 || done.wait(300000)) << learner.name;
        EXPECT_TRUE(window.findChildren<QMessageBox*>().isEmpty()) << learner.name;
    }
    const int runs = window.resultsPanel()->runCount();
    ASSERT_EQ(runs, static_cast<int>(learners().size()));
    for (int row = 0; row < runs; ++row) {
        ASSERT_TRUE(test::click_run(window, row));
        const std::shared_ptr<const RunOutcome> run = window.resultsPanel()->run(row);
        const QString name = window.resultsPanel()->runName(row), label = methodLabel(*run);
        const std::string id = run->model.card.method;
        const bool iterative = !run->history.empty();

        window.tabs()->setCurrentWidget(window.trainingPanel());
        const QString caption = trainingCaption(window);
        EXPECT_TRUE(caption.startsWith(label)) << id << ": " << caption.toStdString();
        EXPECT_FALSE(caption.contains("nan", Qt::CaseInsensitive)) << id << ": " << caption.toStdString();
        EXPECT_EQ(window.trainingPanel()->startMultiples()->isVisible(), run->starts.size() > 1) << id;
        const QString xAxis = window.trainingPanel()->plots().front()->xAxis->label();
        EXPECT_EQ(xAxis.contains(QStringLiteral("α")), !iterative) << id << ": " << xAxis.toStdString();
        const std::string curves = exportTab(window, dir, id + "-training", name);
        EXPECT_NE(curves.find(label.toStdString()), std::string::npos) << id << ": the method's name, as a user knows it";

        window.tabs()->setCurrentWidget(window.treeTab());
        EXPECT_TRUE(showsModelOf(window, *run)) << id;
        const EpochScrubber* scrubber = window.treeTab()->scrubber();
        if (iterative) {
            EXPECT_TRUE(scrubber->onReturnedModel()) << id;
            EXPECT_TRUE(scrubber->label().contains(QStringLiteral("returned model"))) << id << ": " << scrubber->label().toStdString();
        } else {
            EXPECT_FALSE(scrubber->slider()->isEnabled()) << id;
        }
        // The canvas cut at depth 1, as its first view cuts a tree too deep to read whole: glass's
        // trees have far fewer than a figure's 1,000 nodes, so the figure still draws them whole.
        window.treeTab()->depthBox()->setValue(1);
        const std::string tree = exportTab(window, dir, id + "-tree", name);
        EXPECT_EQ(tree.find("drawn down to depth"), std::string::npos) << id;

        if (id == "gradtree") {
            ASSERT_EQ(run->model.pipeline.scaling, Scaling::QuantileNormal);
            const TreeNode& root = run->model.tree.nodes[0];
            ASSERT_TRUE(root.is_split() && !root.is_oblique());
            const auto [left, right] = rawSplitGap(*run, 0);
            const double shown = window.treeCanvas()->displayedTree()->nodes[0].threshold;
            EXPECT_LE(left, shown);
            EXPECT_LT(shown, right);
            const std::string feature = run->model.pipeline.feature_names()[static_cast<std::size_t>(root.feature)];
            EXPECT_EQ(window.treeCanvas()->nodeRuleText(0).toStdString(), feature + " ≤ " + significant_text(shown, 4));
        }
    }
    ASSERT_TRUE(test::click_run(window, 0));
    window.tabs()->setCurrentWidget(window.trainingPanel());
    const QString png = QString::fromStdString(dir.file("cart.png").string());
    ASSERT_TRUE(window.exportView(png, QSize(400, 300), 300));
    EXPECT_EQ(QImage(png).size(), QSize(1667, 1250));
}

// A LatentTrees λ sweep exported while a CART run is selected in Results: the figure is the sweep's,
// captioned with its method, parameter, grid and data file, and names no run; the Results tab has no
// figure and says so instead of writing a picture of its widgets.
TEST(Walkthrough, SweepFigureNamesTheSweepNotTheSelectedRun) {
    test::TempDir dir;
    QSettings().clear();
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    window.methodPanel()->setMethod("cart");
    ASSERT_TRUE(test::train_and_wait(window));
    const QString cartRun = window.resultsPanel()->runName(0);
    window.methodPanel()->setMethod("latent");
    window.methodPanel()->setValues(method_params("latent", {"depth=2", "epochs=3"}));
    window.tabs()->setCurrentWidget(window.sweepPanel());
    SweepPanel& sweep = *window.sweepPanel();
    sweep.refreshParameters();
    auto* param = sweep.findChild<QComboBox*>("sweepParam");
    param->setCurrentIndex(param->findData("lambda"));
    auto* grid = sweep.findChild<SweepGridEditor*>();
    grid->setKind(GridKind::List);
    grid->setList("0, 0.01, 1");
    QEventLoop loop;
    QObject::connect(&sweep, &SweepPanel::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(300000, &loop, &QEventLoop::quit);
    sweep.start();
    loop.exec();
    ASSERT_EQ(sweep.rowCount(), 3);
    window.resultsPanel()->selectRun(0);  // the CART run is the one shown elsewhere
    window.tabs()->setCurrentWidget(window.sweepPanel());
    const std::string svg = exportTab(window, dir, "sweep", "Sweep of Pruning lambda over 3 values");
    EXPECT_NE(svg.find("LatentTrees on glass.csv"), std::string::npos);
    EXPECT_EQ(svg.find(cartRun.toHtmlEscaped().toStdString()), std::string::npos) << "the selected run is not the sweep";
    EXPECT_EQ(svg.find("CART"), std::string::npos);

    closeDialogs(window);
    window.tabs()->setCurrentWidget(window.resultsPanel());
    const auto results = dir.file("results.pdf");
    EXPECT_FALSE(window.exportView(QString::fromStdString(results.string())));
    EXPECT_FALSE(std::filesystem::exists(results));
    const auto boxes = window.findChildren<QMessageBox*>();
    ASSERT_EQ(boxes.size(), 1);
    // The detail shows its confusion matrix, a table: the message names the pages that export.
    EXPECT_TRUE(boxes.front()->text().contains("ROC, Precision-recall or Residuals page")) << boxes.front()->text().toStdString();
}

}  // namespace
}  // namespace treelab
