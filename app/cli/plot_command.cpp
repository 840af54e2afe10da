// `plot`: a run's training curves from the CSV `train --history` writes, or a sweep's plots from the
// CSV `sweep --out` writes, as SVG, PDF or PNG, with no display; the same figures the workbench's
// Training and Sweep tabs export, so a paper's figures can be made again by a script.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>

#include "app/cli/commands.h"
#include "app/cli/offscreen_application.h"
#include "app/render/figure_file.h"
#include "app/render/history_figure.h"
#include "app/render/sweep_figure.h"
#include "core/error.h"
#include "core/run/sweep_csv_reader.h"
#include "core/run/sweep_summary.h"

namespace treelab::cli {
namespace {

struct PlotOptions {
    std::string history, sweep, out, caption, metric;
    double dpi = kDefaultPngDpi;
};

std::string read_whole(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw DataError(file, 0, 0, "cannot open the file");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string file_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

// The user's caption first, then what the figure shows.
std::string caption_of(const PlotOptions& options, const std::string& shown) {
    return options.caption.empty() ? shown : options.caption + "\n" + shown;
}

void plot_history(const PlotOptions& options) {
    const std::vector<HistoryPoint> history = read_history_csv(read_whole(options.history), options.history);
    if (history.empty())
        throw DataError(options.history, 0, 0,
                        "the history holds no epochs: a learner without epochs (CART) writes its header alone");
    const std::string summary = history_summary(history);
    save_figure(history_figure(history, caption_of(options, "Training curves of " + file_name(options.history) + ": " + summary + ".")),
                QString::fromStdString(options.out), {}, options.dpi);
    std::cout << "wrote the training curves of " << options.history << " (" << summary << ") to " << options.out << '\n';
}

void plot_sweep(const PlotOptions& options) {
    const SweepTable table = read_sweep_csv(read_whole(options.sweep), options.sweep);
    if (table.rows.empty()) throw DataError(options.sweep, 0, 0, "the sweep has no rows");
    const std::string metric = options.metric.empty() ? sweep_metric(table.rows) : options.metric;
    const SweepFigureAxis axis = sweep_axis(table.param, table.rows);
    const std::size_t values = summarize_sweep(table.rows).size();
    const std::size_t seeds = table.rows.size() / std::max<std::size_t>(values, 1);
    const std::string shown = "Sweep of " + axis.label + " from " + file_name(options.sweep) + ": " + std::to_string(values) +
                              " values × " + std::to_string(seeds) + (seeds == 1 ? " seed" : " seeds") + "; " +
                              score_label(metric) + (seeds > 1 ? " as mean ± std over the seeds." : ".");
    save_figure(sweep_figure(table.rows, metric, axis, caption_of(options, shown)), QString::fromStdString(options.out), {}, options.dpi);
    std::cout << "wrote the plots of " << options.sweep << " (" << values << " values of " << table.param << ", " << score_label(metric)
              << ") to " << options.out << '\n';
}

}  // namespace

void add_plot_command(CLI::App& app) {
    auto options = std::make_shared<PlotOptions>();
    CLI::App* command = app.add_subcommand(
        "plot", "draw a run's training curves (from train --history) or a sweep's plots (from sweep --out) as SVG, PDF or PNG");
    auto* history = command->add_option("--history", options->history, "the CSV that train --history wrote: loss, metric, "
                                                                        "active nodes per epoch, one small plot per start");
    auto* sweep = command->add_option("--sweep", options->sweep, "the CSV that sweep --out wrote: the metric against the swept "
                                                                 "parameter and against active nodes (mean ± std over seeds)");
    history->excludes(sweep);
    command->add_option("--metric", options->metric, "with --sweep: the score to plot, e.g. macro_f1 (default: accuracy, R² or "
                                                     "dendrogram purity)");
    command->add_option("--caption", options->caption, "a first caption line, e.g. the figure's number and what it shows");
    command->add_option("--dpi", options->dpi, "resolution of a PNG (its size is the figure's size in points × DPI / 72)")
        ->capture_default_str()
        ->check(CLI::Range(10.0, 2400.0));
    command->add_option("--out", options->out, "output file, .svg, .pdf or .png")
        ->required()
        ->check([](const std::string& file) {
            return is_figure_file(QString::fromStdString(file)) ? std::string() : "the output must end in .svg, .png or .pdf: " + file;
        });
    command->callback([options] {
        if (options->history.empty() == options->sweep.empty()) throw ParamError("plot needs --history FILE or --sweep FILE");
        if (!options->metric.empty() && options->sweep.empty()) throw ParamError("--metric goes with --sweep");
        const auto application = offscreen_application();
        if (!options->history.empty()) plot_history(*options);
        else plot_sweep(*options);
    });
}

}  // namespace treelab::cli
