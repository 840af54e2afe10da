// GUI responsiveness while LatentTrees trains (issue 6): a TrainingSession runs on
// letterrecognition.csv in its worker thread while the GUI thread's event loop feeds a
// TrainingPanel. A 5 ms timer on the GUI thread records the longest gap between its ticks (the
// longest the GUI went without processing events; target < 50 ms) and the panel's replot rate.
//   gui_responsiveness_bench [data.csv] [epochs]   (run with QT_QPA_PLATFORM=offscreen headless)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include "app/session/training_session.h"
#include "ui/training_panel.h"

using namespace treelab;

int main(int argc, char** argv) {
    QApplication application(argc, argv);
    const std::string data = argc > 1 ? argv[1] : TREELAB_DATASETS "/letterrecognition.csv";
    const std::string epochs = argc > 2 ? argv[2] : "3";

    RunConfig config;
    config.data_file = data;
    config.target = "lettr";
    config.method = "latent";
    config.params = method_params("latent", {"depth=6", "epochs=" + epochs, "batch_size=64", "patience=0"});

    TrainingPanel panel;
    panel.resize(1000, 700);
    panel.show();
    panel.startRun("LatentTrees", "accuracy");
    TrainingSession session;
    QObject::connect(&session, &TrainingSession::epochReported, &panel, &TrainingPanel::addEpoch);

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

    int epochs_seen = 0, progress_signals = 0;
    QObject::connect(&session, &TrainingSession::epochReported, [&](const EpochPoint&) { ++epochs_seen; });
    QObject::connect(&session, &TrainingSession::progressed, [&](int, int) { ++progress_signals; });
    QObject::connect(&session, &TrainingSession::finished, &application, &QApplication::quit);
    QObject::connect(&session, &TrainingSession::failed, [&](const QString& message) {
        std::fprintf(stderr, "training failed: %s\n", qPrintable(message));
        application.exit(1);
    });

    clock.start();
    ticker.start();
    const int replots_before = panel.replotCount();
    if (!session.start(config)) return 1;
    const int status = application.exec();
    if (status != 0) return status;
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    const int replots = panel.replotCount() - replots_before;

    std::printf("data: %s, LatentTrees depth 6, batch 64, %s epochs\n", data.c_str(), epochs.c_str());
    std::printf("wall time (load + train + evaluate): %.2f s, epochs received: %d\n", seconds, epochs_seen);
    std::printf("GUI timer ticks (5 ms): %lld, longest gap between ticks: %.1f ms (target < 50 ms)\n", ticks,
                double(longest_gap) / 1e6);
    std::printf("replots: %d (%.1f per second; cap 20)\n", replots, replots / seconds);
    return status;
}
