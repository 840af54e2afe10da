#pragma once
// What a long command reports while it works (--progress, on stderr), and the callbacks that stop
// it at the next report once Ctrl+C or SIGTERM came (interrupt_signal.h).
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

#include "core/training/progress.h"

namespace treelab::cli {

void add_progress_flag(CLI::App& command, bool& print);

// For a training: one line per epoch ("epoch 3 of 200: train loss 0.512") when `print`; false
// (stop) once a signal came.
Progress epoch_progress(bool print);

// For cells (a sweep's rows, a comparison's fits): "row 2 of 12 done" each time one finishes,
// when `print`; false once a signal came.
std::function<bool(int done, int total)> cell_progress(bool print, const std::string& unit);

}  // namespace treelab::cli
