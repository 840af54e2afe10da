// The Slurm job array of a sweep: what its two scripts ask of the scheduler and what they run.
#include "core/run/slurm_job.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/run/run_config.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

SweepConfig latent_sweep() {
    SweepConfig config;
    config.base.data_file = test::dataset("glass.csv");
    config.base.target = "Type";
    config.base.method = "latent";
    config.base.params = method_params("latent", {"depth=3"});
    config.param = "lambda";
    config.values = {"0.001", "0.1", "10"};
    config.seeds = 4;
    return config;
}

SlurmSettings settings(const test::TempDir& dir) {
    SlurmSettings job;
    job.folder = dir.file("jobs");
    job.out = dir.file("sweep.csv");
    job.cli = "/opt/treelab/treelab-cli";
    job.shards = 3;
    job.cpus = 2;
    job.time = "1:30:00";
    job.partition = "short";
    return job;
}

// The array has one task per shard with the CPUs, time and partition asked for; each task runs
// the sweep's shard with absolute paths, the fixed parameters as --set and as many jobs as CPUs;
// the merge job reads every part into the sweep's file.
TEST(SlurmJob, ScriptsAskForTheShardsAndRunThem) {
    test::TempDir dir;
    const SlurmScripts scripts = slurm_scripts(latent_sweep(), settings(dir));
    for (const std::string& line : std::vector<std::string>{"#SBATCH --array=0-2\n", "#SBATCH --cpus-per-task=2\n", "#SBATCH --time=1:30:00\n",
                                   "#SBATCH --partition=short\n", "exec /opt/treelab/treelab-cli sweep --data " +
                                       test::dataset("glass.csv").string() + " --target Type --method latent --set depth=3",
                                   " --param lambda=0.001,0.1,10 --seeds 4 --jobs 2 --shard \"$SLURM_ARRAY_TASK_ID/3\" --out " +
                                       dir.file("jobs").string() + "/part-\"$SLURM_ARRAY_TASK_ID\".csv\n"})
        EXPECT_NE(scripts.sweep.find(line), std::string::npos) << line << "\nin\n" << scripts.sweep;
    EXPECT_TRUE(scripts.sweep.starts_with("#!/bin/bash\n"));
    const std::string parts = dir.file("jobs").string() + "/part-";
    EXPECT_NE(scripts.merge.find("merge-sweep " + parts + "0.csv " + parts + "1.csv " + parts + "2.csv --out " +
                                 dir.file("sweep.csv").string() + "\n"),
              std::string::npos)
        << scripts.merge;
    EXPECT_NE(scripts.merge.find("#SBATCH --partition=short\n"), std::string::npos);
    EXPECT_EQ(scripts.merge.find("--array"), std::string::npos);

    const auto [sweep, merge] = write_slurm_scripts(latent_sweep(), settings(dir));
    EXPECT_EQ(sweep, dir.file("jobs") / "sweep.sbatch");
    EXPECT_TRUE(std::filesystem::exists(merge));
}

// An automatic path, no shard, no CPU, or a line break in a directive is refused.
TEST(SlurmJob, RefusesWhatCannotBeAJob) {
    test::TempDir dir;
    SweepConfig automatic = latent_sweep();
    automatic.values.clear();
    EXPECT_THROW(slurm_scripts(automatic, settings(dir)), ParamError);
    SlurmSettings job = settings(dir);
    job.shards = 0;
    EXPECT_THROW(slurm_scripts(latent_sweep(), job), ParamError);
    job = settings(dir);
    job.cpus = 0;
    EXPECT_THROW(slurm_scripts(latent_sweep(), job), ParamError);
    job = settings(dir);
    job.time = "1:00:00\n#SBATCH --mem=1T";
    EXPECT_THROW(slurm_scripts(latent_sweep(), job), ParamError);
}

}  // namespace
}  // namespace treelab
