// GET's speed and memory beside the authors' code (resources/doc/benchmarks.md), one CPU thread:
//   epochs: a whole full-batch epoch of train_get (the AdamW step on the soft objective and its
//           gradient, the hard tree scored on the training rows, the metrics), as the thread's CPU
//           time between its epoch reports 2 → last (epoch 1 also builds the first live tree; CPU
//           time, since the 2-core machine is shared and wall time counts other jobs), mean over seeds,
//           on diabetes.csv (progression) and letterrecognition.csv (x.box on the 15 other numeric
//           columns, lettr dropped), both split 75/25 as the paper does (004 App. F.1): 332 and
//           15,000 training rows; depths 4, 8, 12;
//   fit:    the authors' default fit (preset=paper at the code's depth 4: 10 starts × 2 stages ×
//           3000 epochs) on diabetes, and TreeLab's default (no --param: depth=auto's search, then
//           the refit), the learner's wall time and the test R², seeds 0..2;
//   letter: TreeLab's default fit on letterrecognition.csv (lettr, 26 classes) as `treelab-cli
//           train --data datasets/letterrecognition.csv --target lettr --method get` runs it (split
//           0.6/0.2/0.2, seed 0: 12,000 training rows), on 1 and on 2 threads: wall seconds
//           (loading included), test accuracy.
// Peak memory: every configuration runs in a fresh process (this program with --one) and reports
// its max RSS (getrusage). Usage: get_bench [--data-dir DIR] [epochs|fit|letter]; markdown on stdout
// (no argument: epochs and fit).

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include <tbb/global_control.h>

#include "core/error.h"
#include "core/run/training_run.h"
#include "tests/bench/bench_process.h"

namespace {

using namespace treelab;


struct BenchData {
    std::string name, file, target;
    std::vector<std::string> drop;
    double rows;  // training rows
};

const std::vector<BenchData> kData = {
    {"diabetes", "diabetes.csv", "progression", {}, 332},
    {"letter", "letterrecognition.csv", "x.box", {"lettr"}, 15000},
};

// The authors' code, one full-batch epoch in ms, as timed on this kind of machine
// (maoqiangqiang/GET at commit 1a85812, PyTorch on one CPU thread; 0 = out of memory past 17 GiB).
double reference_ms(const std::string& data, int depth) {
    if (data == "diabetes") return depth == 4 ? 1.37 : depth == 8 ? 10.4 : 608.0;
    return depth == 4 ? 26.8 : depth == 8 ? 1610.0 : 0.0;
}

RunConfig config_for(const std::string& folder, const BenchData& data, std::vector<std::string> params, std::uint32_t seed) {
    RunConfig config;
    config.data_file = folder + "/" + data.file;
    config.target = data.target;
    config.task = Task::Regression;
    config.drop_columns = data.drop;
    config.method = "get";
    config.params = method_params("get", params);
    config.seed = seed;
    config.split = SplitFractions{0.75, 0.0, 0.25};
    return config;
}


// One epoch configuration in this process: "epoch_ms max_rss_mb".
int run_epochs(const std::string& folder, const BenchData& data, int depth) {
    const int epochs = depth == 12 && data.name == "letter" ? 3 : 6, seeds = data.name == "letter" && depth >= 8 ? 1 : 3;
    double total = 0.0;
    for (int seed = 0; seed < seeds; ++seed) {
        const RunConfig config = config_for(
            folder, data, {"depth=" + std::to_string(depth), "starts=1", "schedule=10:" + std::to_string(epochs)}, static_cast<std::uint32_t>(seed));
        const PreparedData prepared = prepare_data(config);
        std::vector<double> reports;
        const Progress progress = [&](const EpochReport& report) {
            if (!report.heartbeat) reports.push_back(bench::thread_cpu_seconds());
            return true;
        };
        find_learner("get").train(TrainInput{prepared.train, nullptr, config.params, config.seed}, progress);
        if (static_cast<int>(reports.size()) != epochs) throw Error("the run stopped before its last epoch");
        total += (reports.back() - reports.front()) / (epochs - 1);
    }
    std::printf("%.4f %.1f\n", 1e3 * total / seeds, bench::peak_rss_mb());
    return 0;
}

// A fit with these hyperparameters in this process: "seconds r2 max_rss_mb", means over seeds 0..2.
int run_fit(const std::string& folder, const std::vector<std::string>& params) {
    constexpr int kSeeds = 3;
    double seconds = 0.0, r2 = 0.0;
    for (int seed = 0; seed < kSeeds; ++seed) {
        const RunOutcome outcome = run_training(config_for(folder, kData[0], params, static_cast<std::uint32_t>(seed)));
        seconds += outcome.train_seconds;
        r2 += outcome.test_scores.at("r2");
    }
    std::printf("%.3f %.4f %.1f\n", seconds / kSeeds, r2 / kSeeds, bench::peak_rss_mb());
    return 0;
}

// The letter default fit in this process on `threads` threads: "wall_seconds accuracy max_rss_mb".
int run_letter(const std::string& folder, int threads) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    RunConfig config;
    config.data_file = folder + "/letterrecognition.csv";
    config.target = "lettr";
    config.method = "get";
    config.params = method_params("get", {});
    const auto started = std::chrono::steady_clock::now();
    const RunOutcome outcome = run_training(config);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("%.2f %.4f %.1f\n", wall, outcome.test_scores.at("accuracy"), bench::peak_rss_mb());
    return 0;
}

}  // namespace

int main(int argc, char** argv) try {
    std::string folder = TREELAB_DATASETS, only;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--data-dir" && i + 1 < argc) {
            folder = argv[++i];
        } else if (flag == "--one-fit") {  // the code's depth 4
            return run_fit(folder, {"preset=paper", "depth=4"});
        } else if (flag == "--one-letter" && i + 1 < argc) {
            return run_letter(folder, std::atoi(argv[i + 1]));
        } else if (flag == "--one-default-fit") {
            return run_fit(folder, {});
        } else if (flag == "--one" && i + 2 < argc) {
            for (const BenchData& data : kData)
                if (data.name == argv[i + 1]) return run_epochs(folder, data, std::atoi(argv[i + 2]));
            return 2;
        } else {
            only = flag;
        }
    }
    const std::string self = std::string(argv[0]) + " --data-dir '" + folder + "'";
    if (only.empty() || only == "epochs") {
        std::printf("| data | training rows | depth | epoch ms | authors' code ms | code / ours | peak RSS MB |\n"
                    "|---|---:|---:|---:|---:|---:|---:|\n");
        for (const BenchData& data : kData)
            for (int depth : {4, 8, 12}) {
                const std::vector<double> v = bench::child_numbers(self, "--one " + data.name + ' ' + std::to_string(depth), 2);
                const double reference = reference_ms(data.name, depth);
                char code[48] = "out of memory (> 17 GiB)", ratio[16] = "–";
                if (reference > 0) {
                    std::snprintf(code, sizeof code, "%.2f", reference);
                    std::snprintf(ratio, sizeof ratio, "%.0f×", reference / v[0]);
                }
                std::printf("| %s | %.0f | %d | %.3f | %s | %s | %.0f |\n", data.name.c_str(), data.rows, depth, v[0], code, ratio, v[1]);
                std::fflush(stdout);
            }
    }
    if (only.empty() || only == "fit") {
        const std::vector<double> v = bench::child_numbers(self, "--one-fit", 3), d = bench::child_numbers(self, "--one-default-fit", 3);
        std::printf("\n| default fit on diabetes | learner s (mean, seeds 0..2) | authors' code s | test R² | peak RSS MB |\n"
                    "|---|---:|---:|---:|---:|\n| depth 4, 10 starts × 2 × 3000 epochs | %.2f | ~100 | %.3f | %.0f |\n"
                    "| TreeLab's default (depth=auto: search, then refit) | %.2f | – | %.3f | %.0f |\n",
                    v[0], v[1], v[2], d[0], d[1], d[2]);
    }
    if (only == "letter") {
        std::printf("| TreeLab's default on letter | threads | wall s | test accuracy | peak RSS MB |\n|---|---:|---:|---:|---:|\n");
        for (const int threads : {1, 2}) {
            const std::vector<double> v = bench::child_numbers(self, "--one-letter " + std::to_string(threads), 3);
            std::printf("| search, then refit | %d | %.1f | %.4f | %.0f |\n", threads, v[0], v[1], v[2]);
            std::fflush(stdout);
        }
    }
    return 0;
} catch (const std::exception& error) {
    std::cerr << error.what() << '\n';
    return 1;
}
