// A fit whose memory estimate exceeds what the machine has is refused by `treelab-cli train`
// before training: exit code 2, the estimate, the machine's figure and what to lower on stderr,
// and no model file (TREELAB_MEMORY_LIMIT stands in for the machine).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

TEST(CliMemory, TrainRefusesAHighDgtTreeWithTheEstimate) {
    test::TempDir dir;
    const std::string model = dir.file("m.json").string(), data = test::dataset("glass.csv").string();
    setenv("TREELAB_MEMORY_LIMIT", "64M", 1);
    const test::CommandResult refused =
        test::run_cli("train --data " + data + " --target Type --method dgt --param height=10 --model-out " + model, dir);
    const bool refused_wrote = std::filesystem::exists(model);
    const test::CommandResult small = test::run_cli("train --data " + data + " --target Type --param max_depth=2 --model-out " + model, dir);
    unsetenv("TREELAB_MEMORY_LIMIT");
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("DGT at height 10 with hidden widths 2046,2046 needs about "), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("TREELAB_MEMORY_LIMIT allows 64 MB. Lower height"), std::string::npos) << refused.err;
    EXPECT_FALSE(refused_wrote);
    EXPECT_EQ(small.exit_code, 0) << small.err;  // CART fits under the same limit
    EXPECT_TRUE(std::filesystem::exists(model));
}

}  // namespace
}  // namespace treelab
