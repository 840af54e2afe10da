// GUI responsiveness while LatentTrees trains (issue 6): the whole main window trains on
// letterrecognition.csv (its worker thread learns; the GUI thread plots the curves, records the
// live trees for the Tree tab and, at the end, shows the run: curves, tree canvas, results list).
// A 5 ms timer on the GUI thread records the longest gap between its ticks (the longest the GUI
// went without processing events; target < 50 ms) and the Training tab's replot rate.
//   gui_responsiveness_bench [data.csv] [epochs]   (run with QT_QPA_PLATFORM=offscreen headless)
#include <algorithm>
#include <cstdio>
#include <string>

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QTimer>

#include "app/session/training_session.h"
#include "ui/data_panel.h"
#include "ui/main_window.h"
#include "ui/method_panel.h"
#include "ui/training_panel.h"

using namespace treelab;

int main(int argc, char** argv) {
    QApplication application(argc, argv);
    QApplication::setOrganizationName("TreeLab-bench");
    const QString data = argc > 1 ? argv[1] : TREELAB_DATASETS "/letterrecognition.csv";
    const std::string epochs = argc > 2 ? argv[2] : "3";

    MainWindow window;
    window.resize(1400, 900);
    window.show();
    if (!window.openFile(data)) return 3;  // reading the file is not part of the measurement
    window.dataPanel()->findChild<QComboBox*>("target")->setCurrentText("lettr");
    window.methodPanel()->setMethod("latent");
    window.methodPanel()->setValues(method_params("latent", {"depth=6", "epochs=" + epochs, "batch_size=64", "patience=0"}));

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
    // Quit a moment after the run is shown, so the ticks also cover showing the finished run.
    QObject::connect(&window, &MainWindow::trainingDone, [&] { QTimer::singleShot(300, &application, &QApplication::quit); });

    clock.start();
    ticker.start();
    const int replots_before = window.trainingPanel()->replotCount();
    window.train();
    if (!window.isTraining()) return 1;
    application.exec();
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    const int replots = window.trainingPanel()->replotCount() - replots_before;

    std::printf("data: %s, LatentTrees depth 6, batch 64, %s epochs, whole main window\n", qPrintable(data), epochs.c_str());
    std::printf("wall time (train + evaluate + show): %.2f s, epochs received: %d, live trees: %d\n", seconds,
                epochs_seen, snapshots);
    std::printf("GUI timer ticks (5 ms): %lld, longest gap between ticks: %.1f ms (target < 50 ms)\n", ticks,
                double(longest_gap) / 1e6);
    std::printf("replots: %d (%.1f per second; cap 20)\n", replots, replots / seconds);
    return 0;
}
