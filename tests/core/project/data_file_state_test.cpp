// What became of a project's data file: unchanged, changed, missing; and a project folder moved
// whole finds its data where it was relative to the project.
#include <filesystem>

#include <gtest/gtest.h>

#include "core/io/atomic_file.h"
#include "core/io/sha256.h"
#include "core/project/project_file.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

namespace fs = std::filesystem;

// The small project with its glass data copied to `folder`/data/glass.csv, saved as `folder`/p.treelab.
void save_with_data_in(const fs::path& folder) {
    fs::create_directories(folder / "data");
    fs::copy_file(test::dataset("glass.csv"), folder / "data" / "glass.csv");
    Project project = test::small_project();
    relocate_data_file(project, test::dataset("glass.csv"), folder / "data" / "glass.csv");
    save_project(project, folder / "p.treelab");
}

TEST(ProjectDataFile, UnchangedChangedMissing) {
    const test::TempDir dir;
    save_with_data_in(dir.path());
    EXPECT_EQ(data_file_state(load_project(dir.file("p.treelab"))), DataFileState::Unchanged);
    write_file_atomically(dir.path() / "data" / "glass.csv", test::read_file(test::dataset("glass.csv")) + "1.5,13,3,1,72,0.5,8,0,0,1\n");
    EXPECT_EQ(data_file_state(load_project(dir.file("p.treelab"))), DataFileState::Changed);
    fs::remove(dir.path() / "data" / "glass.csv");
    const Project missing = load_project(dir.file("p.treelab"));
    EXPECT_EQ(data_file_state(missing), DataFileState::Missing);
    EXPECT_EQ(missing.form.data_file, dir.path() / "data" / "glass.csv") << "the path as saved, for the user to locate";
    EXPECT_EQ(data_file_state(Project{}), DataFileState::NoData);
}

TEST(ProjectDataFile, MovedFolderFindsItsData) {
    const test::TempDir dir;
    save_with_data_in(dir.path() / "before");
    fs::rename(dir.path() / "before", dir.path() / "after");
    const Project project = load_project(dir.path() / "after" / "p.treelab");
    const fs::path moved = dir.path() / "after" / "data" / "glass.csv";
    EXPECT_EQ(project.form.data_file, moved);
    EXPECT_EQ(data_file_state(project), DataFileState::Unchanged);
    EXPECT_EQ(project.runs[0].config->data_file, moved);
    EXPECT_EQ(project.sweeps[0].config.base.data_file, moved);
    EXPECT_EQ(project.runs[1].config->data_file, test::dataset("iris.csv")) << "still at its absolute path";
}

TEST(ProjectDataFile, RelocateRewritesEveryUse) {
    Project project = test::small_project();
    project.runs.push_back({"refit", std::nullopt, {}, RefitSource{project.comparisons[0].config, 0, 0}});
    relocate_data_file(project, test::dataset("iris.csv"), "/elsewhere/iris.csv");
    EXPECT_EQ(project.runs[1].config->data_file, "/elsewhere/iris.csv");
    EXPECT_EQ(project.comparisons[0].config.data_sets[0].data_file, "/elsewhere/iris.csv");
    EXPECT_EQ(project.runs.back().refit->comparison.data_sets[0].data_file, "/elsewhere/iris.csv");
    EXPECT_EQ(project.form.data_file, test::dataset("glass.csv"));
}

}  // namespace
}  // namespace treelab
