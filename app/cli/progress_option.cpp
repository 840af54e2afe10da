#include "app/cli/progress_option.h"

#include <iostream>
#include <memory>

#include "app/cli/interrupt_signal.h"

namespace treelab::cli {

void add_progress_flag(CLI::App& command, bool& print) {
    command.add_flag("--progress", print,
                     "report the work as it goes on stderr (an epoch, or a finished row, per line); Ctrl+C stops at the next "
                     "report and writes what is finished");
}

Progress epoch_progress(bool print) {
    if (!print) return [](const EpochReport&) { return !InterruptSignal::requested(); };
    return [](const EpochReport& report) {
        if (!report.heartbeat) {
            std::cerr << "epoch " << report.epoch;
            if (report.total > 0) std::cerr << " of " << report.total;
            if (report.starts > 1) std::cerr << " (start " << report.start + 1 << " of " << report.starts << ")";
            std::cerr << ": train loss " << report.train_loss << std::endl;
        }
        return !InterruptSignal::requested();
    };
}

std::function<bool(int, int)> cell_progress(bool print, const std::string& unit) {
    if (!print) return [](int, int) { return !InterruptSignal::requested(); };
    // The callback is also asked during every training; a line only when the count moves.
    auto reported = std::make_shared<int>(0);
    return [reported, unit](int done, int total) {
        if (done != *reported) {
            *reported = done;
            std::cerr << unit << ' ' << done << " of " << total << " done" << std::endl;
        }
        return !InterruptSignal::requested();
    };
}

}  // namespace treelab::cli
