// The shipped data sets are found relative to the program: an installed tree (bin/ beside
// share/treelab/datasets) under any prefix wins over the source tree the program was built from.
#include <gtest/gtest.h>

#include <filesystem>

#include <QDir>

#include "app/shipped/shipped_files.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

QString canonical_folder(const std::filesystem::path& path) { return QDir(QString::fromStdString(path.string())).canonicalPath(); }

TEST(ShippedFiles, InstalledPrefixWinsOverTheSourceTree) {
    test::TempDir prefix;
    std::filesystem::create_directories(prefix.path() / "bin");
    std::filesystem::create_directories(prefix.path() / "share/treelab/datasets");
    prefix.write("share/treelab/datasets/glass.csv", "a,b\n1,x\n");
    const QString program = QString::fromStdString((prefix.path() / "bin").string());
    EXPECT_EQ(shipped_datasets_folder(program), canonical_folder(prefix.path() / "share/treelab/datasets"));
}

TEST(ShippedFiles, AFolderWithoutCsvFilesIsPassedOver) {
    test::TempDir prefix;
    std::filesystem::create_directories(prefix.path() / "bin");
    std::filesystem::create_directories(prefix.path() / "share/treelab/datasets");
    prefix.write("share/treelab/datasets/README.md", "no data here\n");
    const QString program = QString::fromStdString((prefix.path() / "bin").string());
    // The build's own source tree is the last place looked in.
    EXPECT_EQ(shipped_datasets_folder(program), canonical_folder(std::filesystem::path(TREELAB_SOURCE_DIR) / "datasets"));
}

}  // namespace
}  // namespace treelab
