// --threads on the commands that read a data file and route its rows through a saved model
// (predict, routing, draw): one thread and two write the same file, byte for byte, and 0 is
// refused naming the option.
#include <gtest/gtest.h>

#include <string>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

using test::CommandResult;
using test::run_cli;

TEST(CliThreads, ReadingCommandsWriteTheSameFileForAnyThreadCount) {
    test::TempDir dir;
    const std::string model = dir.file("m.json").string(), data = test::dataset("glass.csv").string();
    const CommandResult train = run_cli("train --data " + data + " --target Type --param max_depth=4 --model-out " + model, dir);
    ASSERT_EQ(train.exit_code, 0) << train.err;
    struct Command {
        std::string name, extension;
    };
    for (const Command& command : {Command{"predict", ".csv"}, Command{"routing", ".csv"}, Command{"draw", ".svg"}}) {
        std::string written[2];
        for (const int threads : {1, 2}) {
            const std::string out = dir.file(command.name + command.extension).string();  // the SVG names its file
            const CommandResult run = run_cli(command.name + " --model " + model + " --data " + data + " --out " + out +
                                                  " --threads " + std::to_string(threads),
                                              dir);
            ASSERT_EQ(run.exit_code, 0) << command.name << ": " << run.err;
            written[threads - 1] = test::read_file(out);
        }
        EXPECT_GT(written[0].size(), 100u) << command.name;
        EXPECT_EQ(written[0], written[1]) << command.name;
        const CommandResult refused = run_cli(command.name + " --model " + model + " --data " + data + " --out " +
                                                  dir.file("refused" + command.extension).string() + " --threads 0",
                                              dir);
        EXPECT_NE(refused.exit_code, 0) << command.name;
        EXPECT_NE(refused.err.find("--threads"), std::string::npos) << command.name << ": " << refused.err;
    }
}

}  // namespace
}  // namespace treelab
