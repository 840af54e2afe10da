// Times TreeLab's CART fit (grow_cart, Gini, random_state 0) on one data set, single-threaded.
// Usage: cart_bench (--csv FILE --target NAME | --bin FILE) [--max-depth D] [--repeat R]
// Prints one line: "seconds <fastest of R fit times> leaves <n> nodes <n>".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>
#include <string>

#include "core/error.h"
#include "core/learners/cart/cart.h"
#include "tests/bench/bench_data.h"

int main(int argc, char** argv) {
    std::string csv, bin, target, depth = "0", repeat = "1";
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        (flag == "--csv"      ? csv
         : flag == "--bin"    ? bin
         : flag == "--target" ? target
         : flag == "--repeat" ? repeat
                              : depth) = argv[i + 1];
    }
    try {
        const treelab::Dataset data =
            bin.empty() ? treelab::bench::load_csv_dataset(csv, target) : treelab::bench::load_binary_dataset(bin);
        treelab::ParamValues params(treelab::cart_hyperparameter_table());
        params.set(treelab::cart_hyperparameter_table(), "max_depth", depth);
        treelab::TreeModel model;
        double fastest = std::numeric_limits<double>::infinity();
        for (int run = 0; run < std::max(1, std::stoi(repeat)); ++run) {
            const auto start = std::chrono::steady_clock::now();
            model = treelab::grow_cart(data, params, 0);
            const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
            fastest = std::min(fastest, seconds.count());
        }
        int leaves = 0;
        for (const treelab::TreeNode& node : model.nodes) leaves += node.is_split() ? 0 : 1;
        std::printf("seconds %.4f leaves %d nodes %zu\n", fastest, leaves, model.nodes.size());
    } catch (const treelab::Error& error) {
        std::fprintf(stderr, "cart_bench: %s\n", error.what());
        return 1;
    }
    return 0;
}
