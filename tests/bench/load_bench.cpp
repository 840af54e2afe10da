// TreeLab's CSV load-and-prepare beside pandas' read_csv (C parser), and CART's fit beside
// scikit-learn's DecisionTreeClassifier, on the same files in the same run. Every
// measurement runs in a fresh process, so its peak memory is its own; times are wall-clock.
// Usage: load_bench FILE...            the README's markdown table (files from make_csv_tables.py)
//        load_bench --load FILE        prints: read seconds, prepare seconds, peak RSS MB after reading
//                                      and after preparing, rows, features
//        load_bench --fit FILE DEPTH   prints: fit seconds (DEPTH 0 = unlimited)
#include <chrono>
#include <cstdio>
#include <string>

#include "core/data/csv_reader.h"
#include "core/data/dataset_encoding.h"
#include "core/error.h"
#include "core/learners/cart/cart.h"
#include "tests/bench/bench_process.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

treelab::Dataset prepare(const treelab::Table& table) {
    return treelab::whole_table_dataset(table, "class", treelab::Task::Classification);
}

void load(const std::string& file) {
    auto start = Clock::now();
    const treelab::Table table = treelab::read_csv(file);
    const double read = seconds_since(start);
    const double read_peak = treelab::bench::peak_rss_mb();
    start = Clock::now();
    const treelab::Dataset data = prepare(table);
    const double prepared = seconds_since(start);
    std::printf("%.4f %.4f %.1f %.1f %td %td\n", read, prepared, read_peak, treelab::bench::peak_rss_mb(), data.rows(),
                data.features());
}

void fit(const std::string& file, const std::string& depth) {
    const treelab::Dataset data = prepare(treelab::read_csv(file));
    treelab::ParamValues params(treelab::cart_hyperparameter_table());
    params.set(treelab::cart_hyperparameter_table(), "max_depth", depth);
    const auto start = Clock::now();
    const treelab::TreeModel model = treelab::grow_cart(data, params, 0);
    std::printf("%.4f\n", seconds_since(start));
}

void table(const std::string& self, int files, char** paths) {
    using treelab::bench::child_numbers;
    const std::string peer = std::string("/usr/bin/python3 ") + TREELAB_BENCH_DIR + "/load_peer.py";
    std::printf("| rows | file MB | matrix MB | TreeLab read s | + prepare s | pandas read s | read ratio | "
                "TreeLab read peak MB | × matrix | + prepare peak MB | pandas peak MB | CART depth 1 s | sklearn s | CART full s | sklearn s |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int k = 0; k < files; ++k) {
        const std::string file = paths[k];
        const std::vector<double> ours = child_numbers(self, "--load " + file, 6);
        const std::vector<double> pandas = child_numbers(peer, "read " + file, 2);
        const std::vector<double> depth1 = child_numbers(self, "--fit " + file + " 1", 1);
        const std::vector<double> sk_depth1 = child_numbers(peer, "fit " + file + " 1", 1);
        const std::vector<double> full = child_numbers(self, "--fit " + file + " 0", 1);
        const std::vector<double> sk_full = child_numbers(peer, "fit " + file + " 0", 1);
        const double matrix_mb = ours[4] * ours[5] * 8.0 / 1048576.0;  // the features as doubles
        std::FILE* handle = std::fopen(file.c_str(), "rb");
        std::fseek(handle, 0, SEEK_END);
        const double file_mb = static_cast<double>(std::ftell(handle)) / 1048576.0;
        std::fclose(handle);
        std::printf("| %.0f | %.0f | %.0f | %.3f | %.3f | %.3f | %.2f | %.0f | %.2f | %.0f | %.0f | %.3f | %.3f | %.3f | %.3f |\n",
                    ours[4], file_mb, matrix_mb, ours[0], ours[1], pandas[0], pandas[0] / ours[0], ours[2],
                    ours[2] / matrix_mb, ours[3], pandas[1], depth1[0], sk_depth1[0], full[0], sk_full[0]);
        std::fflush(stdout);
    }
}

}  // namespace

int main(int argc, char** argv) {
    try {
        const std::string mode = argc > 1 ? argv[1] : "";
        if (mode == "--load" && argc == 3) load(argv[2]);
        else if (mode == "--fit" && argc == 4) fit(argv[2], argv[3]);
        else if (argc > 1 && !mode.starts_with("--")) table(argv[0], argc - 1, argv + 1);
        else {
            std::fprintf(stderr, "usage: load_bench FILE... | --load FILE | --fit FILE DEPTH\n");
            return 2;
        }
    } catch (const treelab::Error& error) {
        std::fprintf(stderr, "load_bench: %s\n", error.what());
        return 1;
    }
    return 0;
}
