// GradTree speed, two tables (markdown on stdout):
//   fits:   the paper's default setting (App. B.2: preset=paper) fitted with the paper protocol
//           (001 §4.1, App. D: split seeds 42..51, model seed 42, LOO with missing values as a level,
//           noisy quantile fit, SMOTE; tests/tools/gradtree_paper_tables.py runs the same)
//           on Iris, Wine, WDBC, Glass and Congressional Voting, wall time of the learner per fit (all
//           restarts and the pruning, as App. B.5 times them) beside the paper's GPU + XLA times;
//   epochs: a whole epoch of train_gradtree (the steps, the validation loss, both metrics) at
//           depths 4, 6, 8, 10 on wdbc.csv (all 30 features, 341 training rows) and
//           letterrecognition.csv (12,000 training rows, 26 classes), from the time between its
//           epoch reports 2 → 6 (epoch 1 also builds the first live tree), mean over 3 seeds; peak
//           memory (max RSS) of each configuration in a fresh process (this program with --one).
// One thread throughout: GradTree's learner runs on the calling thread.
// Usage: gradtree_bench [--data-dir DIR] [fits|epochs]  (both tables without an argument)
#include <sys/resource.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/run/training_run.h"

namespace {

using namespace treelab;
using Clock = std::chrono::steady_clock;

struct BenchData {
    std::string name, file, target;
    std::vector<std::string> drop;
    double paper_seconds = 0.0;  // 001 App. B.5 (GPU with XLA, per fit)
};

// The GradTree code's loader (utilities_GDT.py; 001 Table 16): Wine without its last column (the loader's 12 features), WDBC
// with its 10 "mean" features only.
std::vector<std::string> wdbc_error_and_worst_columns() {
    std::vector<std::string> columns;
    for (const char* kind : {"error", "worst"})
        for (const char* feature : {"radius", "texture", "perimeter", "area", "smoothness", "compactness", "concavity", "concave_points",
                                    "symmetry", "fractal_dimension"})
            columns.push_back(std::string(kind) == "error" ? std::string(feature) + "_error" : std::string("worst_") + feature);
    return columns;
}

std::vector<BenchData> paper_data() {
    return {{"Iris", "iris.csv", "species", {}, 7.25},
            {"Wine", "wine.csv", "cultivar", {"proline"}, 30.10},
            {"WDBC", "wdbc.csv", "diagnosis", wdbc_error_and_worst_columns(), 29.25},
            {"Glass", "glass.csv", "Type", {}, 30.14},
            {"Congressional Voting", "housevotes84.csv", "Class", {}, 32.94}};
}

RunConfig protocol_config(const std::string& folder, const BenchData& data, std::uint32_t split_seed) {
    RunConfig config;
    config.data_file = folder + "/" + data.file;
    config.target = data.target;
    config.drop_columns = data.drop;
    config.method = "gradtree";
    config.params = method_params("gradtree", {"preset=paper"});
    config.seed = 42;
    config.split_seed = split_seed;
    config.split_mode = SplitMode::GradTree;
    config.scaling = Scaling::QuantileNormal;
    config.quantile_fit_noise = true;
    config.categorical_encoding = CategoricalEncoding::LeaveOneOut;
    config.missing_as_level = true;  // Congressional Voting's '?' votes, as the paper's loader reads them
    config.smote = true;
    return config;
}

int fits(const std::string& folder) {
    std::printf("| data | fit s, mean (min–max) over seeds 42..51 | paper s (App. B.5, GPU) | paper / ours | epochs per fit |\n"
                "|---|---:|---:|---:|---:|\n");
    for (const BenchData& data : paper_data()) {
        double total = 0.0, lowest = 1e300, highest = 0.0, epochs = 0.0;
        for (std::uint32_t seed = 42; seed <= 51; ++seed) {
            const RunOutcome outcome = run_training(protocol_config(folder, data, seed));
            total += outcome.train_seconds;
            lowest = std::min(lowest, outcome.train_seconds);
            highest = std::max(highest, outcome.train_seconds);
            epochs += static_cast<double>(outcome.history.size());
        }
        const double mean = total / 10.0;
        std::printf("| %s | %.2f (%.2f–%.2f) | %.2f | %.0f× | %.0f |\n", data.name.c_str(), mean, lowest, highest, data.paper_seconds,
                    data.paper_seconds / mean, epochs / 10.0);
        std::fflush(stdout);
    }
    return 0;
}

constexpr int kEpochs = 6, kSeeds = 3;

// Mean ms of a whole epoch (epochs 2..6) over kSeeds seeds, and the peak RSS, in this process.
int run_one(const std::string& folder, const std::string& name, int depth) {
    const bool letter = name == "letter";
    double total = 0.0;
    for (std::uint32_t seed = 0; seed < kSeeds; ++seed) {
        RunConfig config;
        config.data_file = folder + (letter ? "/letterrecognition.csv" : "/wdbc.csv");
        config.target = letter ? "lettr" : "diagnosis";
        config.method = "gradtree";
        config.params = method_params("gradtree", {"preset=paper", "depth=" + std::to_string(depth), "epochs=" + std::to_string(kEpochs),
                                                   "patience=0", "restarts=0"});
        config.seed = seed;
        std::vector<Clock::time_point> reports;
        const Progress progress = [&](const EpochReport& report) {
            if (!report.heartbeat) reports.push_back(Clock::now());
            return true;
        };
        run_training(config, progress);
        if (reports.size() != kEpochs) throw Error("the run stopped before its last epoch");
        total += std::chrono::duration<double>(reports.back() - reports[1]).count() / (kEpochs - 2);
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("%.3f %.1f\n", 1e3 * total / kSeeds, static_cast<double>(usage.ru_maxrss) / 1024.0);
    return 0;
}

int epochs(const std::string& self, const std::string& folder) {
    std::printf("| data | depth | whole epoch ms | peak RSS MB |\n|---|---:|---:|---:|\n");
    for (const char* name : {"wdbc", "letter"})
        for (int depth : {4, 6, 8, 10}) {
            const std::string command = self + " --data-dir '" + folder + "' --one " + name + ' ' + std::to_string(depth);
            FILE* child = popen(command.c_str(), "r");
            double epoch = 0.0, rss = 0.0;
            const bool ok = child && std::fscanf(child, "%lf %lf", &epoch, &rss) == 2;
            if (child) pclose(child);
            if (!ok) {
                std::cerr << "failed: " << command << '\n';
                return 1;
            }
            std::printf("| %s | %d | %.2f | %.0f |\n", name, depth, epoch, rss);
            std::fflush(stdout);
        }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::string folder = TREELAB_DATASETS, table;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--data-dir" && i + 1 < argc) folder = argv[++i];
        else if (flag == "--one" && i + 2 < argc) return run_one(folder, argv[i + 1], std::atoi(argv[i + 2]));
        else table = flag;
    }
    if (table.empty() || table == "fits") fits(folder);
    if (table.empty()) std::printf("\n");
    if (table.empty() || table == "epochs") return epochs(argv[0], folder);
    return 0;
}
