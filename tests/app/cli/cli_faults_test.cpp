// Faults injected into a real treelab-cli and survived: a full disk while a model, a figure or a
// sweep's CSV is saved, a read-only folder, a data file the user may not read. The faults come from
// tests/faults/write_fault_shim.c under LD_PRELOAD (CI runs as root, whom chmod does not stop, and
// mounting a small file system needs privileges a CI chroot may not have).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

namespace fs = std::filesystem;
using test::CommandResult;
using test::run_cli;

// The shim's variables for `run_cli`.
std::string fault(const std::string& variable, const std::string& pattern) {
    std::string line;
    for (const auto& [name, value] : test::fault_environment(TREELAB_FAULT_SHIM, variable, pattern)) line += name + "='" + value + "' ";
    return line;
}

std::string glass() { return test::dataset("glass.csv").string(); }

// Runs `command` (with OUT in it standing for `dir`/full/`name`) on a full disk: it fails with exit
// 3 and a message naming the file and the cause, the file written before is left as it was, and
// no temporary file stays beside it. Any command that saves a file can be checked this way.
void expect_full_disk_keeps_previous(const std::string& command, const std::string& name) {
    test::TempDir dir;
    fs::create_directory(dir.file("full"));
    const std::string file = (dir.file("full") / name).string();
    const std::string previous = "what the user had before\n";
    dir.write("full/" + name, previous);
    std::string line = command;
    line.replace(line.find("OUT"), 3, file);

    const CommandResult result = run_cli(line, dir, fault("TREELAB_FAULT_ENOSPC", "*/full/*"));
    EXPECT_EQ(result.exit_code, 3) << result.err;
    EXPECT_NE(result.err.find("cannot write " + file + ": No space left on device"), std::string::npos) << result.err;
    EXPECT_EQ(test::read_file(file), previous);
    EXPECT_EQ(test::file_names_in(dir.file("full")), std::vector<std::string>{name});
}

// The shim changes nothing where its pattern does not match: the same command saves the model.
TEST(CliFaults, ShimLeavesOtherPathsAlone) {
    test::TempDir dir;
    const std::string model = dir.file("m.json").string();
    const CommandResult result = run_cli("train --data " + glass() + " --target Type --method cart --model-out " + model, dir,
                                         fault("TREELAB_FAULT_ENOSPC", "*/full/*"));
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_TRUE(fs::exists(model));
}

// A full disk while the model is saved after training.
TEST(CliFaults, FullDiskWhileSavingAModel) {
    expect_full_disk_keeps_previous("train --data " + glass() + " --target Type --method cart --param max_depth=2 --model-out OUT",
                                    "m.json");
}

// A full disk while a sweep's CSV is written.
TEST(CliFaults, FullDiskWhileSavingASweep) {
    expect_full_disk_keeps_previous("sweep --data " + glass() + " --target Type --method cart --param max_depth=1,2 --jobs 1 --out OUT",
                                    "sweep.csv");
}

#ifdef TREELAB_DRAW
// A full disk while a figure is written (draw, through the same writer as plot).
TEST(CliFaults, FullDiskWhileSavingAFigure) {
    test::TempDir dir;
    const std::string model = dir.file("m.json").string();
    ASSERT_EQ(run_cli("train --data " + glass() + " --target Type --method cart --param max_depth=2 --model-out " + model, dir).exit_code, 0);
    expect_full_disk_keeps_previous("draw --model " + model + " --data " + glass() + " --out OUT", "tree.svg");
}
#endif

// A read-only folder is refused before the training, naming the file and the cause.
TEST(CliFaults, ReadOnlyFolderIsNamedBeforeTraining) {
    test::TempDir dir;
    fs::create_directory(dir.file("readonly"));
    const std::string model = (dir.file("readonly") / "m.json").string();
    const CommandResult result = run_cli("train --data " + glass() + " --target Type --method cart --model-out " + model, dir,
                                         fault("TREELAB_FAULT_EROFS", "*/readonly*"));
    EXPECT_EQ(result.exit_code, 3) << result.err;
    EXPECT_NE(result.err.find("cannot write " + model + ": Read-only file system"), std::string::npos) << result.err;
    EXPECT_EQ(result.out, "") << "nothing was trained";
    EXPECT_TRUE(test::file_names_in(dir.file("readonly")).empty());
}

// A data file the user may not read: the message names the file and the cause.
TEST(CliFaults, UnreadableDataFileIsNamed) {
    test::TempDir dir;
    const CommandResult result = run_cli("train --data " + glass() + " --target Type --method cart", dir,
                                         fault("TREELAB_FAULT_EACCES", "*/glass.csv"));
    EXPECT_EQ(result.exit_code, 3) << result.err;
    EXPECT_NE(result.err.find(glass()), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("Permission denied"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace treelab
