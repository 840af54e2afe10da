// GUI responsiveness: the whole main window trains on letterrecognition.csv, first
// LatentTrees (its worker thread learns; the GUI thread plots the curves, records the live trees
// for the Tree tab and, at the end, shows the run: curves, tree canvas, results list), then CART
// with default settings (the full tree, about 2,200 leaves and 780 subtrees on its pruning path),
// whose run is shown (cost-complexity curves, canvas, results) and then selected again in the
// results list after the LatentTrees run, with each tab brought to the front.
// Before them the data panel reads a synthetic CSV of `rows` rows (1,000,000 by default,
// about 60 MB, written into the temporary folder and removed at the end) in the background, with
// glass shown until it has read; then shows another target of it (x8's histogram); then reads the
// data set, which releases the big table.
// With `large` for the data set, LatentTrees and CART train on the large table itself (its
// class), with a million rows loaded: CART's full tree there has tens of thousands of leaves.
// A 5 ms timer on the GUI thread records the longest gap between its ticks per phase (the longest
// the GUI went without processing events; target < 50 ms) and the Training tab's replot rate.
//   gui_responsiveness_bench [data.csv | large] [epochs] [rows]
//   (epochs 0: CART only; rows 0: no large file; QT_QPA_PLATFORM=offscreen)
#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

#include <functional>
#include <memory>
#include <vector>

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTabWidget>
#include <QTimer>

#include "app/session/training_session.h"
#include "tests/support/large_csv.h"
#include "tests/support/workbench_steps.h"
#include "ui/data/data_panel.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/results/results_panel.h"
#include "ui/training/training_panel.h"

using namespace treelab;

int main(int argc, char** argv) {
    QApplication application(argc, argv);
    QApplication::setOrganizationName("TreeLab-bench");
    const QString data = argc > 1 ? argv[1] : TREELAB_DATASETS "/letterrecognition.csv";
    const std::string epochs = argc > 2 ? argv[2] : "3";
    const std::size_t large_rows = argc > 3 ? std::stoul(argv[3]) : 1000000;
    const QString large = QDir::temp().filePath(QStringLiteral("treelab-bench-%1-rows.csv").arg(large_rows));
    if (large_rows > 0) test::write_large_csv(large.toStdString(), large_rows);
    const bool train_large = data == "large";
    if (train_large && large_rows == 0) return 2;

    MainWindow window;
    window.resize(1400, 900);
    window.show();
    if (!test::load_data(*window.dataPanel(), TREELAB_DATASETS "/glass.csv")) return 3;  // what the large file replaces
    const bool latent = epochs != "0";

    QElapsedTimer clock;
    qint64 last_tick = 0, longest_gap = 0, ticks = 0;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        longest_gap = std::max(longest_gap, now - last_tick);
        last_tick = now;
        ++ticks;
    });
    int epochs_seen = 0, snapshots = 0;
    QObject::connect(window.findChild<TrainingSession*>(), &TrainingSession::epochReported, [&](const EpochPoint& point) {
        ++epochs_seen;
        snapshots += point.snapshot != nullptr;
    });

    // Phases run one after another; each ends 300 ms after its last action so that the ticks also
    // cover what the event loop does afterwards (painting the shown run).
    struct Phase {
        const char* name;
        double seconds = 0.0;
        qint64 longest_gap = 0, ticks = 0;
        int replots = 0;
    };
    std::vector<Phase> phases;
    qint64 phase_start = 0, phase_ticks = 0;
    int phase_replots = 0;
    auto begin_phase = [&] {
        longest_gap = 0;
        phase_start = clock.nsecsElapsed();
        phase_ticks = ticks;
        phase_replots = window.trainingPanel()->replotCount();
    };
    auto end_phase = [&](const char* name) {
        phases.push_back({name, double(clock.nsecsElapsed() - phase_start) / 1e9, longest_gap, ticks - phase_ticks,
                          window.trainingPanel()->replotCount() - phase_replots});
    };
    auto later = [&](std::function<void()> step) { QTimer::singleShot(300, &application, std::move(step)); };

    auto train = [&](const std::string& method, const std::vector<std::string>& params) {
        window.methodPanel()->setMethod(QString::fromStdString(method));
        window.methodPanel()->setValues(method_params(method, params));
        begin_phase();
        window.train();
        return window.isTraining();
    };
    // Selecting runs in the results list, each shown with the tabs brought to the front in turn.
    auto select_runs = [&] {
        begin_phase();
        ResultsPanel* results = window.resultsPanel();
        const int cart_row = results->runCount() - 1;
        QTabWidget* tabs = window.tabs();
        std::vector<std::function<void()>> steps;
        for (int row = 0; row <= cart_row; ++row) steps.push_back([results, row] { results->selectRun(row); });
        steps.push_back([results, cart_row] { results->selectRun(cart_row); });
        for (int tab = 0; tab < tabs->count(); ++tab) steps.push_back([tabs, tab] { tabs->setCurrentIndex(tab); });
        auto run_steps = std::make_shared<std::function<void(std::size_t)>>();
        *run_steps = [&, steps, run_steps](std::size_t k) {
            if (k == steps.size()) {
                end_phase("select the runs in the results list, then each tab");
                application.quit();
                return;
            }
            steps[k]();
            QTimer::singleShot(150, &application, [run_steps, k] { (*run_steps)(k + 1); });
        };
        (*run_steps)(0);
    };
    auto start_cart = [&] {
        if (!train("cart", {})) application.exit(1);
    };
    int finished_runs = 0;
    QObject::connect(&window, &MainWindow::trainingDone, [&] {
        ++finished_runs;
        later([&, run = finished_runs] {
            if (latent && run == 1) {
                end_phase("LatentTrees: train, plot every epoch, show the run");
                start_cart();
            } else {
                end_phase("CART: train, then show the run (cost-complexity curves, canvas, results)");
                select_runs();
            }
        });
    });

    auto start_training = [&] {
        window.dataPanel()->findChild<QComboBox*>("target")->setCurrentText(train_large ? "class" : "lettr");
        if (latent) {
            if (!train("latent", {"depth=6", "epochs=" + epochs, "batch_size=64", "patience=0"})) application.exit(1);
        } else {
            start_cart();
        }
    };
    // The data panel's reads, one after the other: the large file, then the data set trained on.
    int reads = large_rows > 0 ? 0 : 1;
    bool read_through = false;
    QObject::connect(window.dataPanel(), &DataPanel::dataChanged, &application, [&] { read_through = true; });
    QObject::connect(window.dataPanel(), &DataPanel::loadEnded, &application, [&] {
        if (!std::exchange(read_through, false)) {
            application.exit(3);
            return;
        }
        later([&, read = ++reads] {
            if (read == 1) {
                end_phase("load the large CSV in the background (progress bar), then show its summaries and preview");
                // Then another target of the large table, summarised by a worker, then the data set.
                begin_phase();
                auto* next = new QObject(&application);
                QObject::connect(window.dataPanel(), &DataPanel::targetShown, next, [&, next] {
                    next->deleteLater();
                    later([&] {
                        end_phase("choose another target of the large table (its histogram)");
                        if (train_large) {
                            // The class's summary comes from a worker too: train once it is shown.
                            auto* trained = new QObject(&application);
                            QObject::connect(window.dataPanel(), &DataPanel::targetShown, trained, [&, trained] {
                                trained->deleteLater();
                                start_training();
                            });
                            window.dataPanel()->findChild<QComboBox*>("target")->setCurrentText("class");
                            return;
                        }
                        begin_phase();
                        window.openFile(data);
                    });
                });
                window.dataPanel()->findChild<QComboBox*>("target")->setCurrentText("x8");
            } else {
                end_phase("load the data set, releasing the large table");
                start_training();
            }
        });
    });

    clock.start();
    ticker.start();
    begin_phase();
    window.openFile(large_rows > 0 ? large : data);
    if (application.exec() != 0) return 1;
    if (large_rows > 0) QFile::remove(large);

    std::printf("large file: %zu rows (x1..x8, class); data: %s, whole main window; LatentTrees depth 6, batch 64, %s epochs; "
                "then CART, default settings\n",
                large_rows, qPrintable(data), epochs.c_str());
    std::printf("epochs received: %d, live trees: %d\n", epochs_seen, snapshots);
    ResultsPanel* results = window.resultsPanel();
    for (int row = 0; row < results->runCount(); ++row) {
        const TreeModel& tree = results->run(row)->model.tree;
        std::printf("run %d: %zu nodes, trained on %td rows\n", row + 1, tree.nodes.size(), results->run(row)->train_rows);
    }
    qint64 worst = 0;
    for (const Phase& phase : phases) {
        std::printf("%s: %.2f s, %lld ticks (5 ms), longest gap %.1f ms, replots %d (%.1f per second; cap 20)\n",
                    phase.name, phase.seconds, phase.ticks, double(phase.longest_gap) / 1e6, phase.replots,
                    phase.replots / phase.seconds);
        worst = std::max(worst, phase.longest_gap);
    }
    std::printf("longest GUI-thread pause overall: %.1f ms (target < 50 ms)\n", double(worst) / 1e6);
    return 0;
}
