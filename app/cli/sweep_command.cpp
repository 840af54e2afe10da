#include <filesystem>
#include <iostream>
#include <memory>

#include "app/cli/commands.h"
#include "app/cli/interrupt_signal.h"
#include "app/cli/progress_option.h"
#include "app/cli/run_options.h"
#include "app/cli/shard_option.h"
#include "app/cli/slurm_submission.h"
#include "app/cli/thread_option.h"
#include "core/error.h"
#include "core/io/atomic_file.h"
#include "core/run/slurm_job.h"
#include "core/run/sweep.h"
#include "core/run/sweep_grid.h"
#include "core/run/sweep_parts.h"
#include "core/run/sweep_summary.h"

namespace treelab::cli {
namespace {

// "ccp_alpha=auto", "max_depth=1,2,3", "lambda=log:1e-4:0.1:4" or "schedule[2].alpha=50,U(80,120)"
// -> name and values (empty = auto).
std::pair<std::string, std::vector<std::string>> parse_sweep(const std::string& text, const std::string& method) {
    const std::size_t equals = text.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == text.size())
        throw ParamError("--param '" + text + "' must be NAME=auto, NAME=v1,v2,..., NAME=lin:FROM:TO:COUNT or " +
                         "NAME=log:FROM:TO:COUNT (NAME may be a stage field, e.g. schedule[2].alpha)");
    const std::string name = text.substr(0, equals);
    return {name, grid_values(parse_grid(name, text.substr(equals + 1)), find_learner(method).params, name)};
}

// Per value, across seeds: the test (else valid) score as mean ± population std, mean leaves and
// mean empty nodes, for the terminal (sweep_summary.h does the grouping and the statistics).
void print_overview(const std::string& param, const std::vector<SweepRow>& rows) {
    const bool on_test = rows.empty() || !rows.front().test.empty();
    std::string metric;
    if (!rows.empty())
        for (const char* name : {"macro_f1", "r2", "dendrogram_purity"})
            if (metric.empty() && (on_test ? rows.front().test : rows.front().valid).count(name)) metric = name;
    std::cout << param << "\tmean ± std " << (on_test ? "test " : "valid ") << metric
              << "\tmean leaves\tmean EN (training rows)\n";
    for (const SweepPoint& point : summarize_sweep(rows)) {
        std::vector<double> leaves, empty;
        for (const std::size_t r : point.rows) {
            leaves.push_back(rows[r].tree.leaves);
            empty.push_back(rows[r].tree.empty_nodes + rows[r].tree.pruned_nodes);
        }
        const auto& scores = on_test ? point.test : point.valid;
        const auto found = scores.find(metric);
        const MeanStd score = found == scores.end() ? MeanStd{} : found->second;
        std::cout << point.value << '\t' << score.mean << " ± " << score.std << '\t' << mean_std(leaves).mean << '\t'
                  << mean_std(empty).mean << '\n';
    }
}

}  // namespace

void add_merge_sweep_command(CLI::App& app) {
    struct Options {
        std::vector<std::string> parts;
        std::string out;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand("merge-sweep", "put the part files of a sharded sweep together into its CSV");
    command->add_option("parts", options->parts, "part files written by sweep --shard K/N")->required();
    command->add_option("--out", options->out, "the sweep's CSV file, as one `sweep` writes it")->required();
    command->callback([options] {
        check_writable_destination(options->out);
        const std::string csv = merge_sweep_parts({options->parts.begin(), options->parts.end()});
        write_file_atomically(options->out, csv);
        std::cout << "merged " << options->parts.size() << " parts into " << options->out << '\n';
    });
}

void add_sweep_command(CLI::App& app) {
    struct Options {
        RunOptions run;
        std::string sweep, out;
        int seeds = 1;
        int jobs = 0;  // 0 = one per core
        int threads = 0;  // --threads; 0 = every core
        bool progress = false;
        std::string shard;  // "K/N"
        std::string slurm;  // folder of the job scripts
        SlurmSettings job;
        bool submit = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand("sweep", "train over the values of one hyperparameter × seeds");
    options->run.bind(*command, "--set");
    command->add_option("--param", options->sweep,
                        "swept hyperparameter: NAME=auto (ccp_alpha: every alpha of the pruning path), NAME=v1,v2,..., "
                        "NAME=lin:FROM:TO:COUNT or NAME=log:FROM:TO:COUNT (integers rounded, repeats dropped). NAME may "
                        "be one field of one stage of a schedule, NAME[K].FIELD with stages counted from 1 and FIELD "
                        "the stage value's name or epochs: schedule[2].alpha=50,100,U(80,120) (a value is a number or "
                        "U(LOW,HIGH); only commas outside parentheses separate values) or schedule[1].epochs=lin:500:2000:4; "
                        "it is written into the method's schedule (its default or the one given with --set)")
        ->required();
    command->add_option("--seeds", options->seeds, "number of seeds, from --seed on")->capture_default_str();
    command->add_option("--jobs", options->jobs,
                        "rows trained at once (default: one per core); the rows are the same for any number")
        ->check(CLI::PositiveNumber);
    add_threads_option(*command, options->threads);
    add_progress_flag(*command, options->progress);
    command->add_option("--shard", options->shard,
                        "K/N: only the rows i = K (mod N) of the value × seed grid (K from 0), written to --out as a "
                        "part file for merge-sweep");
    command->add_option("--out", options->out,
                        "CSV file: one row per value × seed (with --shard: the part file; with --slurm: the merged file the "
                        "jobs write)")
        ->required();
    command->add_option("--slurm", options->slurm,
                        "write a Slurm job array instead of training here: DIR/sweep.sbatch (one shard per task) and "
                        "DIR/merge.sbatch (merge-sweep into --out, to run after the array)");
    command->add_option("--shards", options->job.shards, "with --slurm: array tasks")->capture_default_str()->check(CLI::PositiveNumber);
    command->add_option("--slurm-cpus", options->job.cpus, "with --slurm: CPUs per task (and its --jobs)")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    command->add_option("--slurm-time", options->job.time, "with --slurm: time limit per task, e.g. 2:00:00");
    command->add_option("--slurm-partition", options->job.partition, "with --slurm: partition");
    command->add_flag("--submit", options->submit,
                      "with --slurm: submit both scripts with sbatch (the merge with --dependency=afterok on the array) and "
                      "print the job ids");
    command->callback([options] {
        const InterruptSignal interrupt;
        const ThreadLimit limit(options->threads);
        SweepConfig config;
        config.base = options->run.to_config();
        std::tie(config.param, config.values) = parse_sweep(options->sweep, config.base.method);
        config.seeds = options->seeds;
        config.jobs = options->jobs;
        if (!options->shard.empty()) std::tie(config.shard, config.shards) = parse_shard(options->shard);
        if (options->submit && options->slurm.empty()) throw ParamError("--submit needs --slurm DIR");
        if (!options->slurm.empty()) {
            if (!options->shard.empty()) throw ParamError("--slurm makes its own shards; leave --shard out");
            options->job.folder = options->slurm;
            options->job.out = options->out;
            options->job.cli = std::filesystem::read_symlink("/proc/self/exe");
            const auto [sweep_script, merge_script] = write_slurm_scripts(config, options->job);
            std::cout << "wrote " << sweep_script.string() << " and " << merge_script.string() << '\n';
            if (!options->submit) return;
            const std::string array = submit_batch(sweep_script);
            const std::string merge = submit_batch(merge_script, array);
            std::cout << "submitted job array " << array << " (" << options->job.shards << " tasks) and merge job " << merge
                      << " after it; " << options->out << " appears when the merge ends\n";
            return;
        }
        check_writable_destination(options->out);
        const std::vector<SweepRow> rows = run_sweep(config, cell_progress(options->progress, "row"));
        if (!options->shard.empty()) {
            write_file_atomically(options->out, sweep_part_text(config, rows));
            std::cout << "wrote " << rows.size() << " rows of shard " << options->shard << " to " << options->out << '\n';
        } else {
            write_file_atomically(options->out, sweep_to_csv(config.param, rows));
            print_overview(config.param, rows);
            std::cout << "wrote " << rows.size() << " rows to " << options->out << '\n';
        }
        if (InterruptSignal::requested())
            throw Interrupted("the sweep stopped; wrote its " + std::to_string(rows.size()) + " finished " +
                              (rows.size() == 1 ? "row" : "rows") + " to " + options->out);
    });
}

}  // namespace treelab::cli
