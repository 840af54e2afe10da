// File > Export view through the real window (MainWindow::exportView, what the dialogs call): every
// learner's Training and Tree figures, and a sweep's, are vector files composed from the run or
// sweep shown, with no raster image and no widget text, captioned with that run or sweep.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QEventLoop>
#include <QImage>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTimer>

#include "app/render/figure_file.h"
#include "core/learners/learner.h"
#include "tests/support/data_loading.h"
#include "tests/support/test_support.h"
#include "ui/main_window.h"
#include "ui/method_panel.h"
#include "ui/results_panel.h"
#include "ui/sweep_grid_editor.h"
#include "ui/sweep_panel.h"
#include "ui/training_panel.h"
#include "ui/tree_tab.h"

namespace treelab {
namespace {

bool trainAndWait(MainWindow& window) {
    QSignalSpy done(&window, &MainWindow::trainingDone);
    window.train();
    return done.count() > 0 || done.wait(300000);
}

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

// Each learner of the registry trained on glass with its quick settings: its Training and Tree
// figures are vectors with no widget in them, captioned with that run's name (the one the Results
// list shows), and the Training PNG at 300 DPI has points × 300 / 72 pixels.
TEST(MainWindowExport, EveryLearnersFiguresAreComposedFromItsRun) {
    test::TempDir dir;
    QSettings().clear();
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(test::load_data(*window.dataPanel(), QString::fromStdString(test::dataset("glass.csv").string())));
    int runs = 0;
    for (const LearnerInfo& learner : learners()) {
        window.methodPanel()->setMethod(QString::fromStdString(learner.name));
        window.methodPanel()->setValues(method_params(learner.name, learner.quick_params));
        ASSERT_TRUE(trainAndWait(window)) << learner.name;
        ASSERT_EQ(window.resultsPanel()->runCount(), ++runs);
        const QString run = window.resultsPanel()->runName(runs - 1);
        window.tabs()->setCurrentWidget(window.trainingPanel());
        const std::string curves = exportTab(window, dir, learner.name + "-training", run);
        EXPECT_NE(curves.find(learner.label), std::string::npos) << "the method's name, as a user knows it";
        window.tabs()->setCurrentWidget(window.treeTab());
        exportTab(window, dir, learner.name + "-tree", run);
        EXPECT_TRUE(window.findChildren<QMessageBox*>().isEmpty()) << learner.name;
    }
    window.resultsPanel()->selectRun(0);
    window.tabs()->setCurrentWidget(window.trainingPanel());
    const QString png = QString::fromStdString(dir.file("cart.png").string());
    ASSERT_TRUE(window.exportView(png, QSize(400, 300), 300));
    EXPECT_EQ(QImage(png).size(), QSize(1667, 1250));
}

// A LatentTrees λ sweep exported while a CART run is selected in Results: the figure is the sweep's,
// captioned with its method, parameter, grid and data file, and names no run; the Results tab has no
// figure and says so instead of writing a picture of its widgets.
TEST(MainWindowExport, SweepFigureNamesTheSweepNotTheSelectedRun) {
    test::TempDir dir;
    QSettings().clear();
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(test::load_data(*window.dataPanel(), QString::fromStdString(test::dataset("glass.csv").string())));
    window.methodPanel()->setMethod("cart");
    ASSERT_TRUE(trainAndWait(window));
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
    EXPECT_TRUE(boxes.front()->text().contains("has no figure of its own")) << boxes.front()->text().toStdString();
}

}  // namespace
}  // namespace treelab
