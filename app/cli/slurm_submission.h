#pragma once
// Submits a batch script to Slurm with the real sbatch (SLURM_CONF and the like come from the
// environment), for treelab-cli sweep --slurm DIR --submit.
#include <filesystem>
#include <string>

namespace treelab::cli {

// Runs `sbatch --parsable [--dependency=afterok:<after>] <script>` and returns the job id it prints.
// Throws treelab::Error with sbatch's output when it cannot be run or refuses the job.
std::string submit_batch(const std::filesystem::path& script, const std::string& after = {});

}  // namespace treelab::cli
