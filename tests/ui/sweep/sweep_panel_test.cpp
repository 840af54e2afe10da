// The Sweep tab end to end under QT_QPA_PLATFORM=offscreen: configure, run, plot, scrub, export.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include <QComboBox>
#include <QEventLoop>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <qcustomplot.h>

#include "core/learners/learner.h"
#include "core/run/sweep_target.h"
#include "tests/support/test_support.h"
#include "ui/common/figure_view.h"
#include "ui/sweep/slurm_job_dialog.h"
#include "ui/sweep/sweep_grid_editor.h"
#include "ui/sweep/sweep_panel.h"

namespace treelab {
namespace {

// Starts the sweep and runs the event loop until finished(), with a generous bound so a hang
// fails instead of blocking ctest.
void run_to_end(SweepPanel& panel) {
    QEventLoop loop;
    QObject::connect(&panel, &SweepPanel::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(300000, &loop, &QEventLoop::quit);
    panel.start();  // finished() comes from the GUI thread's event loop, so exec() cannot miss it
    loop.exec();
    EXPECT_FALSE(panel.isRunning());
    EXPECT_TRUE(panel.findChildren<QMessageBox*>().isEmpty()) << panel.findChild<QMessageBox*>()->text().toStdString();
}

int points_on(const QCustomPlot* plot) {
    int count = 0;
    for (int g = 0; g < plot->graphCount(); ++g) count += plot->graph(g)->dataCount();
    return count;
}

std::string read_text(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// CART's automatic alpha path over two seeds: rows per alpha and seed, both plots drawn, the
// scrubber and a click on a point hand over a model, and the table exports as CSV with every row.
TEST(SweepPanel, CartAutomaticAlphaEndToEnd) {
    SweepPanel panel;
    panel.resize(1100, 750);
    panel.setConfigSource([] { return std::optional<RunConfig>(test::dataset_run("glass.csv", "Type", "cart", {}, 3)); });
    EXPECT_EQ(panel.findChild<QComboBox*>("sweepParam")->currentData().toString(), "ccp_alpha");
    EXPECT_EQ(panel.findChild<SweepGridEditor*>()->kind(), GridKind::Automatic);
    panel.findChild<QSpinBox*>("sweepSeeds")->setValue(2);
    run_to_end(panel);

    ASSERT_GT(panel.rowCount(), 4);
    EXPECT_EQ(panel.rowCount() % 2, 0) << "every alpha has a row per seed";
    ASSERT_EQ(panel.plots().size(), 2);
    for (const QCustomPlot* plot : panel.plots()) EXPECT_GE(points_on(plot), panel.rowCount() / 2) << "train and test per alpha";

    std::vector<std::shared_ptr<const ModelFile>> chosen;
    QObject::connect(&panel, &SweepPanel::modelChosen, &panel,
                     [&](std::shared_ptr<const ModelFile> model, std::shared_ptr<const PreparedData> data) {
                         ASSERT_TRUE(data);
                         chosen.push_back(std::move(model));
                     });
    auto* scrubber = panel.findChild<QSlider*>("sweepScrubber");
    ASSERT_TRUE(scrubber->isEnabled());
    EXPECT_EQ(scrubber->maximum(), panel.rowCount() / 2 - 1);
    scrubber->setValue(scrubber->maximum());
    ASSERT_EQ(chosen.size(), 1u);
    ASSERT_TRUE(chosen[0]);
    EXPECT_EQ(chosen[0]->card.seed, 3u) << "a grid value shows its first seed";
    EXPECT_LE(chosen[0]->tree.stats().leaves, 2) << "the largest alpha prunes to the root or a stump";

    // A click on the alpha = 0 point (alone at the left end of the log axis) chooses it as well.
    panel.show();
    QCustomPlot* byAlpha = panel.plots()[0];
    byAlpha->replot(QCustomPlot::rpImmediateRefresh);
    const QCPGraph* test = byAlpha->graph(2);
    const QPointF at(byAlpha->xAxis->coordToPixel(test->data()->at(0)->key),
                     byAlpha->yAxis->coordToPixel(test->data()->at(0)->value));
    for (const QEvent::Type type : {QEvent::MouseButtonPress, QEvent::MouseButtonRelease}) {
        QMouseEvent event(type, at, byAlpha->mapToGlobal(at), Qt::LeftButton,
                          type == QEvent::MouseButtonPress ? Qt::LeftButton : Qt::NoButton, Qt::NoModifier);
        QCoreApplication::sendEvent(byAlpha, &event);
    }
    ASSERT_EQ(chosen.size(), 2u);
    EXPECT_EQ(chosen[1]->card.params.at("ccp_alpha"), "0");
    EXPECT_EQ(scrubber->value(), 0);

    test::TempDir dir;
    ASSERT_TRUE(panel.exportCsv(QString::fromStdString(dir.file("sweep.csv").string())));
    const std::string csv = read_text(dir.file("sweep.csv"));
    EXPECT_EQ(csv.rfind("ccp_alpha,seed,train_accuracy", 0), 0u) << csv.substr(0, 200);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), panel.rowCount() + 1);
}

// A LatentTrees lambda sweep over a list grid "0,0.1" with a few epochs: one row per value.
TEST(SweepPanel, LatentLambdaListSweep) {
    SweepPanel panel;
    panel.setConfigSource([] {
        RunConfig config = test::dataset_run("glass.csv", "Type", "latent", {}, 3);
        const auto specs = find_learner("latent").params;
        config.params.set(specs, "depth", "3");
        config.params.set(specs, "epochs", "3");
        return std::optional<RunConfig>(config);
    });
    auto* param = panel.findChild<QComboBox*>("sweepParam");
    param->setCurrentIndex(param->findData("lambda"));
    auto* grid = panel.findChild<SweepGridEditor*>();
    grid->setKind(GridKind::List);
    grid->setList("0, 0.1");
    run_to_end(panel);

    EXPECT_EQ(panel.rowCount(), 2);
    EXPECT_GE(points_on(panel.plots()[0]), 2);

    // "Compare trees…": one aligned panel per grid value, in grid order, titled with its metric and EN.
    FigureView* view = panel.compareTrees();
    ASSERT_NE(view, nullptr);
    ASSERT_EQ(view->panelCount(), 2);
    EXPECT_EQ(view->sheet().panels[0].title, "λ = 0") << "the pruning symbol, not the parameter's CLI name";
    EXPECT_EQ(view->sheet().panels[1].title, "λ = 0.1");
    for (const TreePicture& tree : view->sheet().panels) EXPECT_NE(tree.subtitle.find(" empty node"), std::string::npos);
    EXPECT_EQ(view->sheet().panels[0].layout.boxes.size(), view->sheet().panels[1].layout.boxes.size())
        << "ghost nodes keep the trees aligned node for node";
}

// The Jobs control beside Seeds starts at one per core; a LatentTrees sweep over 2 values × 2
// seeds exports the same CSV with one job and with three.
TEST(SweepPanel, JobsGiveTheSameRows) {
    SweepPanel panel;
    panel.setConfigSource([] {
        RunConfig config = test::dataset_run("glass.csv", "Type", "latent", {}, 3);
        const auto specs = find_learner("latent").params;
        config.params.set(specs, "depth", "2");
        config.params.set(specs, "epochs", "3");
        return std::optional<RunConfig>(config);
    });
    auto* jobs = panel.findChild<QSpinBox*>("sweepJobs");
    ASSERT_NE(jobs, nullptr);
    EXPECT_EQ(jobs->value(), std::max(1, QThread::idealThreadCount()));
    auto* param = panel.findChild<QComboBox*>("sweepParam");
    param->setCurrentIndex(param->findData("lambda"));
    auto* grid = panel.findChild<SweepGridEditor*>();
    grid->setKind(GridKind::List);
    grid->setList("0.01, 1");
    panel.findChild<QSpinBox*>("sweepSeeds")->setValue(2);
    test::TempDir dir;
    std::vector<std::string> exported;
    for (const int count : {1, 3}) {
        jobs->setValue(count);
        run_to_end(panel);
        EXPECT_EQ(panel.rowCount(), 4);
        const auto file = dir.file("jobs" + std::to_string(count) + ".csv");
        ASSERT_TRUE(panel.exportCsv(QString::fromStdString(file.string())));
        exported.push_back(read_text(file));
    }
    EXPECT_EQ(exported[0], exported[1]);
}

// "Export as Slurm job…" writes the sweep the form describes (grid values and seeds) as the job
// array and merge job of treelab-cli sweep --slurm; the dialog's fields become the settings.
TEST(SweepPanel, ExportsTheFormsSweepAsASlurmJob) {
    SweepPanel panel;
    panel.setConfigSource([] { return std::optional<RunConfig>(test::dataset_run("glass.csv", "Type", "cart", {}, 3)); });
    auto* param = panel.findChild<QComboBox*>("sweepParam");
    param->setCurrentIndex(param->findData("max_depth"));
    auto* grid = panel.findChild<SweepGridEditor*>();
    grid->setKind(GridKind::List);
    grid->setList("2, 4");
    panel.findChild<QSpinBox*>("sweepSeeds")->setValue(3);
    ASSERT_NE(panel.findChild<QPushButton*>("sweepSlurm"), nullptr);

    test::TempDir dir;
    SlurmJobDialog dialog;
    dialog.findChild<QLineEdit*>("slurmFolder")->setText(QString::fromStdString(dir.file("jobs").string()));
    dialog.findChild<QLineEdit*>("slurmOut")->setText(QString::fromStdString(dir.file("sweep.csv").string()));
    dialog.findChild<QSpinBox*>("slurmShards")->setValue(2);
    dialog.findChild<QSpinBox*>("slurmCpus")->setValue(3);
    dialog.findChild<QLineEdit*>("slurmPartition")->setText(" short ");
    const SlurmSettings settings = dialog.settings();
    EXPECT_EQ(settings.shards, 2);
    EXPECT_EQ(settings.partition, "short");
    EXPECT_EQ(settings.cli.filename(), "treelab-cli");

    ASSERT_TRUE(panel.exportSlurmJob(settings));
    const std::string sweep = read_text(dir.file("jobs") / "sweep.sbatch");
    EXPECT_NE(sweep.find("#SBATCH --array=0-1\n"), std::string::npos) << sweep;
    EXPECT_NE(sweep.find("#SBATCH --cpus-per-task=3\n"), std::string::npos) << sweep;
    EXPECT_NE(sweep.find(" --param max_depth=2,4 --seeds 3 --jobs 3 "), std::string::npos) << sweep;
    EXPECT_NE(read_text(dir.file("jobs") / "merge.sbatch").find("--out " + dir.file("sweep.csv").string()), std::string::npos);
    EXPECT_NE(panel.findChild<QMessageBox*>("slurmWritten"), nullptr);
}

// Choosing LatentTrees' lambda offers its sweep range first: a log grid from 1e-3 to 10 (9 values),
// where the default formulation's trees go from nearly every node active to the root alone.
TEST(SweepPanel, LatentLambdaStartsWithItsSweepRange) {
    SweepPanel panel;
    panel.setConfigSource([] { return std::optional<RunConfig>(test::dataset_run("glass.csv", "Type", "latent", {}, 3)); });
    auto* param = panel.findChild<QComboBox*>("sweepParam");
    param->setCurrentIndex(param->findData("lambda"));
    auto* grid = panel.findChild<SweepGridEditor*>();
    EXPECT_EQ(grid->kind(), GridKind::Log);
    const std::vector<std::string> values = grid_values(grid->grid("lambda"), find_learner("latent").params, "lambda");
    ASSERT_EQ(values.size(), 9u);
    EXPECT_EQ(std::stod(values.front()), 1e-3);
    EXPECT_EQ(std::stod(values.back()), 10.0);
}

// GET's schedule offers its stage fields as parameters ("Scale-factor schedule: stage 2 α"); a
// list typed with a U(LOW,HIGH) value sweeps stage 2's α of the current schedule: the table shows
// the values as written, the scrubber hands over trees whose run cards carry the substituted
// schedule, and a schedule with another stage count lists its stages, keeping the choice.
TEST(SweepPanel, GetStageTwoAlphaSweep) {
    std::string schedule = "U(5,25):4,U(50,150):4";
    SweepPanel panel;
    panel.resize(1100, 750);
    panel.setConfigSource([&schedule] {
        RunConfig config;
        config.data_file = test::dataset("iris.csv");
        config.target = "species";
        config.method = "get";
        config.params = method_params("get", {"depth=2", "schedule=" + schedule, "starts=2"});
        return std::optional<RunConfig>(config);
    });
    auto* param = panel.findChild<QComboBox*>("sweepParam");
    const int alpha2 = param->findText("Scale-factor schedule: stage 2 α");
    ASSERT_GE(alpha2, 0);
    EXPECT_GE(param->findText("Scale-factor schedule: stage 1 epochs"), 0);
    EXPECT_LT(param->findText("Scale-factor schedule: stage 3 α"), 0);
    param->setCurrentIndex(alpha2);
    auto* grid = panel.findChild<SweepGridEditor*>();
    EXPECT_EQ(grid->kind(), GridKind::List);
    auto* list = panel.findChild<QLineEdit*>("sweepList");
    EXPECT_EQ(list->text(), "U(50,150)") << "the stage's current value";
    list->clear();
    QTest::keyClicks(list, "50, U(80,120)");
    run_to_end(panel);

    ASSERT_EQ(panel.rowCount(), 2);
    const QAbstractItemModel* table = panel.findChild<QTableView*>("sweepTable")->model();
    QStringList values;
    panel.findChild<QTableView*>("sweepTable")->sortByColumn(0, Qt::DescendingOrder);
    for (int row = 0; row < table->rowCount(); ++row) values << table->index(row, 0).data().toString();
    EXPECT_EQ(values, (QStringList{"U(80,120)", "50"})) << "sorted by value, descending; a range by its middle, 100";
    EXPECT_EQ(table->headerData(0, Qt::Horizontal).toString().toStdString(),
              sweep_target(find_learner("get").params, "schedule[2].alpha").spec.label)
        << "the stage field's label, not its CLI name";

    std::vector<std::shared_ptr<const ModelFile>> chosen;
    QObject::connect(&panel, &SweepPanel::modelChosen, &panel,
                     [&](std::shared_ptr<const ModelFile> model, std::shared_ptr<const PreparedData>) { chosen.push_back(std::move(model)); });
    auto* scrubber = panel.findChild<QSlider*>("sweepScrubber");
    scrubber->setValue(1);  // points in axis order: 50, then U(80,120) at its middle, 100
    scrubber->setValue(0);
    ASSERT_EQ(chosen.size(), 2u);
    EXPECT_EQ(chosen[0]->card.params.at("schedule"), "U(5,25):4,U(80,120):4");
    EXPECT_EQ(chosen[1]->card.params.at("schedule"), "U(5,25):4,50:4");

    schedule = "U(5,25):4,U(50,150):4,200:4";
    panel.refreshParameters();
    EXPECT_GE(param->findText("Scale-factor schedule: stage 3 α"), 0);
    EXPECT_EQ(param->currentData().toString(), "schedule[2].alpha");
}

// A value outside the parameter's range is refused before any work, in a non-modal dialog.
TEST(SweepPanel, BadGridShowsADialog) {
    SweepPanel panel;
    panel.setConfigSource([] { return std::optional<RunConfig>(test::dataset_run("glass.csv", "Type", "cart", {}, 3)); });
    auto* grid = panel.findChild<SweepGridEditor*>();
    grid->setKind(GridKind::List);
    grid->setList("-1");
    panel.start();
    EXPECT_FALSE(panel.isRunning());
    const auto boxes = panel.findChildren<QMessageBox*>();
    ASSERT_EQ(boxes.size(), 1);
    EXPECT_TRUE(boxes.first()->text().contains("ccp_alpha")) << boxes.first()->text().toStdString();
}

}  // namespace
}  // namespace treelab
