// Times a LatentTrees epoch as `treelab-cli train --method latent` runs it, on glass.csv
// (self-supervised, regress RI,Na, batch 8) and letterrecognition.csv (batch 512; 12,000 training
// rows of the default 0.6/0.2/0.2 split), depths 4, 6, 8, 5 rounds (seeds 0..4) × 5 epochs, with one
// thread and with all of them (tbb::global_control). Two figures per configuration:
//   steps: the optimizer steps of an epoch alone (shuffle, batch gather, latent::batch_loss, QHAdam
//          step), as train_minibatch takes them, mean over epochs 2..5 (the first sizes the buffers);
//   epoch: a whole epoch of train_latent (the steps and the per-epoch bookkeeping: pruning solved
//          on the training set, validation loss, train/valid metrics, active nodes), from the
//          time between its epoch reports 1 → 5 (epoch 1 also builds the first live tree, so it
//          is left out), mean over the rounds.
// Peak memory: each configuration runs in a fresh process (this program with --one) and reports
// its max RSS (getrusage). Usage: latent_epoch_bench [--data-dir DIR] [--export DIR]; with --export
// it writes the learner's training/validation inputs and targets of each data set as CSV files for
// tests/bench/latent_reference_epoch.py, and exits. Prints a markdown table on stdout.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "core/data/numpy_random.h"
#include "core/error.h"
#include "core/learners/latent/latent_settings.h"
#include "core/learners/latent/latent_workspace.h"
#include "core/optim/optimizer.h"
#include "core/run/training_run.h"

namespace {

using namespace treelab;
using Clock = std::chrono::steady_clock;

struct BenchData {
    std::string name, file, target;
    std::vector<std::string> params;
};

const std::vector<BenchData> kData = {
    {"glass", "glass.csv", "Type", {"task=self_supervised", "regress=RI,Na", "batch_size=8"}},
    {"letter", "letterrecognition.csv", "lettr", {"batch_size=512"}},
};
constexpr int kRounds = 5, kEpochs = 5;

RunConfig config_for(const std::string& folder, const BenchData& data, int depth, std::uint32_t seed) {
    RunConfig config;
    config.data_file = folder + "/" + data.file;
    config.target = data.target;
    config.method = "latent";
    std::vector<std::string> params = data.params;
    params.push_back("depth=" + std::to_string(depth));
    params.push_back("epochs=" + std::to_string(kEpochs));
    params.push_back("patience=0");
    config.params = method_params("latent", params);
    config.seed = seed;
    return config;
}

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Mean seconds of an epoch of steps alone (epochs 2..5), the minibatch loop's steps without its bookkeeping.
double time_steps(const PreparedData& prepared, const RunConfig& config) {
    const latent::Settings settings = latent::resolve_settings(config.params, prepared.train);
    const Eigen::MatrixXd X = latent::model_inputs(settings, prepared.train);
    const Eigen::MatrixXd Y = latent::model_targets(settings, prepared.train);
    const Eigen::Index batch = std::min<Eigen::Index>(settings.training.batch_size, X.rows());
    Eigen::VectorXd parameters = latent::initial_parameters(settings.spec, config.seed);
    Eigen::VectorXd gradient(parameters.size());
    const std::unique_ptr<Optimizer> optimizer =
        make_optimizer(settings.training.optimizer, single_group(parameters.size(), settings.training.learning_rate));
    latent::Workspace workspace;
    Eigen::MatrixXd batch_X(batch, X.cols()), batch_Y(batch, Y.cols());
    RowIndices order(static_cast<std::size_t>(X.rows()));
    std::iota(order.begin(), order.end(), Eigen::Index{0});
    NumpyRandom random(config.seed);
    Clock::time_point start;
    for (int epoch = 0; epoch < kEpochs; ++epoch) {
        if (epoch == 1) start = Clock::now();
        random.shuffle(order);
        for (std::size_t first = 0; first < order.size(); first += static_cast<std::size_t>(batch)) {
            const auto count = static_cast<Eigen::Index>(std::min(order.size() - first, static_cast<std::size_t>(batch)));
            for (Eigen::Index k = 0; k < count; ++k) {
                batch_X.row(k) = X.row(order[first + static_cast<std::size_t>(k)]);
                batch_Y.row(k) = Y.row(order[first + static_cast<std::size_t>(k)]);
            }
            latent::batch_loss(settings.spec, parameters, batch_X.topRows(count), batch_Y.topRows(count), &gradient, workspace);
            optimizer->step(parameters, gradient);
        }
    }
    return seconds_since(start) / (kEpochs - 1);
}

// Mean seconds of a whole epoch of train_latent, epochs 2..5.
double time_epochs(const PreparedData& prepared, const RunConfig& config) {
    std::vector<Clock::time_point> reports;
    const Progress progress = [&](const EpochReport& report) {
        if (!report.heartbeat) reports.push_back(Clock::now());
        return true;
    };
    find_learner("latent").train(TrainInput{prepared.train, &prepared.valid, config.params, config.seed}, progress);
    if (reports.size() != kEpochs) throw Error("the run stopped before its last epoch");
    return std::chrono::duration<double>(reports.back() - reports.front()).count() / (kEpochs - 1);
}

// One configuration in this process: "steps_ms epoch_ms max_rss_mb".
int run_one(const std::string& folder, const BenchData& data, int depth, int threads) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    double steps = 0.0, epoch = 0.0;
    for (int round = 0; round < kRounds; ++round) {
        const RunConfig config = config_for(folder, data, depth, static_cast<std::uint32_t>(round));
        const PreparedData prepared = prepare_data(config);
        steps += time_steps(prepared, config);
        epoch += time_epochs(prepared, config);
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("%.3f %.3f %.1f\n", 1e3 * steps / kRounds, 1e3 * epoch / kRounds, static_cast<double>(usage.ru_maxrss) / 1024.0);
    return 0;
}

void write_csv(const std::string& file, const Eigen::MatrixXd& m) {
    std::ofstream out(file);
    out.precision(17);
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) out << m(i, j) << (j + 1 < m.cols() ? ',' : '\n');
}

// The learner's view of each data set (seed 0's split), for the reference timing script.
int export_data(const std::string& folder, const std::string& out) {
    for (const BenchData& data : kData) {
        const RunConfig config = config_for(folder, data, 4, 0);
        const PreparedData prepared = prepare_data(config);
        const latent::Settings settings = latent::resolve_settings(config.params, prepared.train);
        write_csv(out + "/" + data.name + "_train_x.csv", latent::model_inputs(settings, prepared.train));
        write_csv(out + "/" + data.name + "_train_y.csv", latent::model_targets(settings, prepared.train));
        write_csv(out + "/" + data.name + "_valid_x.csv", latent::model_inputs(settings, prepared.valid));
        write_csv(out + "/" + data.name + "_valid_y.csv", latent::model_targets(settings, prepared.valid));
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::string folder = TREELAB_DATASETS;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--data-dir") folder = argv[i + 1];
        if (flag == "--export") return export_data(folder, argv[i + 1]);
        if (flag == "--one" && i + 3 < argc)
            for (const BenchData& data : kData)
                if (data.name == argv[i + 1]) return run_one(folder, data, std::atoi(argv[i + 2]), std::atoi(argv[i + 3]));
    }
    const int all = tbb::info::default_concurrency();
    std::printf("| data | depth | threads | steps ms/epoch | whole epoch ms | peak RSS MB |\n|---|---:|---:|---:|---:|---:|\n");
    for (const BenchData& data : kData)
        for (int depth : {4, 6, 8})
            for (int threads : {1, all}) {
                const std::string command = std::string(argv[0]) + " --data-dir '" + folder + "' --one " + data.name + ' ' +
                                            std::to_string(depth) + ' ' + std::to_string(threads);
                FILE* child = popen(command.c_str(), "r");
                double steps = 0.0, epoch = 0.0, rss = 0.0;
                const bool ok = child && std::fscanf(child, "%lf %lf %lf", &steps, &epoch, &rss) == 3;
                if (child) pclose(child);
                if (!ok) {
                    std::cerr << "failed: " << command << '\n';
                    return 1;
                }
                std::printf("| %s | %d | %d | %.2f | %.2f | %.0f |\n", data.name.c_str(), depth, threads, steps, epoch, rss);
                std::fflush(stdout);
                if (all == 1) break;  // one thread is all there is
            }
    return 0;
}
