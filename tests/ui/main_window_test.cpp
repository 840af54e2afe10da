// MainWindow under QT_QPA_PLATFORM=offscreen: the whole workbench as a user drives it, from
// loading a file through the data panel to finding the run's metrics in the results list.
#include <gtest/gtest.h>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEventLoop>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSettings>
#include <QTableWidget>
#include <QStandardPaths>
#include <QTabWidget>
#include <QProgressBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <qcustomplot.h>

#include "app/session/evaluation_session.h"
#include "app/session/training_session.h"
#include "core/learners/learner.h"
#include "core/model/model_file.h"
#include "core/run/evaluation.h"
#include "core/run/prepared_data.h"
#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/common/figure_view.h"
#include "ui/data/data_panel.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/method/param_form.h"
#include "ui/results/results_panel.h"
#include "ui/sweep/sweep_panel.h"
#include "ui/training/start_multiples.h"
#include "ui/training/training_panel.h"
#include "ui/tree/epoch_scrubber.h"
#include "ui/tree/tree_canvas.h"
#include "ui/tree/tree_tab.h"

namespace treelab {
namespace {

// Sets the generated form's field for `name` as a user would, whatever widget the form chose.
void setField(MethodPanel& panel, const QString& name, const QString& text) {
    QWidget* field = panel.form()->findChild<QWidget*>(name);
    ASSERT_NE(field, nullptr) << name.toStdString();
    if (auto* spin = qobject_cast<QSpinBox*>(field)) {
        spin->setValue(text.toInt());
    } else if (auto* real = qobject_cast<QDoubleSpinBox*>(field)) {
        real->setValue(text.toDouble());
    } else if (auto* combo = qobject_cast<QComboBox*>(field)) {
        if (combo->isEditable()) combo->setEditText(text); else combo->setCurrentText(text);
    } else if (auto* edit = qobject_cast<QLineEdit*>(field)) {
        edit->setText(text);
        emit edit->editingFinished();
    } else if (auto* check = qobject_cast<QCheckBox*>(field)) {
        check->setChecked(text == "true");
    } else {
        FAIL() << "no known editor for " << name.toStdString();
    }
}

// Each learner in the registry, chosen in the method panel with one parameter changed in its
// generated form, trains on glass loaded through the data panel; its metrics reach the results list.
TEST(MainWindow, TrainsEveryLearnerFromTheFormsAndListsTheResult) {
    QSettings().clear();  // a window restores what an earlier test saved
    MainWindow window;
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    auto* target = window.dataPanel()->findChild<QComboBox*>("target");
    ASSERT_NE(target, nullptr);
    EXPECT_EQ(target->currentText(), "Type");
    int runs = 0;
    for (const LearnerInfo& learner : learners()) {
        window.methodPanel()->setMethod(QString::fromStdString(learner.name));
        for (const std::string& assignment : learner.quick_params) {  // typed into the generated form
            const std::size_t equals = assignment.find('=');
            setField(*window.methodPanel(), QString::fromStdString(assignment.substr(0, equals)),
                     QString::fromStdString(assignment.substr(equals + 1)));
        }
        ASSERT_TRUE(window.methodPanel()->isValid()) << learner.name;
        ASSERT_TRUE(test::train_and_wait(window)) << learner.name;
        ASSERT_EQ(window.resultsPanel()->runCount(), ++runs) << learner.name;
        const auto outcome = window.resultsPanel()->run(runs - 1);
        EXPECT_EQ(outcome->model.card.method, learner.name);
        for (const std::string& assignment : learner.quick_params) {
            const std::size_t equals = assignment.find('=');
            EXPECT_EQ(outcome->model.card.params.at(assignment.substr(0, equals)), assignment.substr(equals + 1));
        }
        EXPECT_TRUE(outcome->test_scores.count("accuracy")) << learner.name;
        EXPECT_TRUE(window.resultsPanel()->metricsCsv().contains("accuracy"));
        EXPECT_GT(window.treeCanvas()->nodeCount(), 0) << learner.name;
    }
    // The shown run's class paths (000 Fig. 4): one small tree per Glass class.
    FigureView* classPaths = window.treeTab()->showClassPaths();
    ASSERT_NE(classPaths, nullptr);
    EXPECT_EQ(classPaths->panelCount(), 6);
    EXPECT_LE(window.resultsPanel()->run(0)->model.tree.stats().depth, 3);
}

// Stop during a LatentTrees run with a 100,000-epoch limit ends it after a few epochs and keeps a
// model in the results list; a second Train while it runs is refused.
TEST(MainWindow, StopEndsALatentTreesRunAndKeepsItsModel) {
    QSettings().clear();
    MainWindow window;
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    window.methodPanel()->setMethod("latent");
    setField(*window.methodPanel(), "depth", "3");
    setField(*window.methodPanel(), "epochs", "100000");
    setField(*window.methodPanel(), "patience", "0");
    QSignalSpy done(&window, &MainWindow::trainingDone);
    QSignalSpy progressed(window.findChild<TrainingSession*>(), &TrainingSession::epochReported);
    window.train();
    ASSERT_TRUE(window.isTraining());
    window.train();  // refused: still one run
    while (progressed.count() < 2) ASSERT_TRUE(progressed.wait(60000));
    window.stop();
    ASSERT_TRUE(done.count() > 0 || done.wait(300000));
    EXPECT_EQ(done.count(), 1);  // the refused Train started nothing
    ASSERT_EQ(window.resultsPanel()->runCount(), 1);
    const auto outcome = window.resultsPanel()->run(0);
    EXPECT_TRUE(outcome->stopped_early);
    EXPECT_LT(outcome->history.size(), 1000u);
    EXPECT_GT(outcome->model.tree.stats().nodes, 0);
    // The live tree of epoch 1 was recorded for the Tree tab's epoch slider.
    EXPECT_GE(window.treeTab()->scrubber()->snapshotCount(), 1);
}

// LatentTrees trained from the panels' defaults (preprocessing Automatic: quantile-normal inputs) with
// a quick setting (30 epochs) learns Glass: its test accuracy is well above the majority-class
// rate, where unscaled inputs gave a degenerate tree; the run card says what was applied.
TEST(MainWindow, LatentTreesWithAutomaticPreprocessingLearnsGlass) {
    QSettings().clear();
    MainWindow window;
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    ASSERT_EQ(window.dataPanel()->findChild<QComboBox*>("scaling")->currentData().toString(), "auto");
    window.methodPanel()->setMethod("latent");
    setField(*window.methodPanel(), "epochs", "30");
    ASSERT_TRUE(test::train_and_wait(window));
    ASSERT_EQ(window.resultsPanel()->runCount(), 1);
    const auto outcome = window.resultsPanel()->run(0);
    EXPECT_EQ(outcome->model.pipeline.scaling, Scaling::QuantileNormal);
    EXPECT_EQ(outcome->model.card.scaling, "quantile (auto: the method's default)");
    const Eigen::VectorXd& y = outcome->data->test.y;
    double majority = 0.0;
    for (Eigen::Index c = 0; c <= static_cast<Eigen::Index>(y.maxCoeff()); ++c)
        majority = std::max(majority, static_cast<double>((y.array() == static_cast<double>(c)).count()) / static_cast<double>(y.size()));
    // Seed 0: 0.51 against a majority rate of 0.35 (unscaled inputs: 0.42).
    EXPECT_GT(outcome->test_scores.at("accuracy"), majority + 0.10) << "majority-class rate " << majority;
}

// A malformed CSV shows the core's message (file:line:) and the glass data stay loaded.
TEST(MainWindow, BadFileShowsWhereItIsBrokenAndKeepsTheData) {
    test::TempDir dir;
    const auto file = dir.write("broken.csv", "a,b\n1,2\n3,\"4\n");
    QSettings().clear();
    MainWindow window;
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    EXPECT_FALSE(test::load_data(*window.dataPanel(), QString::fromStdString(file.string())));
    const auto boxes = window.findChildren<QMessageBox*>();
    ASSERT_EQ(boxes.size(), 1);
    EXPECT_TRUE(boxes.first()->text().contains("broken.csv:3:")) << boxes.first()->text().toStdString();
    EXPECT_EQ(window.dataPanel()->file(), test::glass_file());
}

// Clicks Train as a user does.
void clickTrain(MainWindow& window) {
    for (QPushButton* button : window.findChildren<QPushButton*>())
        if (button->text() == MainWindow::tr("&Train")) return QTest::mouseClick(button, Qt::LeftButton);
    FAIL() << "no Train button";
}

// GradTree with "Fit on: Training + validation rows" (chosen by a key press) is refused before a
// worker starts, with the core's reason in a dialog, as treelab-cli refuses it; a sweep too.
TEST(MainWindow, FitOnTrainAndValidIsRefusedForGradTreeWithTheReason) {
    QSettings().clear();
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    window.methodPanel()->setMethod("gradtree");
    QTest::keyClick(window.dataPanel()->findChild<QComboBox*>("fitOn"), Qt::Key_Down);
    clickTrain(window);
    EXPECT_FALSE(window.isTraining());
    EXPECT_EQ(window.resultsPanel()->runCount(), 0);
    auto boxes = window.findChildren<QMessageBox*>();
    ASSERT_EQ(boxes.size(), 1);
    EXPECT_TRUE(boxes.first()->text().contains("method gradtree")) << boxes.first()->text().toStdString();
    EXPECT_TRUE(boxes.first()->text().contains("stops early on the validation rows")) << boxes.first()->text().toStdString();
    boxes.first()->close();  // deletes itself

    window.sweepPanel()->start();
    EXPECT_FALSE(window.sweepPanel()->isRunning());
    boxes = window.sweepPanel()->findChildren<QMessageBox*>();
    ASSERT_EQ(boxes.size(), 1);
    EXPECT_TRUE(boxes.first()->text().contains("method gradtree")) << boxes.first()->text().toStdString();
}

// CART trained with leave-one-out encoding, SMOTE and train+valid set in the data panel: the run
// fits on the training rows, the synthetic SMOTE rows (glass's rarest class is under 0.25/(C-1))
// and the validation rows, and its card's command carries every choice.
TEST(MainWindow, CartTrainsWithTheDataPanelsProtocolChoices) {
    QSettings().clear();
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    window.methodPanel()->setMethod("cart");
    QTest::keyClicks(window.dataPanel()->findChild<QComboBox*>("categorical"), "Leave");
    auto* smote = window.dataPanel()->findChild<QCheckBox*>("smote");
    QTest::mouseClick(smote, Qt::LeftButton, {}, QPoint(6, smote->height() / 2));
    QTest::keyClick(window.dataPanel()->findChild<QComboBox*>("fitOn"), Qt::Key_Down);
    ASSERT_TRUE(test::train_and_wait(window));
    ASSERT_EQ(window.resultsPanel()->runCount(), 1);
    const auto outcome = window.resultsPanel()->run(0);
    EXPECT_GT(outcome->fit_rows, outcome->train_rows + outcome->valid_rows);
    for (const char* flag : {"--categorical loo", "--smote", "--fit-on train+valid"})
        EXPECT_NE(outcome->model.card.command_line.find(flag), std::string::npos) << outcome->model.card.command_line;
}

// DGT's training mode is a choice in its generated form: with feedback=bandit the run counts loss
// queries, the progress bar counts evaluations and queries, and the tree slider ends at the run's
// last evaluation.
TEST(MainWindow, BanditFeedbackIsATrainingModeOfTheMethodPanel) {
    QSettings().clear();
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    window.methodPanel()->setMethod("dgt");
    setField(*window.methodPanel(), "feedback", "bandit");
    setField(*window.methodPanel(), "passes", "2");
    ASSERT_TRUE(test::train_and_wait(window));
    ASSERT_EQ(window.resultsPanel()->runCount(), 1);
    const std::vector<EpochReport>& history = window.resultsPanel()->run(0)->history;
    ASSERT_FALSE(history.empty());
    EXPECT_GT(history.back().loss_queries, 0);
    const QString format = window.findChild<QProgressBar*>("trainingProgress")->format();
    EXPECT_TRUE(format.startsWith("evaluation")) << format.toStdString();
    EXPECT_TRUE(format.contains(QString(", %1 queries").arg(history.back().loss_queries))) << format.toStdString();
    // The slider ends on the returned model (DGT keeps its last evaluation); the tree before it is
    // labelled by the loss queries made.
    EpochScrubber* scrubber = window.findChild<EpochScrubber*>();
    EXPECT_EQ(scrubber->label(), QString("returned model: evaluation %1 (the run's choice)").arg(history.back().epoch));
    scrubber->setCurrentIndex(scrubber->snapshotCount() - 2);
    EXPECT_TRUE(scrubber->label().startsWith("after ") && scrubber->label().endsWith(" loss queries")) << scrubber->label().toStdString();
}

// A run's live trees are drawn with their own names and training counts: the rows of the run
// shown before (CART on unscaled glass) never route through the GradTree trees fitted on
// quantile-scaled rows; at the end the run's own rows do. A run that fails (SMOTE on a regression
// target) gives the tree shown before back.
TEST(MainWindow, LiveTreesNeverRouteThePreviousRunsRows) {
    QSettings().clear();
    MainWindow window;
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    window.methodPanel()->setMethod("cart");
    ASSERT_TRUE(test::train_and_wait(window));
    ASSERT_NE(window.treeCanvas()->data(), nullptr);
    const int cartNodes = window.treeCanvas()->nodeCount();

    window.methodPanel()->setMethod("gradtree");
    setField(*window.methodPanel(), "depth", "3");
    setField(*window.methodPanel(), "epochs", "30");
    setField(*window.methodPanel(), "restarts", "0");
    int liveTrees = 0, routedByOthers = 0;
    QObject::connect(window.findChild<TrainingSession*>(), &TrainingSession::epochReported, &window,
                     [&](const EpochPoint& point) {
                         if (!point.snapshot) return;
                         ++liveTrees;
                         if (window.treeCanvas()->data()) ++routedByOthers;
                         EXPECT_EQ(window.treeCanvas()->featureNames(), point.snapshot->feature_names);
                     });
    ASSERT_TRUE(test::train_and_wait(window));
    EXPECT_GT(liveTrees, 0);
    EXPECT_EQ(routedByOthers, 0);
    ASSERT_EQ(window.resultsPanel()->runCount(), 2);
    EXPECT_EQ(window.treeCanvas()->data(), window.resultsPanel()->run(1)->data);

    window.resultsPanel()->selectRun(0);
    window.dataPanel()->findChild<QComboBox*>("target")->setCurrentText("RI");
    window.dataPanel()->findChild<QCheckBox*>("smote")->setChecked(true);
    ASSERT_TRUE(test::train_and_wait(window));
    EXPECT_EQ(window.resultsPanel()->runCount(), 2);
    EXPECT_EQ(window.treeCanvas()->nodeCount(), cartNodes);
}

// A trained model saved from the window loads back (as a result whose tree is drawn), and every
// tab with a figure exports it as a PNG, an SVG and a PDF that parse back.
TEST(MainWindow, SavesOpensAndExportsEveryView) {
    test::TempDir dir;
    QSettings().clear();
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    window.methodPanel()->setMethod("cart");
    ASSERT_TRUE(test::train_and_wait(window));
    const QString model = QString::fromStdString((dir.path() / "glass-cart.json").string());
    ASSERT_TRUE(window.saveModel(model));
    EXPECT_EQ(load_model(model.toStdString()).card.method, "cart");
    ASSERT_TRUE(window.openModel(model));
    EXPECT_EQ(window.resultsPanel()->runCount(), 2);
    EXPECT_GT(window.treeCanvas()->nodeCount(), 0);

    // A model opened from a file has no training curves to draw; the trained run has (CART's path).
    window.tabs()->setCurrentWidget(window.trainingPanel());
    EXPECT_FALSE(window.exportView(QString::fromStdString((dir.path() / "opened.svg").string())));
    window.resultsPanel()->selectRun(0);
    // The tabs with a figure (the run's curves, its tree) export it; the others say they have none.
    for (QWidget* tab : {static_cast<QWidget*>(window.trainingPanel()), static_cast<QWidget*>(window.treeTab())}) {
        window.tabs()->setCurrentWidget(tab);
        for (const char* suffix : {"png", "svg", "pdf"}) {
            const QString file = QString::fromStdString((dir.path() / ("tab" + std::to_string(window.tabs()->currentIndex()) + "." + suffix)).string());
            ASSERT_TRUE(window.exportView(file, QSize(800, 500))) << file.toStdString();
            QFile written(file);
            ASSERT_TRUE(written.open(QIODevice::ReadOnly)) << file.toStdString();
            const QByteArray head = written.read(64);
            const QByteArray expected = QString(suffix) == "png" ? QByteArray("\x89PNG")
                                        : QString(suffix) == "pdf" ? QByteArray("%PDF-")
                                                                   : QByteArray("<?xml");
            EXPECT_TRUE(head.startsWith(expected)) << file.toStdString() << ": " << head.left(16).toStdString();
        }
    }
    window.tabs()->setCurrentWidget(window.resultsPanel());
    EXPECT_FALSE(window.exportView(QString::fromStdString((dir.path() / "results.svg").string())));
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "results.svg"));
}

// A model opened from a file has no scores until Run > Evaluate (chosen with the mouse) scores it on
// the loaded data: the command returns with nothing added, the EvaluationSession's worker scores
// every row, and the result joins the list with the scores of the core's evaluation, its
// confusion matrix counting every row.
TEST(MainWindow, EvaluateScoresALoadedModelInTheWorkerAndListsTheResult) {
    test::TempDir dir;
    QSettings().clear();
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    window.methodPanel()->setMethod("cart");
    setField(*window.methodPanel(), "max_depth", "3");
    ASSERT_TRUE(test::train_and_wait(window));
    const QString file = QString::fromStdString((dir.path() / "glass-cart.json").string());
    ASSERT_TRUE(window.saveModel(file));
    ASSERT_TRUE(window.openModel(file));
    ASSERT_EQ(window.resultsPanel()->runCount(), 2);
    EXPECT_TRUE(window.resultsPanel()->run(1)->test_scores.empty());  // opened: not scored yet

    auto* session = window.findChild<EvaluationSession*>();
    ASSERT_NE(session, nullptr);
    QSignalSpy finished(session, &EvaluationSession::finished);
    ASSERT_TRUE(test::choose_from_menu(window, window.findChild<QAction*>("evaluateShownModel")));
    EXPECT_EQ(window.resultsPanel()->runCount(), 2);  // the result comes through the session, not this call
    ASSERT_TRUE(finished.count() > 0 || finished.wait(120000));
    ASSERT_EQ(window.resultsPanel()->runCount(), 3);

    const ModelFile model = load_model(file.toStdString());
    const PreparedData every_row = prepare_saved_model_data(window.dataPanel()->table(), model);
    const auto evaluated = window.resultsPanel()->run(2);
    EXPECT_EQ(window.resultsPanel()->runName(2), "glass-cart.json on glass.csv (every row)");
    EXPECT_EQ(evaluated->test_rows, 214);
    EXPECT_EQ(evaluated->test_scores, evaluate(model.tree, every_row.test));
    EXPECT_EQ(window.tabs()->currentWidget(), window.resultsPanel());
    EXPECT_TRUE(window.resultsPanel()->metricsCsv().contains("glass-cart.json on glass.csv (every row)"));

    const auto* matrix = window.resultsPanel()->findChild<QTableWidget*>("confusionMatrix");
    ASSERT_NE(matrix, nullptr);
    ASSERT_EQ(matrix->rowCount(), 6);
    long total = 0, diagonal = 0;
    for (int t = 0; t < matrix->rowCount(); ++t)
        for (int p = 0; p < matrix->columnCount(); ++p) {
            total += matrix->item(t, p)->text().toLong();
            if (t == p) diagonal += matrix->item(t, p)->text().toLong();
        }
    EXPECT_EQ(total, 214);
    EXPECT_NEAR(double(diagonal) / double(total), evaluated->test_scores.at("accuracy"), 1e-12);
}

// A click on a start's small plot only selects it; "Keep start 2's tree" keeps that start's tree:
// the results list, the canvas, the Save model file and the captions show it, labelled as picked;
// "Back to the run's tree", in sight only while a start is kept, returns, and so does Edit > Undo.
TEST(MainWindow, KeepingAStartsTreeIsAnExplicitCommandWithTheWayBackInSight) {
    test::TempDir dir;
    QSettings().clear();
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    window.methodPanel()->setMethod("get");
    window.methodPanel()->setValues(method_params("get", {"depth=2", "schedule=U(5,25):6,U(50,150):6", "starts=3"}));
    ASSERT_TRUE(test::train_and_wait(window));
    window.tabs()->setCurrentWidget(window.trainingPanel());
    StartMultiples* starts = window.trainingPanel()->startMultiples();
    ASSERT_TRUE(starts->isVisible());
    ASSERT_TRUE(starts->keepButton()->isVisible()) << "a finished run with start trees is pickable";
    EXPECT_FALSE(starts->keepButton()->isEnabled()) << "nothing selected yet";
    EXPECT_FALSE(starts->backButton()->isVisible()) << "nothing kept yet";
    const auto run = window.resultsPanel()->run(0);
    ASSERT_EQ(run->starts.size(), 3u);
    const std::string runModel = model_to_json(run->model);

    starts->plot()->replot();  // lays the small plots out at the window's size
    QTest::mouseClick(starts->plot(), Qt::LeftButton, {}, starts->startRect(1).center());
    EXPECT_EQ(starts->selected(), 1);
    EXPECT_FALSE(window.resultsPanel()->run(0)->picked) << "a click alone replaces nothing";
    EXPECT_EQ(window.treeCanvas()->shownTree().get(), &window.resultsPanel()->run(0)->model.tree);
    ASSERT_TRUE(starts->keepButton()->isEnabled());
    EXPECT_EQ(starts->keepButton()->text(), "Keep start 2's tree");
    QTest::mouseClick(starts->keepButton(), Qt::LeftButton);
    const auto picked = window.resultsPanel()->run(0);
    ASSERT_TRUE(picked->picked);
    EXPECT_EQ(picked->picked->start, 1);
    ASSERT_NE(model_to_json(picked->model), runModel) << "start 2 is not the run's choice here";
    EXPECT_EQ(window.treeCanvas()->shownTree()->predict(picked->data->test.X), run->starts[1].model.predict(picked->data->test.X));
    EXPECT_EQ(picked->test_scores, evaluate(run->starts[1].model, picked->data->test));
    EXPECT_TRUE(starts->startTitle(1).startsWith("start 2 (picked)")) << starts->startTitle(1).toStdString();
    EXPECT_TRUE(starts->backButton()->isVisible());
    EXPECT_TRUE(starts->backButton()->isEnabled());
    bool captioned = false;
    for (const QLabel* label : window.trainingPanel()->findChildren<QLabel*>())
        captioned = captioned || label->text().contains("start 2's tree is kept (picked)");
    EXPECT_TRUE(captioned);
    const QString file = QString::fromStdString((dir.path() / "picked.json").string());
    ASSERT_TRUE(window.saveModel(file));
    EXPECT_NE(load_model(file.toStdString()).card.command_line.find("--start 2"), std::string::npos);

    QTest::mouseClick(starts->backButton(), Qt::LeftButton);
    const auto back = window.resultsPanel()->run(0);
    EXPECT_FALSE(back->picked);
    EXPECT_EQ(model_to_json(back->model), runModel);
    EXPECT_EQ(window.treeCanvas()->shownTree()->predict(back->data->test.X), run->model.tree.predict(back->data->test.X));
    EXPECT_FALSE(starts->backButton()->isVisible());
    EXPECT_TRUE(starts->startTitle(1).startsWith("start 2 · ")) << starts->startTitle(1).toStdString();

    // Edit > Undo (Ctrl+Z) takes back the last change: start 2's tree again, then nothing more.
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    ASSERT_TRUE(window.resultsPanel()->run(0)->picked);
    EXPECT_EQ(window.resultsPanel()->run(0)->picked->start, 1);
    EXPECT_FALSE(window.undoKeepStartTree());
}

}  // namespace
}  // namespace treelab

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // Settings and recent files go to a folder of this process, never the user's nor another test
    // process's (ctest runs them in parallel, and a window restores what another one saved).
    const QTemporaryDir settings;
    qputenv("XDG_CONFIG_HOME", settings.path().toLocal8Bit());
    QApplication application(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
    QApplication::setOrganizationName("TreeLab-tests");
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
