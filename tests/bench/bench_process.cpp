#include "tests/bench/bench_process.h"

#include <sys/resource.h>
#include <time.h>

#include <cstdio>

#include "core/error.h"

namespace treelab::bench {

double thread_cpu_seconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

double peak_rss_mb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

std::vector<double> child_numbers(const std::string& self, const std::string& arguments, int count) {
    const std::string command = self + ' ' + arguments;
    FILE* pipe = popen(command.c_str(), "r");
    std::vector<double> values(static_cast<std::size_t>(count));
    int read = 0;
    while (pipe && read < count && std::fscanf(pipe, "%lf", &values[static_cast<std::size_t>(read)]) == 1) ++read;
    if (pipe) pclose(pipe);
    if (read != count) throw Error("failed: " + command);
    return values;
}

}  // namespace treelab::bench
