// Every view is a function of the run selected in Results (or the sweep tree chosen): curves,
// start plots, axes, captions, the Tree tab's slider and canvas; and window shortcuts work
// whatever field has focus. Real windows offscreen, real mouse and key events.
#include <gtest/gtest.h>

#include <QAbstractItemView>
#include <QApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <qcustomplot.h>

#include "core/model/model_file.h"
#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/results/results_panel.h"
#include "ui/sweep/sweep_panel.h"
#include "ui/training/start_multiples.h"
#include "ui/training/training_panel.h"
#include "ui/tree/epoch_scrubber.h"
#include "ui/tree/tree_canvas.h"
#include "ui/tree/tree_tab.h"

namespace treelab {
namespace {

bool trainAndWait(MainWindow& window, const std::string& method, const std::vector<std::string>& params) {
    window.methodPanel()->setMethod(QString::fromStdString(method));
    window.methodPanel()->setValues(method_params(method, params));
    return test::train_and_wait(window);
}

QString caption(const TrainingPanel& panel) {
    const auto* label = panel.findChild<QLabel*>();
    return label ? label->text() : QString();
}

// The x range of a plot's data, to compare with its axis.
QCPRange dataKeys(QCustomPlot* plot) {
    QCPRange keys;
    bool any = false;
    for (int g = 0; g < plot->graphCount(); ++g) {
        bool found = false;
        const QCPRange range = plot->graph(g)->getKeyRange(found);
        if (!found) continue;
        keys = any ? QCPRange(std::min(keys.lower, range.lower), std::max(keys.upper, range.upper)) : range;
        any = true;
    }
    return keys;
}

// A window with glass loaded, shown at a size where the start plots lay out.
struct Workbench {
    Workbench() {
        QSettings().clear();
        window.resize(1366, 768);
        window.show();
        loaded = test::load_data(*window.dataPanel(), test::glass_file());
    }
    MainWindow window;
    bool loaded = false;
};

// GET (three starts) then CART: selecting each in Results shows that run's plots only: CART's
// cost-complexity path with no start plots, on its α axis; GET's epochs with its three starts, a
// validation curve and no "nan"; the Tree tab's slider names the selected run's tree.
TEST(RunSelection, EveryViewBelongsToTheSelectedRun) {
    Workbench bench;
    MainWindow& window = bench.window;
    ASSERT_TRUE(bench.loaded);
    ASSERT_TRUE(trainAndWait(window, "get", {"depth=2", "schedule=U(5,25):6,U(50,150):6", "starts=3"}));
    ASSERT_TRUE(trainAndWait(window, "cart", {}));
    TrainingPanel* training = window.trainingPanel();
    StartMultiples* starts = training->startMultiples();
    QCustomPlot* loss = training->plots().front();
    EpochScrubber* scrubber = window.treeTab()->scrubber();

    for (int pass = 0; pass < 2; ++pass) {  // GET, CART, and back: nothing of one stays in the other
        SCOPED_TRACE(pass);
        ASSERT_TRUE(test::click_run(window, 0));
        const auto get = window.resultsPanel()->run(0);
        window.tabs()->setCurrentWidget(training);
        EXPECT_TRUE(starts->isVisible());
        EXPECT_EQ(starts->shownStarts(), 3);
        EXPECT_EQ(loss->xAxis->label(), "epoch");
        EXPECT_LE(loss->xAxis->range().upper, dataKeys(loss).upper * 1.01 + 1.0) << "GET's epochs, not CART's α";
        EXPECT_GE(loss->xAxis->range().upper, 12.0);
        EXPECT_FALSE(caption(*training).contains("nan", Qt::CaseInsensitive)) << caption(*training).toStdString();
        EXPECT_GT(loss->graph(1)->dataCount(), 0) << "GET's validation loss is drawn";
        EXPECT_TRUE(scrubber->onReturnedModel());
        EXPECT_EQ(scrubber->label(), get->chosen_epoch > 0 ? QString("returned model: start %1, epoch %2 (the run's choice)")
                                                                 .arg(get->chosen_start + 1)
                                                                 .arg(get->chosen_epoch)
                                                           : QString("returned model (the learner's fallback, not a trained epoch's tree)"));
        EXPECT_EQ(window.treeCanvas()->shownTree().get(), &get->model.tree);

        ASSERT_TRUE(test::click_run(window, 1));
        const auto cart = window.resultsPanel()->run(1);
        window.tabs()->setCurrentWidget(training);
        EXPECT_FALSE(starts->isVisible()) << "CART has no starts";
        EXPECT_EQ(starts->shownStarts(), 0);
        EXPECT_TRUE(loss->xAxis->label().startsWith("effective α")) << loss->xAxis->label().toStdString();
        EXPECT_LE(loss->xAxis->range().upper, dataKeys(loss).upper * 1.01 + 1e-9) << "CART's α, not GET's epochs";
        EXPECT_FALSE(scrubber->slider()->isEnabled());
        EXPECT_FALSE(scrubber->label().contains(QRegularExpression("epoch \\d"))) << scrubber->label().toStdString();
        EXPECT_EQ(window.treeCanvas()->shownTree().get(), &cart->model.tree);
    }

    // A new run starts on a clean axis: epochs from 0, nothing of CART's α.
    training->startRun("GET");
    EXPECT_EQ(loss->xAxis->label(), "epoch");
    EXPECT_EQ(loss->xAxis->range(), QCPRange(0.0, 1.0));
    EXPECT_FALSE(starts->isVisible());
}

// GradTree with four starts: the slider's positions are the recorded trees, each labelled with the
// start and epoch of the tree the canvas then shows, and the last one is the returned model, named
// as such; moving back and to the end again gives the returned model back.
TEST(RunSelection, TheSlidersLastPositionIsTheReturnedModel) {
    Workbench bench;
    MainWindow& window = bench.window;
    ASSERT_TRUE(bench.loaded);
    ASSERT_TRUE(trainAndWait(window, "gradtree", {"restarts=3", "epochs=120", "depth=4"}));
    const auto run = window.resultsPanel()->run(0);
    ASSERT_EQ(run->starts.size(), 4u);
    window.tabs()->setCurrentWidget(window.treeTab());
    EpochScrubber* scrubber = window.treeTab()->scrubber();
    EXPECT_EQ(scrubber->snapshotCount(), static_cast<int>(run->recorded_trees.size()) + 1);
    EXPECT_GE(run->recorded_trees.size(), 4u * 10u) << "every start recorded at a density one can scrub";
    ASSERT_TRUE(scrubber->onReturnedModel());
    EXPECT_EQ(scrubber->label(), QString("returned model: start %1, epoch %2 (the run's choice)")
                                     .arg(run->chosen_start + 1)
                                     .arg(run->chosen_epoch));
    EXPECT_EQ(window.treeCanvas()->shownTree().get(), &run->model.tree);

    QSlider* slider = scrubber->slider();
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_Home);
    EXPECT_EQ(scrubber->currentIndex(), 0);
    const RecordedTree& first = run->recorded_trees.front();
    EXPECT_EQ(window.treeCanvas()->shownTree(), first.tree);
    EXPECT_EQ(scrubber->label(), QString("start 1 of 4, epoch %1").arg(first.epoch));
    for (int step = 0; step < 25; ++step) QTest::keyClick(slider, Qt::Key_PageDown);
    const RecordedTree& shown = run->recorded_trees[static_cast<std::size_t>(scrubber->currentIndex())];
    EXPECT_EQ(window.treeCanvas()->shownTree(), shown.tree);
    EXPECT_EQ(scrubber->label(), QString("start %1 of 4, epoch %2").arg(shown.start + 1).arg(shown.epoch));
    QTest::keyClick(slider, Qt::Key_End);
    EXPECT_TRUE(scrubber->onReturnedModel());
    EXPECT_EQ(window.treeCanvas()->shownTree().get(), &run->model.tree);
    ModelFile shownModel = run->model;
    shownModel.tree = *window.treeCanvas()->shownTree();
    EXPECT_EQ(model_to_json(shownModel), model_to_json(run->model));
}

// A sweep's tree (SweepPanel::modelChosen) replaces the run shown: no stale "epoch … of …" under
// it, a caption saying where its curves are, and Save model writes that tree.
TEST(RunSelection, ASweepsTreeShowsNothingOfThePreviousRun) {
    Workbench bench;
    MainWindow& window = bench.window;
    ASSERT_TRUE(bench.loaded);
    ASSERT_TRUE(trainAndWait(window, "gradtree", {"restarts=1", "epochs=30", "depth=3"}));
    ASSERT_TRUE(trainAndWait(window, "cart", {"max_depth=3"}));
    const auto cart = window.resultsPanel()->run(1);
    ASSERT_TRUE(test::click_run(window, 0));  // the GradTree run, whose slider has epochs
    ASSERT_TRUE(window.treeTab()->scrubber()->slider()->isEnabled());
    auto sweepModel = std::make_shared<const ModelFile>(cart->model);
    emit window.sweepPanel()->modelChosen(sweepModel, cart->data);
    EpochScrubber* scrubber = window.treeTab()->scrubber();
    EXPECT_FALSE(scrubber->slider()->isEnabled());
    EXPECT_FALSE(scrubber->label().contains(QRegularExpression("epoch \\d"))) << scrubber->label().toStdString();
    EXPECT_EQ(window.treeCanvas()->shownTree().get(), &sweepModel->tree);
    EXPECT_FALSE(window.trainingPanel()->startMultiples()->isVisible());
    EXPECT_TRUE(caption(*window.trainingPanel()).contains("sweep")) << caption(*window.trainingPanel()).toStdString();
    test::TempDir dir;
    const QString file = QString::fromStdString((dir.path() / "sweep.json").string());
    ASSERT_TRUE(window.saveModel(file));
    EXPECT_EQ(model_to_json(load_model(file.toStdString())), model_to_json(*sweepModel));
}

// Closes the next modal dialog (a file dialog a shortcut opened) and records its title.
void closeNextDialog(QString& title) {
    QTimer::singleShot(50, [&title] {
        if (QWidget* dialog = QApplication::activeModalWidget()) {
            title = dialog->windowTitle();
            dialog->close();
        } else {
            closeNextDialog(title);
        }
    });
}

// Under X11's key scheme a QLineEdit claims Ctrl+E (QKeySequence::MoveToEndOfLine) by accepting its
// ShortcutOverride; the offscreen platform's scheme binds nothing to it, so the field is given X11's
// claim here, as a user's X server gives it.
class X11EndOfLine : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() == QEvent::ShortcutOverride &&
            static_cast<QKeyEvent*>(event)->keyCombination() == QKeyCombination(Qt::ControlModifier, Qt::Key_E))
            event->accept();
        return false;
    }
};

// With the Tree tab's Find field focused (a line edit, which takes Ctrl+E as "end of line"),
// Ctrl+E, Ctrl+S, Ctrl+M, Ctrl+R, Esc and Ctrl+1 still do what the menus say.
TEST(RunSelection, WindowShortcutsWorkWhileTheFindFieldHasFocus) {
    Workbench bench;
    MainWindow& window = bench.window;
    ASSERT_TRUE(bench.loaded);
    ASSERT_TRUE(trainAndWait(window, "cart", {"max_depth=3"}));
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    window.tabs()->setCurrentWidget(window.treeTab());
    QLineEdit* find = window.treeTab()->searchField();
    X11EndOfLine x11(find);
    find->installEventFilter(&x11);
    find->setFocus();
    ASSERT_TRUE(find->hasFocus());

    QString title;
    closeNextDialog(title);
    QTest::keyClick(find, Qt::Key_E, Qt::ControlModifier);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !title.isEmpty(); }, 10000)) << "no dialog opened";
    EXPECT_TRUE(title.startsWith("Export")) << title.toStdString();

    title.clear();
    window.activateWindow();  // back from the dialog
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    find->setFocus();
    closeNextDialog(title);
    QTest::keyClick(find, Qt::Key_S, Qt::ControlModifier);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !title.isEmpty(); }, 10000)) << "no dialog opened";
    EXPECT_EQ(title, "Save the project");

    title.clear();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    find->setFocus();
    closeNextDialog(title);
    QTest::keyClick(find, Qt::Key_M, Qt::ControlModifier);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !title.isEmpty(); }, 10000)) << "no dialog opened";
    EXPECT_EQ(title, "Save the model");

    // Ctrl+R trains (GET at its defaults takes long), Esc stops it.
    window.methodPanel()->setMethod("get");
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    find->setFocus();
    QSignalSpy done(&window, &MainWindow::trainingDone);
    QTest::keyClick(find, Qt::Key_R, Qt::ControlModifier);
    ASSERT_TRUE(window.isTraining());
    QTest::keyClick(find, Qt::Key_Escape);
    ASSERT_TRUE(done.count() > 0 || done.wait(300000));
    EXPECT_TRUE(window.resultsPanel()->run(window.resultsPanel()->runCount() - 1)->stopped_early);

    window.tabs()->setCurrentWidget(window.treeTab());
    find->setFocus();
    QTest::keyClick(find, Qt::Key_1, Qt::ControlModifier);
    EXPECT_EQ(window.tabs()->currentWidget(), window.trainingPanel());
}

}  // namespace
}  // namespace treelab
