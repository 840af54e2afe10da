// Times TreeLab's random forest (train_random_forest, scikit-learn's defaults, seed 0) on one data
// set with a given number of threads.
// Usage: forest_bench --csv FILE --target NAME [--trees N] [--threads K] [--repeat R]
// Prints one line: "seconds <fastest of R fit times> trees <n> nodes <total nodes>".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>
#include <string>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "core/error.h"
#include "core/forest/random_forest.h"
#include "tests/bench/bench_data.h"

int main(int argc, char** argv) {
    std::string csv, target, trees = "100", threads = "0", repeat = "1";
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        (flag == "--csv"       ? csv
         : flag == "--target"  ? target
         : flag == "--trees"   ? trees
         : flag == "--threads" ? threads
                               : repeat) = argv[i + 1];
    }
    try {
        const treelab::Dataset data = treelab::bench::load_csv_dataset(csv, target);
        treelab::ParamValues params(treelab::forest_params());
        params.set(treelab::forest_params(), "n_estimators", trees);
        const std::size_t max_threads = std::stoul(threads) > 0 ? std::stoul(threads) : tbb::info::default_concurrency();
        const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, max_threads);
        treelab::RandomForest forest;
        double fastest = std::numeric_limits<double>::infinity();
        for (int run = 0; run < std::max(1, std::stoi(repeat)); ++run) {
            const auto start = std::chrono::steady_clock::now();
            forest = treelab::train_random_forest(data, params, 0);
            const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
            fastest = std::min(fastest, seconds.count());
        }
        std::size_t nodes = 0;
        for (const treelab::TreeModel& tree : forest.trees) nodes += tree.nodes.size();
        std::printf("seconds %.4f trees %zu nodes %zu\n", fastest, forest.trees.size(), nodes);
    } catch (const treelab::Error& error) {
        std::fprintf(stderr, "forest_bench: %s\n", error.what());
        return 1;
    }
    return 0;
}
