#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/io/atomic_file.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::size_t entries(const fs::path& folder) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(folder), fs::directory_iterator()));
}

// A new file gets exactly the contents, and no temporary file is left beside it.
TEST(AtomicFile, WritesANewFile) {
    const test::TempDir dir;
    const std::string contents("binary\0bytes\nand text", 21);
    write_file_atomically(dir.file("out.bin"), contents);
    EXPECT_EQ(read_text(dir.file("out.bin")), contents);
    EXPECT_EQ(entries(dir.path()), 1u);
}

// An existing file is replaced as a whole.
TEST(AtomicFile, ReplacesAnExistingFile) {
    const test::TempDir dir;
    const fs::path file = dir.write("out.txt", "a much longer old content");
    write_file_atomically(file, "new");
    EXPECT_EQ(read_text(file), "new");
    EXPECT_EQ(entries(dir.path()), 1u);
}

// Writing into a folder that does not exist says so, and leaves the files that do exist alone.
TEST(AtomicFile, MissingFolderThrowsAClearMessage) {
    const test::TempDir dir;
    const fs::path old = dir.write("old.txt", "old");
    const fs::path file = dir.path() / "missing" / "out.txt";
    try {
        write_file_atomically(file, "new");
        FAIL() << "expected treelab::Error";
    } catch (const Error& error) {
        EXPECT_EQ(std::string(error.what()),
                  "cannot write " + file.string() + ": the folder " + (dir.path() / "missing").string() + " does not exist");
    }
    EXPECT_EQ(read_text(old), "old");
    EXPECT_EQ(entries(dir.path()), 1u);
}

// When the final rename fails (the target is a non-empty folder) the target is untouched, the
// temporary file removed, and the message carries the system's reason.
TEST(AtomicFile, FailedRenameKeepsTargetAndRemovesTemporary) {
    const test::TempDir dir;
    const fs::path target = dir.path() / "taken";
    fs::create_directory(target);
    std::ofstream(target / "inside.txt") << "keep";
    try {
        write_file_atomically(target, "new");
        FAIL() << "expected treelab::Error";
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find("cannot write " + target.string() + ": "), std::string::npos) << error.what();
    }
    EXPECT_EQ(read_text(target / "inside.txt"), "keep");
    EXPECT_EQ(entries(dir.path()), 1u);
}

}  // namespace
}  // namespace treelab
