#include "app/cli/thread_option.h"

#include <tbb/global_control.h>

namespace treelab::cli {

void add_threads_option(CLI::App& command, int& threads, const std::string& work) {
    command.add_option("--threads", threads,
                       "most threads the work uses, " + work + " (default: every core); the results are the same for any number")
        ->check(CLI::PositiveNumber);
}

ThreadLimit::ThreadLimit(int threads) {
    if (threads > 0)
        control_ = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                         static_cast<std::size_t>(threads));
}

ThreadLimit::~ThreadLimit() = default;

}  // namespace treelab::cli
