#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <filesystem>
#include <iostream>
#include <memory>

#include "app/cli/commands.h"
#include "app/cli/comparison_report.h"
#include "app/cli/interrupt_signal.h"
#include "app/cli/progress_option.h"
#include "app/cli/shard_option.h"
#include "app/cli/thread_option.h"
#include "core/compare/comparison.h"
#include "core/compare/comparison_csv.h"
#include "core/error.h"
#include "core/io/atomic_file.h"
#include "core/run/evaluation.h"

#ifdef TREELAB_DRAW
#include "app/cli/offscreen_application.h"
#include "app/render/critical_difference_figure.h"
#include "app/render/figure_file.h"
#include "core/compare/comparison_summary.h"
#endif

namespace treelab::cli {
namespace {

// Forest settings for --quick: a tenth of scikit-learn's default 100 trees.
const std::vector<std::string> kQuickForest = {"n_estimators=10"};

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> items;
    std::size_t start = 0;
    for (std::size_t comma; (comma = text.find(',', start)) != std::string::npos; start = comma + 1)
        items.push_back(text.substr(start, comma - start));
    items.push_back(text.substr(start));
    return items;
}

// "a.csv:target,b.csv:target" (or "F" with --target T) -> one RunConfig per data set.
std::vector<RunConfig> parse_data_sets(const std::string& data, const std::string& target) {
    std::vector<RunConfig> data_sets;
    for (const std::string& item : split_list(data)) {
        RunConfig config;
        const std::size_t colon = item.rfind(':');
        if (colon != std::string::npos && colon + 1 < item.size() && !std::filesystem::exists(item)) {
            config.data_file = item.substr(0, colon);
            config.target = item.substr(colon + 1);
        } else {
            config.data_file = colon + 1 == item.size() ? item.substr(0, colon) : item;
            config.target = target;
        }
        if (config.data_file.empty()) throw ParamError("--data '" + data + "' has an empty file name");
        if (config.target.empty())
            throw ParamError("--data: the data set '" + config.data_file.string() +
                             "' has no target; write FILE:TARGET (e.g. glass.csv:Type) or give --target");
        data_sets.push_back(std::move(config));
    }
    return data_sets;
}

// --methods with each method's --set METHOD.PARAM=VALUE (after its quick_params with --quick).
std::vector<Contender> parse_contenders(const std::string& methods, const std::vector<std::string>& settings, bool quick) {
    const std::vector<std::string> names = split_list(methods);
    std::vector<std::vector<std::string>> assignments(names.size());
    for (std::size_t m = 0; m < names.size(); ++m) {
        if (std::count(names.begin(), names.end(), names[m]) > 1)
            throw ParamError("--methods lists '" + names[m] + "' twice; compare two settings of a method in two runs");
        if (quick) assignments[m] = names[m] == forest_method ? kQuickForest : find_learner(names[m]).quick_params;
    }
    for (const std::string& setting : settings) {
        const std::size_t dot = setting.find('.');
        const auto found = dot == std::string::npos ? names.end() : std::find(names.begin(), names.end(), setting.substr(0, dot));
        if (found == names.end())
            throw ParamError("--set '" + setting + "' must be METHOD.PARAM=VALUE with METHOD one of --methods (" + methods + ")");
        assignments[static_cast<std::size_t>(found - names.begin())].push_back(setting.substr(dot + 1));
    }
    std::vector<Contender> contenders;
    for (std::size_t m = 0; m < names.size(); ++m) contenders.push_back(make_contender(names[m], assignments[m]));
    return contenders;
}

std::size_t reference_index(const std::vector<Contender>& contenders, const std::string& reference, bool given) {
    for (std::size_t c = 0; c < contenders.size(); ++c)
        if (contenders[c].method == reference) return c;
    if (given) throw ParamError("--reference '" + reference + "' is not among --methods");
    return 0;  // the default (cart) not compared: the first method
}

#ifdef TREELAB_DRAW
// --figure: the critical-difference diagram of a comparison over several data sets (Demšar 2006).
void add_figure_option(CLI::App* command, std::string& figure) {
    command->add_option("--figure", figure,
                        "critical-difference diagram of the mean ranks over the data sets (Demšar 2006): .svg, .pdf or .png")
        ->check([](const std::string& file) {
            return is_figure_file(QString::fromStdString(file)) ? std::string() : "the figure must end in .svg, .pdf or .png: " + file;
        });
}

void save_critical_difference_figure(const ComparisonResult& result, const std::string& file) {
    if (result.data_set_names.size() < 2)
        throw ParamError("--figure draws the ranks over several data sets; this comparison has one");
    const RankComparison ranks = rank_comparison(result, "");
    std::string note = "Ranked on " + (ranks.score.empty() ? std::string("accuracy (classification) and R² (regression)") : score_label(ranks.score)) +
                       ", " + resampling_text(result.config.resampling) + ".";
    if (!std::isnan(ranks.friedman.p_value)) {
        std::ostringstream friedman;
        friedman << std::setprecision(3) << " Friedman χ² = " << ranks.friedman.statistic << ", p = " << ranks.friedman.p_value << ".";
        note += friedman.str();
    }
    const auto application = offscreen_application();
    save_figure(critical_difference_figure(result.contender_labels, ranks.mean_ranks, static_cast<int>(result.data_set_names.size()), 0.05, note),
                QString::fromStdString(file), {});
    std::cout << "wrote the critical-difference diagram to " << file << '\n';
}
#endif

}  // namespace

void add_compare_command(CLI::App& app) {
    struct Options {
        std::string data, target, methods = "cart,latent,gradtree,get,dgt", cv = "10", out, shard, reference = "cart", figure;
        std::vector<std::string> settings;
        std::uint32_t seed = 0;
        int jobs = 0;
        int threads = 0;  // --threads; 0 = every core
        bool progress = false;
        bool quick = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand("compare", "every method on the same cross-validation folds of one or more data sets");
    command->add_option("--data", options->data,
                        "data set(s): FILE (with --target) or FILE:TARGET, several separated by commas "
                        "(a.csv:Type,b.csv:class)")
        ->required();
    command->add_option("--target", options->target, "target column (name or 1-based index) of a FILE given without :TARGET");
    command->add_option("--methods", options->methods,
                        "methods compared, separated by commas: cart, latent, gradtree, get, dgt and forest (the random "
                        "forest reference)")
        ->capture_default_str();
    command->add_option("--set", options->settings, "METHOD.PARAM=VALUE: a hyperparameter of one method (repeatable)");
    command->add_flag("--quick", options->quick,
                      "each learner's quick settings (few epochs, a shallow tree; the forest 10 trees) before --set: a smoke run");
    command->add_option("--cv", options->cv, "resampling: K (K-fold), KxR (K-fold repeated R times), loo or holdout")
        ->capture_default_str();
    command->add_option("--seed", options->seed, "seed of the folds and of every method")->capture_default_str();
    command->add_option("--jobs", options->jobs, "cells trained at once (default: one per core); the results are the same for any number")
        ->check(CLI::PositiveNumber);
    add_threads_option(*command, options->threads);
    add_progress_flag(*command, options->progress);
    command->add_option("--reference", options->reference, "the method the paired tests compare against")->capture_default_str();
    command->add_option("--out", options->out, "CSV file: one row per method × fold × data set (with --shard: the part file)")
        ->required();
    command->add_option("--shard", options->shard,
                        "K/N: only the cells i = K (mod N) (K from 0), written to --out as a part file for merge-compare");
#ifdef TREELAB_DRAW
    add_figure_option(command, options->figure);
#endif
    command->callback([options, command] {
        const InterruptSignal interrupt;
        const ThreadLimit limit(options->threads);
        ComparisonConfig config;
        config.data_sets = parse_data_sets(options->data, options->target);
        if (!options->figure.empty() && config.data_sets.size() < 2)
            throw ParamError("--figure draws the mean ranks over several data sets; --data names one");
        config.contenders = parse_contenders(options->methods, options->settings, options->quick);
        config.reference = reference_index(config.contenders, options->reference, command->count("--reference") > 0);
        config.resampling = parse_resampling(options->cv);
        config.seed = options->seed;
        config.jobs = options->jobs;
        if (!options->shard.empty()) std::tie(config.shard, config.shards) = parse_shard(options->shard);
        check_writable_destination(options->out);
        const ComparisonResult result = run_comparison(config, cell_progress(options->progress, "fit"));
        const auto interrupted = [&] {
            const std::size_t cells = result.cells.size();
            return Interrupted("the comparison stopped; wrote its " + std::to_string(cells) + " finished " +
                               (cells == 1 ? "cell" : "cells") + " to " + options->out);
        };
        if (!options->shard.empty()) {
            write_file_atomically(options->out, comparison_part_text(result, comparison_cells(result)));
            std::cout << "wrote " << result.cells.size() << " cells of shard " << options->shard << " to " << options->out << '\n';
            if (InterruptSignal::requested()) throw interrupted();
            return;
        }
        write_file_atomically(options->out, comparison_to_csv(result));
        print_comparison(std::cout, result);
        std::cout << "\nwrote " << result.cells.size() << " cells to " << options->out << '\n';
        // An interrupted comparison's ranks would be over the cells that happened to finish.
        if (InterruptSignal::requested()) throw interrupted();
#ifdef TREELAB_DRAW
        if (!options->figure.empty()) save_critical_difference_figure(result, options->figure);
#endif
    });
}

void add_merge_compare_command(CLI::App& app) {
    struct Options {
        std::vector<std::string> files;
        std::string out, reference = "cart", figure;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "merge-compare", "put the part files of a sharded comparison together, or comparisons of other data sets into one");
    command->add_option("files", options->files,
                        "part files written by compare --shard K/N, or comparison CSVs of the same methods on other data sets")
        ->required();
    command->add_option("--out", options->out, "the comparison's CSV file, as one `compare` writes it")->required();
    command->add_option("--reference", options->reference, "the method the paired tests compare against")->capture_default_str();
#ifdef TREELAB_DRAW
    add_figure_option(command, options->figure);
#endif
    command->callback([options] {
        check_writable_destination(options->out);
        const std::vector<std::filesystem::path> files(options->files.begin(), options->files.end());
        const bool parts = std::all_of(files.begin(), files.end(), is_comparison_part);
        ComparisonResult result;
        if (parts) {
            const std::string csv = merge_comparison_parts(files);
            write_file_atomically(options->out, csv);
            result = read_comparison_csv(csv, options->out);
        } else {
            result = combine_comparison_csvs(files);
            write_file_atomically(options->out, comparison_to_csv(result));
        }
        result.config.reference = reference_index(result.config.contenders, options->reference, false);
        print_comparison(std::cout, result);
        std::cout << "\n" << (parts ? "merged " : "combined ") << files.size() << " files into " << options->out
                  << " (pooled scores need the predictions: see the runs of `compare` itself)\n";
#ifdef TREELAB_DRAW
        if (!options->figure.empty()) save_critical_difference_figure(result, options->figure);
#endif
    });
}

}  // namespace treelab::cli
