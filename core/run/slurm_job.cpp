#include "core/run/slurm_job.h"

#include "core/error.h"
#include "core/io/atomic_file.h"
#include "core/run/run_config.h"

namespace treelab {
namespace {

namespace fs = std::filesystem;

std::string absolute_text(const fs::path& path) { return fs::absolute(path).lexically_normal().string(); }

std::string part_file(const SlurmSettings& settings, const std::string& shard) {
    return shell_word(absolute_text(settings.folder) + "/part-") + shard + ".csv";
}

void check_text(const std::string& text, const std::string& what) {
    if (text.find_first_of("\n\r") != std::string::npos) throw ParamError("the Slurm " + what + " cannot hold a line break");
}

}  // namespace

SlurmScripts slurm_scripts(const SweepConfig& config, const SlurmSettings& settings) {
    if (settings.shards < 1) throw ParamError("--shards must be at least 1");
    if (settings.cpus < 1) throw ParamError("--slurm-cpus must be at least 1");
    if (config.values.empty())
        throw ParamError("a Slurm sweep needs its values listed: 'auto' values are known only once every seed's tree is grown");
    check_text(settings.time, "time");
    check_text(settings.partition, "partition");
    RunConfig base = config.base;
    base.data_file = absolute_text(base.data_file);
    std::string values;
    for (const std::string& value : config.values) values += (values.empty() ? "" : ",") + value;
    const std::string folder = absolute_text(settings.folder), cli = shell_word(absolute_text(settings.cli));
    const std::string header = "#!/bin/bash\n# Written by treelab-cli sweep --slurm; submit with sbatch (the array first, then\n"
                               "# merge.sbatch with --dependency=afterok:<array job id>).\n";

    SlurmScripts scripts;
    scripts.sweep = header + "#SBATCH --job-name=treelab-sweep\n#SBATCH --array=0-" + std::to_string(settings.shards - 1) +
                    "\n#SBATCH --cpus-per-task=" + std::to_string(settings.cpus) + "\n#SBATCH --output=" + folder +
                    "/sweep-%A_%a.log\n";
    if (!settings.time.empty()) scripts.sweep += "#SBATCH --time=" + settings.time + "\n";
    if (!settings.partition.empty()) scripts.sweep += "#SBATCH --partition=" + settings.partition + "\n";
    scripts.sweep += "set -euo pipefail\nexec " + cli + " sweep " + run_options_text(base, "--set") + " --param " +
                     shell_word(config.param + "=" + values) + " --seeds " + std::to_string(config.seeds) + " --jobs " +
                     std::to_string(settings.cpus) + " --shard \"$SLURM_ARRAY_TASK_ID/" + std::to_string(settings.shards) +
                     "\" --out " + part_file(settings, "\"$SLURM_ARRAY_TASK_ID\"") + "\n";

    scripts.merge = header + "#SBATCH --job-name=treelab-sweep-merge\n#SBATCH --cpus-per-task=1\n#SBATCH --output=" + folder +
                    "/merge-%j.log\n";
    if (!settings.partition.empty()) scripts.merge += "#SBATCH --partition=" + settings.partition + "\n";
    scripts.merge += "set -euo pipefail\nexec " + cli + " merge-sweep";
    for (int k = 0; k < settings.shards; ++k) scripts.merge += " " + part_file(settings, std::to_string(k));
    scripts.merge += " --out " + shell_word(absolute_text(settings.out)) + "\n";
    return scripts;
}

std::pair<fs::path, fs::path> write_slurm_scripts(const SweepConfig& config, const SlurmSettings& settings) {
    const SlurmScripts scripts = slurm_scripts(config, settings);
    std::error_code ec;
    fs::create_directories(settings.folder, ec);
    if (ec) throw Error("cannot create the folder " + settings.folder.string() + ": " + ec.message());
    const fs::path sweep = settings.folder / "sweep.sbatch", merge = settings.folder / "merge.sbatch";
    write_file_atomically(sweep, scripts.sweep);
    write_file_atomically(merge, scripts.merge);
    return {sweep, merge};
}

}  // namespace treelab
