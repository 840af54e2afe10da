// The defaults table: every learner of the registry, run exactly as `treelab-cli train --data F
// --target T --method M` runs it (its default hyperparameters, --scaling auto, split 0.6/0.2/0.2,
// seed s), on every shipped data set, beside CART at its best depth: max_depth in 1..12 and
// unlimited, chosen per seed on the validation split (first best in that order), then scored on the
// test split. TreeLab's CART reproduces scikit-learn's DecisionTreeClassifier/Regressor exactly
// (tests/core/learners/cart), so that column is scikit-learn's best-depth CART on the same splits.
// Score: test accuracy (classification) or R², mean ± sample std over the seeds.
//
// Usage: defaults_bench [--seeds N] [--only NAME,NAME...] [--methods METHOD,METHOD...]
//                       [--skip METHOD:NAME]... [--data-dir DIR] [--param NAME=VALUE]...
//                       [--set FILE:TARGET]... [--threads N]
//        defaults_bench --fit METHOD --set FILE:TARGET [--threads N] [--seed S] [--param NAME=VALUE]...
// --param sets a hyperparameter of every learner column but CART's (for studies of a default;
// combine it with --methods so that it applies to one learner). --set replaces the shipped sets by
// any CSV files (the row's name is the file's stem). --threads caps the threads (tbb::global_control;
// default every core).
// Prints a Markdown table on stdout (a row per data set as soon as it is done); on stderr, as it goes,
// each seed's best-depth CART (score and depth) and every fit's score and training seconds.
//
// --fit: one default fit exactly as `treelab-cli train --data FILE --target TARGET --method METHOD
// --seed S` runs it (reading the file included), then one line on stdout:
//   method=M threads=N wall_s=… train_s=… peak_mb=… test_accuracy=… (or test_r2=…)
// wall_s: reading, preparing and training; peak_mb: the process's peak resident memory
// (getrusage), so run one fit per process (tests/bench/default_fit_bench.sh).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <sys/resource.h>

#include <tbb/global_control.h>

#include "core/learners/learner.h"
#include "core/run/training_run.h"

namespace {

using namespace treelab;

struct Shipped {
    std::string file, target;
    std::string path = {};  // empty: FILE.csv in the data folder
};

// datasets/README.md: file and target column of every shipped data set.
const std::vector<Shipped> kShipped = {
    {"glass", "Type"},       {"iris", "species"},        {"wine", "cultivar"},  {"wdbc", "diagnosis"},
    {"breastcancer", "Class"}, {"housevotes84", "Class"}, {"servo", "Class"},  {"diabetes", "progression"},
    {"letterrecognition", "lettr"},
};

// --set FILE:TARGET: the name is the file's stem; the target is what follows the last colon.
Shipped parse_set(const std::string& text) {
    const std::size_t colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == text.size()) {
        std::cerr << "--set " << text << ": expected FILE:TARGET\n";
        std::exit(2);
    }
    const std::string path = text.substr(0, colon);
    std::string stem = path.substr(path.find_last_of('/') + 1);
    stem = stem.substr(0, stem.rfind('.'));
    return {stem, text.substr(colon + 1), path};
}

double peak_megabytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;  // Linux: kilobytes
}

struct Cell {
    std::vector<double> scores, seconds;
};

double mean(const std::vector<double>& v) {
    double sum = 0.0;
    for (double x : v) sum += x;
    return v.empty() ? NAN : sum / static_cast<double>(v.size());
}

double sample_std(const std::vector<double>& v) {
    if (v.size() < 2) return 0.0;
    const double m = mean(v);
    double sum = 0.0;
    for (double x : v) sum += (x - m) * (x - m);
    return std::sqrt(sum / static_cast<double>(v.size() - 1));
}

std::string fixed(double value, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

std::string signed_fixed(double value) {
    std::string text = fixed(value, 3);
    return value >= 0.0 ? "+" + text : "−" + text.substr(1);  // a typographic minus in the table
}

std::string headline(const Scores& scores) { return scores.count("r2") ? "r2" : "accuracy"; }

RunConfig default_config(const std::string& folder, const Shipped& data, const std::string& method, std::uint32_t seed,
                         const std::vector<std::string>& assignments = {}) {
    RunConfig config;  // everything else at the CLI's defaults: scaling auto, split 0.6/0.2/0.2 stratified
    config.data_file = data.path.empty() ? folder + "/" + data.file + ".csv" : data.path;
    config.target = data.target;
    config.method = method;
    config.params = method_params(method, assignments);
    config.seed = seed;
    return config;
}

}  // namespace

int main(int argc, char** argv) {
    int seeds = 5, threads = 0;
    std::uint32_t fit_seed = 0;
    std::string folder = TREELAB_DATASETS, fit;
    std::set<std::string> only, skip, methods;
    std::vector<std::string> assignments;
    std::vector<Shipped> sets;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i], value = argv[i + 1];
        if (flag == "--seeds") {
            seeds = std::atoi(value.c_str());
        } else if (flag == "--data-dir") {
            folder = value;
        } else if (flag == "--param") {
            assignments.push_back(value);
        } else if (flag == "--set") {
            sets.push_back(parse_set(value));
        } else if (flag == "--threads") {
            threads = std::atoi(value.c_str());
        } else if (flag == "--fit") {
            fit = value;
        } else if (flag == "--seed") {
            fit_seed = static_cast<std::uint32_t>(std::atol(value.c_str()));
        } else if (flag == "--skip") {
            skip.insert(value);
        } else if (flag == "--only" || flag == "--methods") {
            std::stringstream list(value);
            for (std::string name; std::getline(list, name, ',');) (flag == "--only" ? only : methods).insert(name);
        } else {
            std::cerr << "unknown flag " << flag << '\n';
            return 2;
        }
    }

    std::optional<tbb::global_control> limit;
    if (threads > 0) limit.emplace(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    const int used_threads =
        static_cast<int>(tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism));

    if (!fit.empty()) {
        if (sets.size() != 1) {
            std::cerr << "--fit needs one --set FILE:TARGET\n";
            return 2;
        }
        const auto begin = std::chrono::steady_clock::now();
        const RunOutcome run = run_training(default_config(folder, sets.front(), fit, fit_seed, assignments));
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        const std::string metric = headline(run.test_scores);
        std::cout << "method=" << fit << " threads=" << used_threads << " wall_s=" << fixed(wall, 3)
                  << " train_s=" << fixed(run.train_seconds, 3) << " peak_mb=" << fixed(peak_megabytes(), 1) << " test_"
                  << metric << "=" << fixed(run.test_scores.at(metric), 4) << std::endl;
        return 0;
    }

    const auto column = [&](const LearnerInfo& learner) { return methods.empty() || methods.count(learner.name) > 0; };
    std::cout << "| data set | score | best-depth CART (depth per seed) |";
    for (const LearnerInfo& learner : learners())
        if (column(learner)) std::cout << ' ' << learner.name << " defaults | Δ | s/run |";
    std::cout << "\n|---|---|---|";
    for (const LearnerInfo& learner : learners())
        if (column(learner)) std::cout << "---|---|---|";
    std::cout << std::endl;

    for (const Shipped& data : sets.empty() ? kShipped : sets) {
        if (!only.empty() && !only.count(data.file)) continue;
        std::cerr << data.file << ": " << used_threads << " threads\n";
        Cell best;
        std::vector<std::string> depths;
        std::vector<Cell> cells(learners().size());
        std::string metric;
        for (int s = 0; s < seeds; ++s) {
            const auto seed = static_cast<std::uint32_t>(s);
            // CART's best depth on this seed's split: one prepared data set, 13 trees.
            RunConfig cart = default_config(folder, data, "cart", seed);
            const PreparedData prepared = prepare_data(cart);
            double best_valid = -INFINITY, best_test = NAN;
            std::string best_depth;
            for (int depth = 1; depth <= 13; ++depth) {
                const std::string text = depth == 13 ? "0" : std::to_string(depth);
                cart.params = method_params("cart", {"max_depth=" + text});
                const RunOutcome run = run_training(prepared, cart);
                metric = headline(run.test_scores);
                if (run.valid_scores.at(metric) > best_valid) {
                    best_valid = run.valid_scores.at(metric);
                    best_test = run.test_scores.at(metric);
                    best_depth = depth == 13 ? "∞" : text;
                }
            }
            best.scores.push_back(best_test);
            depths.push_back(best_depth);
            // Per seed, so that a learner's per-seed differences from CART (and their spread) can be
            // read off stderr.
            std::cerr << data.file << " seed " << s << " best-depth cart: " << metric << ' ' << fixed(best_test, 3)
                      << " at depth " << best_depth << '\n';

            for (std::size_t l = 0; l < learners().size(); ++l) {
                const LearnerInfo& learner = learners()[l];
                if (!column(learner) || skip.count(learner.name + ":" + data.file)) continue;
                const RunOutcome run = run_training(
                    default_config(folder, data, learner.name, seed, learner.name == "cart" ? std::vector<std::string>{} : assignments));
                cells[l].scores.push_back(run.test_scores.at(metric));
                cells[l].seconds.push_back(run.train_seconds);
                std::cerr << data.file << " seed " << s << ' ' << learner.name << ": " << metric << ' '
                          << fixed(run.test_scores.at(metric), 3) << " in " << fixed(run.train_seconds, 2) << " s\n";
            }
        }
        std::string depth_list;
        for (const std::string& d : depths) depth_list += (depth_list.empty() ? "" : ", ") + d;
        std::cout << "| " << data.file << " | " << (metric == "r2" ? "R²" : "accuracy") << " | "
                  << fixed(mean(best.scores), 3) << " ± " << fixed(sample_std(best.scores), 3) << " (" << depth_list << ") |";
        for (std::size_t l = 0; l < cells.size(); ++l) {
            const Cell& cell = cells[l];
            if (!column(learners()[l])) continue;
            if (cell.scores.empty()) {
                std::cout << " skipped | | |";
                continue;
            }
            std::cout << ' ' << fixed(mean(cell.scores), 3) << " ± " << fixed(sample_std(cell.scores), 3) << " | "
                      << signed_fixed(mean(cell.scores) - mean(best.scores)) << " | " << fixed(mean(cell.seconds), 3) << " |";
        }
        std::cout << std::endl;
    }
    return 0;
}
