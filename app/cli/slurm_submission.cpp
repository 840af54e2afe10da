#include "app/cli/slurm_submission.h"

#include <array>
#include <cstdio>
#include <memory>

#include <sys/wait.h>

#include "core/error.h"
#include "core/run/run_config.h"

namespace treelab::cli {

std::string submit_batch(const std::filesystem::path& script, const std::string& after) {
    std::string command = "sbatch --parsable";
    if (!after.empty()) command += " --dependency=afterok:" + shell_word(after);
    command += " " + shell_word(script.string()) + " 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) throw Error("cannot run sbatch to submit " + script.string());
    std::string output;
    std::array<char, 256> buffer{};
    while (std::fgets(buffer.data(), buffer.size(), pipe)) output += buffer.data();
    const int status = ::pclose(pipe);
    while (!output.empty() && (output.back() == '\n' || output.back() == '\r')) output.pop_back();
    if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw Error("sbatch did not take " + script.string() + (WIFEXITED(status) && WEXITSTATUS(status) == 127 ? " (sbatch is not installed)" : "") +
                    ": " + output);
    // --parsable prints "jobid" or "jobid;cluster".
    return output.substr(0, output.find(';'));
}

}  // namespace treelab::cli
