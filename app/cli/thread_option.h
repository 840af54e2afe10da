#pragma once
// --threads N: the most threads the command's work uses, the cells of a sweep or comparison and the
// work inside each fit together (tbb::global_control); 0, the default, = every core. Results are
// the same for any number.
#include <memory>

#include <CLI/CLI.hpp>
#include <tbb/global_control.h>

namespace treelab::cli {

void add_threads_option(CLI::App& command, int& threads);

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
