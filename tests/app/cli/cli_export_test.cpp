// `treelab-cli export`: refusals and atomic output. What the exported files predict is checked in
// tests/core/export/model_export_equality_test.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// Every model file the loader refuses is refused by export with predict's message and exit code,
// whatever the format, and no output file appears.
TEST(CliExport, RefusesWhatTheLoaderRefusesWithItsMessage) {
    const test::TempDir dir;
    for (const std::string model : {"cycle.json", "newer_version.json", "truncated.json", "nan_threshold_string.json", "pipeline_mismatch.json"}) {
        const std::string file = test::test_data("models/" + model).string();
        const test::CommandResult predict =
            test::run_cli("predict --model " + file + " --data " + test::dataset("glass.csv").string() + " --out " + dir.file("p.csv").string(), dir);
        ASSERT_NE(predict.exit_code, 0) << model;
        for (const std::string format : {"c", "python", "dot", "onnx"}) {
            const test::CommandResult result =
                test::run_cli("export --model " + file + " --format " + format + " --out " + dir.file("out").string(), dir);
            EXPECT_EQ(result.exit_code, predict.exit_code) << model << " as " << format;
            EXPECT_EQ(result.err, predict.err) << model << " as " << format;
            EXPECT_FALSE(std::filesystem::exists(dir.file("out"))) << model << " as " << format;
        }
    }
}

// An unknown format is a usage error naming the formats, checked before the model is read.
TEST(CliExport, UnknownFormatNamesTheFormats) {
    const test::TempDir dir;
    const test::CommandResult result =
        test::run_cli("export --model " + dir.file("absent.json").string() + " --format java --out " + dir.file("m.java").string(), dir);
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.err.find("unknown export format 'java'; use one of c, python, dot, onnx"), std::string::npos) << result.err;
}

// A valid model becomes each format's file; an output in a folder that does not exist fails with a
// message naming it and leaves an existing file of that name elsewhere untouched.
TEST(CliExport, WritesEachFormatAndFailsCleanly) {
    const test::TempDir dir;
    const std::string model = test::test_data("models/valid.json").string();
    for (const std::string format : {"c", "python", "dot", "onnx"}) {
        const test::CommandResult result = test::run_cli("export --model " + model + " --format " + format + " --out " + dir.file("m." + format).string(), dir);
        ASSERT_EQ(result.exit_code, 0) << result.err;
        EXPECT_FALSE(test::read_file(dir.file("m." + format)).empty());
    }
    EXPECT_NE(test::read_file(dir.file("m.dot")).find("digraph Tree {"), std::string::npos);
    EXPECT_NE(test::read_file(dir.file("m.c")).find("treelab_predict"), std::string::npos);
    const std::string before = test::read_file(dir.file("m.c"));
    const test::CommandResult missing_folder =
        test::run_cli("export --model " + model + " --format c --out " + dir.file("no/such/folder/m.c").string(), dir);
    EXPECT_EQ(missing_folder.exit_code, 3);
    EXPECT_NE(missing_folder.err.find("no/such/folder"), std::string::npos) << missing_folder.err;
    EXPECT_EQ(test::read_file(dir.file("m.c")), before);
    for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
        EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos) << "a temporary file was left: " << entry.path();
}

}  // namespace
}  // namespace treelab
