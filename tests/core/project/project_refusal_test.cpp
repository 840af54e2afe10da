// Project files that must not load are refused with a message naming the file and the cause: a
// newer format, a model file given as a project, a truncated gzip stream, corrupt JSON, sizes over
// the limits, and a corrupt tree inside a run (the model file's checks apply).
#include <filesystem>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/io/atomic_file.h"
#include "core/project/project_file.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// The message of the ProjectFileError loading `file` throws; "" when it loads.
std::string refusal(const std::filesystem::path& file, const ProjectLimits& limits = {}) {
    try {
        load_project(file, limits);
    } catch (const ProjectFileError& error) {
        return error.what();
    }
    return "";
}

std::string refusal_of(const std::string& text, const ProjectLimits& limits = {}) {
    try {
        project_from_json(text, "p.treelab", limits);
    } catch (const ProjectFileError& error) {
        return error.what();
    }
    return "";
}

TEST(ProjectRefusal, NewerFormatVersion) {
    nlohmann::json document = nlohmann::json::parse(project_to_json(test::small_project()));
    document["version"] = 2;
    EXPECT_EQ(refusal_of(document.dump()), "p.treelab: was written by a newer TreeLab (project format 2; this build reads up to 1)");
}

TEST(ProjectRefusal, ModelFileGivenAsProject) {
    const test::TempDir dir;
    save_model(test::small_project().runs[0].outcome.model, dir.file("m.json"));
    EXPECT_EQ(refusal(dir.file("m.json")), dir.file("m.json").string() + ": is a TreeLab model, not a project; open it with File > Open model");
    EXPECT_EQ(refusal_of("{\"format\": \"csv\"}"), "p.treelab: is not a TreeLab project (\"format\" is the string \"csv\", expected \"treelab-project\")");
    EXPECT_EQ(refusal_of("[1]"), "p.treelab: is not a TreeLab project (the JSON is an array, not an object)");
}

TEST(ProjectRefusal, TruncatedGzipAndCorruptJsonNameTheByte) {
    const test::TempDir dir;
    save_project(test::small_project(), dir.file("p.treelab"));
    const std::string bytes = test::read_file(dir.file("p.treelab"));
    const std::size_t half = bytes.size() / 2;
    write_file_atomically(dir.file("cut.treelab"), bytes.substr(0, half));
    const std::string cut = refusal(dir.file("cut.treelab"));
    EXPECT_NE(cut.find(dir.file("cut.treelab").string() + ": "), std::string::npos) << cut;
    EXPECT_NE(cut.find("truncated"), std::string::npos) << cut;
    EXPECT_NE(cut.find("at compressed byte " + std::to_string(half) + " of " + std::to_string(half)), std::string::npos) << cut;

    std::string corrupt = bytes;
    for (std::size_t i = 100; i < 140; ++i) corrupt[i] = static_cast<char>(corrupt[i] ^ 0x5a);
    write_file_atomically(dir.file("corrupt.treelab"), corrupt);
    EXPECT_NE(refusal(dir.file("corrupt.treelab")).find("at compressed byte "), std::string::npos) << refusal(dir.file("corrupt.treelab"));

    const std::string text = project_to_json(test::small_project());
    EXPECT_NE(refusal_of(text.substr(0, 500)).find("p.treelab: is not valid JSON (byte 501)"), std::string::npos) << refusal_of(text.substr(0, 500));
}

TEST(ProjectRefusal, SizesOverTheLimits) {
    const test::TempDir dir;
    save_project(test::small_project(), dir.file("p.treelab"));
    ASSERT_EQ(refusal(dir.file("p.treelab")), "");
    ProjectLimits limits;
    limits.max_runs = 2;
    EXPECT_NE(refusal(dir.file("p.treelab"), limits).find("field \"runs\" has 3 entries, more than the limit of 2"), std::string::npos)
        << refusal(dir.file("p.treelab"), limits);
    limits = {};
    limits.max_rows = 1;  // runs count their rows against it too
    EXPECT_EQ(refusal(dir.file("p.treelab"), limits),
              dir.file("p.treelab").string() + ": run 1 (\"CART 1\"): outcome: field \"train_rows\" is 128, outside the range 0 to 1");
    limits.max_rows = 1000;  // the comparison's cells hold 150 test rows in all, its data set 150 targets
    limits.model.max_nodes = 1000;
    ASSERT_EQ(refusal(dir.file("p.treelab"), limits), "");
    limits.max_rows = 149;
    EXPECT_EQ(refusal(dir.file("p.treelab"), limits),
              dir.file("p.treelab").string() + ": comparison 1: data set result 1: field \"targets\" has 150 entries, more than the limit of 149");
    limits = {};
    limits.model.max_nodes = 2;
    EXPECT_NE(refusal(dir.file("p.treelab"), limits).find("run 1 (\"CART 1\"): outcome: model: field \"nodes\" has"), std::string::npos)
        << refusal(dir.file("p.treelab"), limits);
    limits = {};
    limits.max_file_bytes = 100;
    EXPECT_NE(refusal(dir.file("p.treelab"), limits).find("-byte limit for project files"), std::string::npos);
    limits = {};
    limits.max_json_bytes = 1000;
    EXPECT_NE(refusal(dir.file("p.treelab"), limits).find("decompresses to more than the 1000-byte limit"), std::string::npos);
}

// A bad tree in a run's model or in a recorded tree is refused by the model file's own checks.
TEST(ProjectRefusal, CorruptTreesAreRefusedAsModelFilesRefuseThem) {
    const nlohmann::json document = nlohmann::json::parse(project_to_json(test::small_project()));
    nlohmann::json cycle = document;
    cycle["runs"][0]["outcome"]["model"]["nodes"][1]["left"] = 0;
    const std::string model_refusal = refusal_of(cycle.dump());
    EXPECT_EQ(model_refusal.rfind("p.treelab: run 1 (\"CART 1\"): outcome: model: ", 0), 0u) << model_refusal;

    nlohmann::json threshold = document;
    threshold["runs"][1]["outcome"]["recorded_trees"][0]["tree"]["nodes"][0]["threshold"] = "x";
    EXPECT_EQ(refusal_of(threshold.dump()),
              "p.treelab: run 2 (\"GradTree 1\"): outcome: recorded tree 1: tree: node 0: field \"threshold\" must be a number or null, "
              "not the string \"x\"");

    nlohmann::json cell = document;
    cell["comparisons"][0]["cells"][0]["contender"] = 5;
    EXPECT_NE(refusal_of(cell.dump()).find("comparison 1: cell 1 names a data set or contender that does not exist"), std::string::npos);
}

// A run's refit source must name a data set and a tree method of its comparison.
TEST(ProjectRefusal, RefitSourcesOutsideTheirComparison) {
    nlohmann::json document = nlohmann::json::parse(project_to_json(test::small_project()));
    nlohmann::json comparison;
    for (const char* key : {"data_sets", "contenders", "resampling", "seed", "jobs", "shard", "shards", "reference"})
        comparison[key] = document["comparisons"][0][key];
    document["runs"][2]["refit"] = {{"comparison", comparison}, {"data_set", 0}, {"contender", 0}};
    ASSERT_EQ(refusal_of(document.dump()), "");
    const Project loaded = project_from_json(document.dump(), "p.treelab");
    ASSERT_TRUE(loaded.runs[2].refit);
    EXPECT_EQ(loaded.runs[2].refit->comparison.contenders[0].method, "cart");
    EXPECT_FALSE(loaded.runs[0].refit) << "a run without the field is no refit, as in older files";

    const std::string at = "p.treelab: run 3 (\"opened model\"): refit";
    const auto refused = [&](const char* key, const nlohmann::json& value) {
        nlohmann::json changed = document;
        changed["runs"][2]["refit"][key] = value;
        return refusal_of(changed.dump());
    };
    EXPECT_EQ(refused("data_set", 1), at + ": data set 2 is not among the comparison's 1 data sets");
    EXPECT_EQ(refused("contender", 3), at + ": method 4 is not among the comparison's 1 methods");
    EXPECT_NE(refused("data_set", "0").find(at + ": field \"data_set\""), std::string::npos) << refused("data_set", "0");
    EXPECT_NE(refused("contender", -1).find(at + ": field \"contender\""), std::string::npos) << refused("contender", -1);
    EXPECT_NE(refused("comparison", 5).find(at + ": comparison must be an object"), std::string::npos) << refused("comparison", 5);

    nlohmann::json forest = comparison;
    forest["contenders"][0] = {{"method", "forest"}, {"label", ""}, {"params", nlohmann::json::object()}};
    EXPECT_EQ(refused("comparison", forest), at + ": the random forest is a reference score, not a tree that was refitted");
    nlohmann::json unknown = comparison;
    unknown["contenders"][0] = {{"method", "oak"}, {"label", ""}, {"params", nlohmann::json::object()}};
    EXPECT_EQ(refused("comparison", unknown).rfind(at + ": unknown method", 0), 0u) << refused("comparison", unknown);

    document["runs"][2]["refit"] = "cart";
    EXPECT_NE(refusal_of(document.dump()).find(at + " must be an object, not "), std::string::npos) << refusal_of(document.dump());
}

}  // namespace
}  // namespace treelab
