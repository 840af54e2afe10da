// GUI memory over many runs: the whole main window trains `runs` runs in a row on one data file
// (MainWindow::train, what the Train button calls), each with the method's default parameters
// (or its quick ones with `quick`), and prints the process's resident memory (VmRSS of
// /proc/self/status) and the bytes malloc holds in use (mallinfo2), after the data are loaded and
// every `every` runs, to show what a long session keeps per run (RSS minus in use is memory the
// allocator keeps free for reuse), and how many runs are whole in memory (the others are on disk,
// ResultsPanel::kRunsInMemory); last, how long the oldest run takes to be read back when selected.
//   gui_memory_bench [data.csv] [method] [runs] [every] [quick]
//   (QT_QPA_PLATFORM=offscreen; e.g. gui_memory_bench datasets/letterrecognition.csv cart 200 20)
#include <malloc.h>

#include <cstdio>
#include <fstream>
#include <string>

#include <QApplication>
#include <QElapsedTimer>

#include "core/learners/learner.h"
#include "core/run/run_config.h"
#include "tests/support/workbench_steps.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/results/results_panel.h"

using namespace treelab;

namespace {

double resident_mb() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.starts_with("VmRSS:")) return std::stod(line.substr(6)) / 1024.0;
    return -1.0;
}

double in_use_mb() {  // chunks in use in every arena, and the large ones malloc maps on their own
    const struct mallinfo2 info = mallinfo2();
    return static_cast<double>(info.uordblks + info.hblkhd) / (1024.0 * 1024.0);
}

}  // namespace

int main(int argc, char** argv) {
    QApplication application(argc, argv);
    QApplication::setOrganizationName("TreeLab-bench");
    const QString data = argc > 1 ? argv[1] : TREELAB_DATASETS "/letterrecognition.csv";
    const QString method = argc > 2 ? argv[2] : "cart";
    const int runs = argc > 3 ? std::stoi(argv[3]) : 200;
    const int every = argc > 4 ? std::stoi(argv[4]) : 20;
    const bool quick = argc > 5 && std::string(argv[5]) == "quick";

    MainWindow window;
    window.resize(1400, 900);
    window.show();
    if (!test::load_data(*window.dataPanel(), data)) return 3;
    window.methodPanel()->setMethod(method);
    if (quick) window.methodPanel()->setValues(method_params(method.toStdString(), find_learner(method.toStdString()).quick_params));
    const auto in_memory = [&window] {
        int count = 0;
        for (int row = 0; row < window.resultsPanel()->runCount(); ++row) count += window.resultsPanel()->isInMemory(row);
        return count;
    };
    std::printf("runs,rss_mb,malloc_in_use_mb,runs_in_memory\n0,%.1f,%.1f,0\n", resident_mb(), in_use_mb());
    std::fflush(stdout);
    for (int run = 1; run <= runs; ++run) {
        if (!test::train_and_wait(window)) return 4;
        if (run % every == 0 || run == runs) {
            // The older runs' files are written on a pool thread; measured once they have been.
            QElapsedTimer waited;
            waited.start();
            while (in_memory() > int(ResultsPanel::kRunsInMemory) + 1 && waited.elapsed() < 30000)
                QApplication::processEvents(QEventLoop::AllEvents, 50);
            std::printf("%d,%.1f,%.1f,%d\n", run, resident_mb(), in_use_mb(), in_memory());
            std::fflush(stdout);
        }
    }
    // Reading the oldest run back, as selecting it does: from the selection to the run in memory.
    if (!window.resultsPanel()->isInMemory(0)) {
        QElapsedTimer reading;
        reading.start();
        window.resultsPanel()->selectRun(0);
        while (!window.resultsPanel()->isInMemory(0) && reading.elapsed() < 60000) QApplication::processEvents(QEventLoop::AllEvents, 5);
        std::printf("# run 1 read back from disk in %lld ms\n", static_cast<long long>(reading.elapsed()));
    }
    return window.resultsPanel()->runCount() == runs ? 0 : 5;
}
