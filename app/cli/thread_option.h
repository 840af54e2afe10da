#pragma once
// --threads N: the most threads the command's work uses, the cells of a sweep or comparison and the
// work inside each fit together, or reading the data and scoring a saved model (tbb::global_control);
// 0, the default, = every core. Results are the same for any number.
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <tbb/global_control.h>

namespace treelab::cli {

// `work` says what the threads do, e.g. "inside each fit and across cells".
void add_threads_option(CLI::App& command, int& threads, const std::string& work = "inside each fit and across cells");

// Holds the limit while it lives; nothing for 0.
class ThreadLimit {
public:
    explicit ThreadLimit(int threads);
    ~ThreadLimit();
    ThreadLimit(const ThreadLimit&) = delete;
    ThreadLimit& operator=(const ThreadLimit&) = delete;

private:
    std::unique_ptr<tbb::global_control> control_;
};

}  // namespace treelab::cli
