// A new user's walk through the workbench on glass, shot as PNGs for the manual and for review:
// the window as it opens, then each of the five methods trained at its defaults in turn (Training
// and Tree tabs after each), every run selected again in Results (Training and Tree tabs), a sweep
// of CART's pruning strength with its Compare trees window, the Compare dialog of two runs, class
// paths, Whole tree, and every tab's export as SVG and PDF next to the shots. With `interactions`
// it shoots Find in a DGT tree and a click on a GET start's small plot instead; with `manual`, the
// manual's pictures beyond the walk: a CART tree of depth 3 with the inspector open, the results of
// one run per method, and the data panel after reading glass as a spreadsheet writes it (semicolons,
// decimal commas), then F1 on GET's learning rate field (the manual at its row) and the manual on the
// workbench's page with its picture; with `compare`, the Compare tab after four methods on iris
// (the scores and tests, the per-fold box plot, a row's refitted tree) and after three methods on
// iris, wine and glass (the ranks and the critical-difference diagram), with both figures exported;
// with `views`, the Results detail of a CART of depth 4 (its ROC
// curves, per-class table and importance, the curves exported as SVG), its predictions for glass
// without its target column, and the one-row form lighting its row's path; with `timeline`, the
// method form's Preset row (GradTree's, with its tooltip), then a GradTree run of four starts training
// at once, the Tree tab shot live and its slider moved through the starts afterwards.
//   xvfb-run -a -s "-screen 0 1366x768x24" ./build/gui_walkthrough OUT_FOLDER [interactions|manual|compare|views|timeline]
#include <functional>
#include <utility>
#include <vector>

#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QLineEdit>
#include <QScreen>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolTip>
#include <qcustomplot.h>

#include "tests/support/workbench_steps.h"
#include "ui/common/figure_view.h"
#include "ui/compare/compare_panel.h"
#include "ui/compare/data_set_list.h"
#include "ui/compare/method_choice.h"
#include "ui/data/data_panel.h"
#include "ui/help/manual_window.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/method/param_form.h"
#include "ui/predict/predictions_window.h"
#include "ui/results/results_panel.h"
#include "ui/results/run_detail_view.h"
#include "ui/sweep/sweep_panel.h"
#include "ui/training/start_multiples.h"
#include "ui/training/training_panel.h"
#include "ui/tree/epoch_scrubber.h"
#include "ui/tree/row_form.h"
#include "ui/tree/tree_canvas.h"
#include "ui/tree/tree_tab.h"

using namespace treelab;

namespace {

void wait(int ms) {
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

template <typename Signal>
void wait_for(const typename QtPrivate::FunctionPointer<Signal>::Object* sender, Signal signal, int timeout_ms) {
    QEventLoop loop;
    QObject::connect(sender, signal, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeout_ms, &loop, &QEventLoop::quit);
    loop.exec();
}

}  // namespace

int main(int argc, char** argv) {
    QApplication application(argc, argv);
    QApplication::setOrganizationName("TreeLab-walkthrough");
    QSettings().clear();  // a new user's first start
    const QDir out(argc > 1 ? argv[1] : ".");
    QDir().mkpath(out.path());
    MainWindow window;
    window.show();
    const auto shoot = [&](QWidget* widget, const QString& name) {
        wait(500);
        widget->grab().save(out.filePath(name + ".png"));
    };
    shoot(&window, "00-window-empty");
    if (!test::load_data(*window.dataPanel(), QDir(TREELAB_DATASETS).filePath("glass.csv"))) return 3;
    shoot(&window, "01-window-glass");

    // `interactions`: Find "Mg" and "class 2" in a short DGT tree, then a single click on a start's
    // small plot after a short GET run of three starts.
    if (argc > 2 && QString(argv[2]) == "interactions") {
        window.methodPanel()->setMethod("dgt");
        window.methodPanel()->setValues(method_params("dgt", {"height=4", "epochs=40"}));
        window.train();
        wait_for(&window, &MainWindow::trainingDone, 900000);
        window.tabs()->setCurrentIndex(1);
        for (const QString& text : {QStringLiteral("Mg"), QStringLiteral("class 2")}) {
            QLineEdit* find = window.treeTab()->searchField();
            find->setFocus();
            find->clear();
            QTest::keyClicks(find, text);
            shoot(&window, QStringLiteral("find-%1").arg(QString(text).replace(' ', '-')));
        }
        window.methodPanel()->setMethod("get");
        window.methodPanel()->setValues(method_params("get", {"depth=3", "schedule=U(5,25):200,U(50,150):200", "starts=3"}));
        window.train();
        wait_for(&window, &MainWindow::trainingDone, 900000);
        window.tabs()->setCurrentIndex(0);
        wait(500);
        StartMultiples* starts = window.trainingPanel()->startMultiples();
        QTest::mouseClick(starts->plot(), Qt::LeftButton, {}, starts->startRect(2).center());
        shoot(&window, "start-click");
        return 0;
    }
    if (argc > 2 && QString(argv[2]) == "compare") {
        if (!test::load_data(*window.dataPanel(), QDir(TREELAB_DATASETS).filePath("iris.csv"))) return 3;
        ComparePanel* compare = window.comparePanel();
        window.tabs()->setCurrentWidget(compare);
        for (const QString& method : {QStringLiteral("latent"), QStringLiteral("gradtree"), QStringLiteral("get"), MethodChoice::forestName})
            compare->methods()->setChecked(method, true);
        compare->setResampling(10, 1, 0);
        compare->run();
        wait_for(compare, &ComparePanel::comparisonFinished, 1800000);
        shoot(&window, "compare-scores");
        compare->resultPages()->setCurrentIndex(1);
        shoot(&window, "compare-box-plot");
        window.exportView(out.filePath("compare-box-plot-export.svg"));
        compare->resultPages()->setCurrentIndex(0);
        compare->refitRow(1);
        wait_for(compare, &ComparePanel::refitEnded, 900000);
        shoot(&window, "compare-refit-tree");
        window.tabs()->setCurrentWidget(compare);
        for (const char* method : {"latent", "get"}) compare->methods()->setChecked(method, false);
        for (const char* set : {"wine.csv", "glass.csv"}) compare->dataSets()->addFile(QDir(TREELAB_DATASETS).filePath(set));
        compare->run();
        wait_for(compare, &ComparePanel::comparisonFinished, 1800000);
        compare->resultPages()->setCurrentIndex(2);
        shoot(&window, "compare-data-sets");
        window.exportView(out.filePath("compare-critical-difference-export.svg"));
        window.exportView(out.filePath("compare-critical-difference-export.pdf"));
        return 0;
    }
    if (argc > 2 && QString(argv[2]) == "views") {
        window.methodPanel()->setMethod("cart");
        window.methodPanel()->setValues(method_params("cart", {"max_depth=4"}));
        RunDetailView* detail = window.resultsPanel()->detailView();
        QSignalSpy importance(detail, &RunDetailView::importanceShown);
        window.train();
        wait_for(&window, &MainWindow::trainingDone, 900000);
        if (importance.isEmpty() && !importance.wait(300000)) return 3;
        window.tabs()->setCurrentWidget(window.resultsPanel());
        for (const auto& [page, name] : {std::pair{1, "views-roc"}, std::pair{2, "views-precision-recall"},
                                         std::pair{3, "views-per-class"}, std::pair{5, "views-importance"}}) {
            detail->pages()->setCurrentIndex(page);
            shoot(&window, name);
            if (page == 1) window.exportView(out.filePath("views-roc-export.svg"));
        }
        // glass without its target column: new rows to predict
        QFile glass(QDir(TREELAB_DATASETS).filePath("glass.csv"));
        const QTemporaryDir folder;
        QFile unlabelled(folder.filePath("glass-unlabelled.csv"));
        if (!glass.open(QIODevice::ReadOnly) || !unlabelled.open(QIODevice::WriteOnly)) return 3;
        while (!glass.atEnd()) {
            const QByteArray line = glass.readLine().trimmed();
            unlabelled.write(line.left(line.lastIndexOf(',')) + '\n');
        }
        unlabelled.close();
        PredictionsWindow* predictions = window.predictFile(unlabelled.fileName());
        if (predictions == nullptr) return 3;
        wait_for(predictions, &PredictionsWindow::predicted, 60000);
        shoot(predictions, "views-predictions");
        predictions->close();
        window.tabs()->setCurrentWidget(window.treeTab());
        window.treeTab()->wholeTreeButton()->click();
        RowForm* form = window.treeTab()->openRowForm();
        form->move(window.geometry().left() + 20, window.geometry().top() + 100);  // over the panels, beside the tree
        window.treeCanvas()->fitToWindow();
        wait(500);
        // The form is a window of its own: the screen holds both.
        QGuiApplication::primaryScreen()->grabWindow(0).save(out.filePath("views-row-path-window.png"));
        shoot(form, "views-row-form");
        return 0;
    }
    if (argc > 2 && QString(argv[2]) == "timeline") {
        window.methodPanel()->setMethod("gradtree");
        window.tabs()->setCurrentIndex(0);
        shoot(&window, "timeline-00-preset-row");
        auto* preset = window.methodPanel()->form()->findChild<QComboBox*>("preset");
        if (!preset) return 3;
        QToolTip::showText(preset->mapToGlobal(QPoint(4, preset->height())), preset->toolTip(), preset);
        wait(500);
        QGuiApplication::primaryScreen()->grabWindow(0).save(out.filePath("timeline-01-preset-tooltip.png"));
        QToolTip::hideText();
        preset->showPopup();
        wait(500);
        QGuiApplication::primaryScreen()->grabWindow(0).save(out.filePath("timeline-02-preset-open.png"));
        preset->hidePopup();
        preset->setCurrentIndex(1);
        shoot(&window, "timeline-03-preset-paper");
        preset->setCurrentIndex(0);
        window.methodPanel()->setValues(method_params("gradtree", {"depth=4", "restarts=3", "epochs=3000", "patience=0"}));
        window.train();
        window.tabs()->setCurrentWidget(window.treeTab());
        for (int shot = 0; shot < 4 && window.isTraining(); ++shot) shoot(&window, QStringLiteral("timeline-1%1-live").arg(shot));
        if (window.isTraining()) wait_for(&window, &MainWindow::trainingDone, 900000);
        EpochScrubber* scrubber = window.treeTab()->scrubber();
        if (!QTest::qWaitFor([scrubber] { return scrubber->onReturnedModel(); }, 60000)) return 3;  // the finished run shown
        const int count = scrubber->snapshotCount();
        // The first and last tree of each start, then the returned model.
        std::vector<int> starts;
        for (int index = 0; index + 1 < count; ++index) {
            scrubber->setCurrentIndex(index);
            starts.push_back(scrubber->currentStart());
        }
        int shot = 0;
        for (int index = 0; index + 1 < count; ++index) {
            const auto k = static_cast<std::size_t>(index);
            if (index > 0 && index + 1 < count - 1 && starts[k - 1] == starts[k] && starts[k + 1] == starts[k]) continue;
            scrubber->setCurrentIndex(index);
            shoot(&window, QStringLiteral("timeline-2%1-position-%2").arg(shot++, 2, 10, QLatin1Char('0')).arg(index));
        }
        scrubber->setCurrentIndex(count - 1);
        shoot(&window, "timeline-30-returned");
        window.tabs()->setCurrentWidget(window.trainingPanel());
        shoot(&window, "timeline-31-training");
        return 0;
    }
    if (argc > 2 && QString(argv[2]) == "manual") {
        window.methodPanel()->setMethod("cart");
        window.methodPanel()->setValues(method_params("cart", {"max_depth=3"}));
        window.train();
        wait_for(&window, &MainWindow::trainingDone, 900000);
        window.tabs()->setCurrentIndex(1);
        shoot(&window, "manual-tree");
        window.treeTab()->inspectNode(2);
        for (QPushButton* button : window.treeTab()->findChildren<QPushButton*>())
            if (button->text() == QStringLiteral("Fit")) button->click();
        shoot(&window, "manual-tree-inspector");
        for (const QString& method : QStringList{"latent", "gradtree", "get", "dgt"}) {
            window.methodPanel()->setMethod(method);
            window.train();
            wait_for(&window, &MainWindow::trainingDone, 900000);
        }
        window.tabs()->setCurrentWidget(window.resultsPanel());
        window.resultsPanel()->selectRun(1);
        shoot(&window, "manual-results");
        // glass as a spreadsheet saves it for a decimal-comma locale
        QFile glass(QDir(TREELAB_DATASETS).filePath("glass.csv"));
        const QTemporaryDir folder;
        QFile spreadsheet(folder.filePath("glass-spreadsheet.csv"));
        if (!glass.open(QIODevice::ReadOnly) || !spreadsheet.open(QIODevice::WriteOnly)) return 3;
        spreadsheet.write(glass.readAll().replace(',', ';').replace('.', ','));
        spreadsheet.close();
        if (!test::load_data(*window.dataPanel(), spreadsheet.fileName())) return 3;
        shoot(window.dataPanel(), "manual-data-panel");
        window.methodPanel()->setMethod("get");
        QWidget* field = window.methodPanel()->form()->findChild<QWidget*>("learning_rate");
        if (field == nullptr) return 3;
        window.activateWindow();
        if (!QTest::qWaitForWindowActive(&window)) return 3;
        field->setFocus();
        QTest::keyClick(field, Qt::Key_F1);
        auto* manual = window.findChild<ManualWindow*>();
        if (manual == nullptr) return 3;
        shoot(manual, "manual-f1-on-a-field");
        manual->showPage("workbench.md");
        shoot(manual, "manual-window");
        return 0;
    }
    const QStringList methods{"cart", "latent", "gradtree", "get", "dgt"};
    int step = 2;
    for (const QString& method : methods) {
        window.methodPanel()->setMethod(method);
        window.tabs()->setCurrentIndex(0);
        shoot(&window, QStringLiteral("%1-%2-form").arg(step, 2, 10, QLatin1Char('0')).arg(method));
        window.train();
        wait_for(&window, &MainWindow::trainingDone, 900000);
        const QString prefix = QStringLiteral("%1-%2").arg(++step, 2, 10, QLatin1Char('0')).arg(method);
        for (int tab = 0; tab < 2; ++tab) {
            window.tabs()->setCurrentIndex(tab);
            shoot(&window, prefix + (tab == 0 ? "-training" : "-tree"));
            for (const char* suffix : {".svg", ".pdf"})
                window.exportView(out.filePath(prefix + (tab == 0 ? "-training-export" : "-tree-export") + suffix));
        }
        window.treeTab()->inspectNode(0);
        shoot(&window, prefix + "-inspector");
        ++step;
    }
    for (int row = 0; row < window.resultsPanel()->runCount(); ++row) {
        window.tabs()->setCurrentWidget(window.resultsPanel());
        window.resultsPanel()->selectRun(row);
        shoot(&window, QStringLiteral("%1-select-%2-results").arg(step).arg(row + 1));
        for (int tab = 0; tab < 2; ++tab) {
            window.tabs()->setCurrentIndex(tab);
            shoot(&window, QStringLiteral("%1-select-%2-%3").arg(step).arg(row + 1).arg(tab == 0 ? "training" : "tree"));
        }
        ++step;
    }
    if (QDialog* compare = window.resultsPanel()->compareRuns(1, 3)) {
        shoot(compare, QStringLiteral("%1-compare-runs").arg(step++));
        compare->close();
    }
    window.resultsPanel()->selectRun(1);
    window.tabs()->setCurrentIndex(1);
    if (FigureView* paths = window.treeTab()->showClassPaths()) {
        shoot(paths, QStringLiteral("%1-class-paths").arg(step++));
        paths->close();
    }
    // GradTree's slider scrubbed to its middle, then back to its end (the returned model).
    window.resultsPanel()->selectRun(2);
    EpochScrubber* scrubber = window.treeTab()->scrubber();
    scrubber->setCurrentIndex(scrubber->snapshotCount() / 2);
    shoot(&window, QStringLiteral("%1-slider-middle").arg(step++));
    scrubber->setCurrentIndex(scrubber->snapshotCount() - 1);
    shoot(&window, QStringLiteral("%1-slider-end").arg(step++));
    window.treeTab()->wholeTreeButton()->click();
    shoot(&window, QStringLiteral("%1-whole-tree").arg(step++));

    window.methodPanel()->setMethod("cart");
    window.tabs()->setCurrentWidget(window.sweepPanel());
    window.sweepPanel()->start();
    wait_for(window.sweepPanel(), &SweepPanel::finished, 900000);
    shoot(&window, QStringLiteral("%1-sweep").arg(step));
    for (const char* suffix : {".svg", ".pdf"})
        window.exportView(out.filePath(QStringLiteral("%1-sweep-export").arg(step) + suffix));
    ++step;
    if (FigureView* trees = window.sweepPanel()->compareTrees()) {
        shoot(trees, QStringLiteral("%1-sweep-compare-trees").arg(step++));
        trees->close();
    }
    return 0;
}
