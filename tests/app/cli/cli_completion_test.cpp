// `treelab-cli completion bash`: the script, sourced in a real bash and called as bash calls a
// completion function, completes exactly the subcommands --help lists, each command's flags, the
// method names, and file names after a flag that takes a file.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <sstream>
#include <string>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

class CliCompletion : public ::testing::Test {
protected:
    void SetUp() override {
        const test::CommandResult script = test::run_cli("completion bash", dir_);
        ASSERT_EQ(script.exit_code, 0) << script.err;
        dir_.write("treelab-cli.bash", script.out);
        dir_.write("complete.sh",
                   "source treelab-cli.bash; COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); _treelab_cli; echo \"${COMPREPLY[*]}\"\n");
    }
    // What completing the last of `words` offers, space-separated; the words after `treelab-cli`, quoted for sh.
    std::string complete(const std::string& words) const {
        const std::string command = "cd '" + dir_.path().string() + "' && bash complete.sh treelab-cli " + words;
        FILE* pipe = popen(command.c_str(), "r");
        std::string out;
        std::array<char, 4096> buffer{};
        while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
        EXPECT_EQ(pclose(pipe), 0) << command;
        if (!out.empty() && out.back() == '\n') out.pop_back();
        return out;
    }
    test::TempDir dir_;
};

TEST_F(CliCompletion, OffersExactlyTheSubcommandsOfHelp) {
    const test::CommandResult help = test::run_cli("--help", dir_);
    ASSERT_EQ(help.exit_code, 0);
    std::istringstream lines(help.out.substr(help.out.find("Subcommands:")));
    std::string line, listed;
    std::getline(lines, line);
    while (std::getline(lines, line))
        if (line.size() > 2 && line[2] != ' ') listed += (listed.empty() ? "" : " ") + line.substr(2, line.find(' ', 2) - 2);
    EXPECT_EQ(complete("''"), listed);
    EXPECT_EQ(complete("tr"), "train");
    EXPECT_EQ(help.out.find("completion"), std::string::npos) << "the completion command is hidden from --help";
}

TEST_F(CliCompletion, FlagsMethodsAndFiles) {
    dir_.write("glass-copy.csv", "a,b\n1,2\n");
    EXPECT_EQ(complete("train --mo"), "--model-out");
    EXPECT_EQ(complete("train --method g"), "gradtree get");
    EXPECT_EQ(complete("params l"), "latent");
    EXPECT_EQ(complete("train --data gla"), "glass-copy.csv");
    EXPECT_EQ(complete("params --markdown l"), "latent");  // a flag without a value: the next word is the method
}

// `project list|export-model`: the command's own subcommands, then the chosen one's flags.
TEST_F(CliCompletion, NestedSubcommandsAndTheirFlags) {
    EXPECT_EQ(complete("project ''"), "list export-model");
    EXPECT_EQ(complete("project ex"), "export-model");
    EXPECT_EQ(complete("project export-model --fo"), "--format");
    dir_.write("p.treelab", "");
    EXPECT_EQ(complete("project list p."), "p.treelab");
}

TEST_F(CliCompletion, RefusesAnUnknownShell) {
    const test::CommandResult zsh = test::run_cli("completion zsh", dir_);
    EXPECT_EQ(zsh.exit_code, 2);
}

}  // namespace
}  // namespace treelab
