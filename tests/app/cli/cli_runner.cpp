#include "tests/app/cli/cli_runner.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <sys/wait.h>

namespace treelab::test {

CommandResult run_cli(const std::string& arguments, const TempDir& dir) {
    const std::string err_file = dir.file("stderr.txt").string();
    const std::string command = std::string(TREELAB_CLI) + " " + arguments + " 2>" + err_file;
    CommandResult result;
    FILE* pipe = popen(command.c_str(), "r");
    std::array<char, 4096> buffer{};
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) result.out.append(buffer.data(), n);
    const int status = pclose(pipe);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream err(err_file);
    std::ostringstream text;
    text << err.rdbuf();
    result.err = text.str();
    return result;
}

}  // namespace treelab::test
