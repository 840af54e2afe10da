// treelab-cli routing end to end: a CART model trained on Glass, routed node by node.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

using test::CommandResult;
using test::run_cli;

std::string glass() { return test::dataset("glass.csv").string(); }

std::vector<std::string> split_csv_line(const std::string& line) {
    std::vector<std::string> fields;
    std::istringstream in(line);
    for (std::string field; std::getline(in, field, ',');) fields.push_back(field);
    return fields;
}

// A CART model pruned by cost complexity, trained on all 214 rows; returns train's --json output.
nlohmann::json train_pruned_cart(const test::TempDir& dir, const std::string& model) {
    const CommandResult train = run_cli("train --data " + glass() + " --target Type --method cart --param max_depth=5 "
                                        "--param ccp_alpha=0.01 --split 1,0,0 --seed 1 --json --model-out " + model, dir);
    EXPECT_EQ(train.exit_code, 0) << train.err;
    return nlohmann::json::parse(train.out);
}

// The CSV has one row per model node and one column pair per class; shares sum to 1 on every
// depth level, and each class's shares sum to 1 on the levels it reaches (0 elsewhere).
TEST(CliRouting, ByClassCsvSharesSumToOnePerLevel) {
    test::TempDir dir;
    const std::string model = dir.file("m.json").string(), out = dir.file("r.csv").string();
    const nlohmann::json trained = train_pruned_cart(dir, model);
    const CommandResult routing = run_cli("routing --model " + model + " --data " + glass() + " --by-class --out " + out, dir);
    ASSERT_EQ(routing.exit_code, 0) << routing.err;
    EXPECT_NE(routing.out.find("EN "), std::string::npos) << routing.out;
    EXPECT_NE(routing.out.find("dendrogram purity"), std::string::npos) << routing.out;

    std::ifstream file(out);
    std::string line;
    std::getline(file, line);
    EXPECT_EQ(line, "node,parent,depth,pruned,rows,share_in_level,label,rows_1,share_1,rows_2,share_2,rows_3,share_3,"
                    "rows_5,share_5,rows_6,share_6,rows_7,share_7");
    std::map<int, std::vector<double>> level_sums;  // depth -> sum of share_in_level, then of each class's share
    int rows = 0;
    while (std::getline(file, line)) {
        const std::vector<std::string> f = split_csv_line(line);
        ASSERT_EQ(f.size(), 19u) << line;
        std::vector<double>& sums = level_sums[std::stoi(f[2])];
        sums.resize(7, 0.0);
        sums[0] += std::stod(f[5]);
        for (std::size_t c = 0; c < 6; ++c) sums[c + 1] += std::stod(f[8 + 2 * c]);
        if (rows == 0) {
            EXPECT_EQ(f[4], "214") << "the root sees every row";
        }
        ++rows;
    }
    EXPECT_EQ(rows, trained["tree"]["nodes"].get<int>() + trained["tree"]["pruned_nodes"].get<int>());
    for (const auto& [depth, sums] : level_sums) {
        EXPECT_NEAR(sums[0], 1.0, 1e-12) << "depth " << depth;
        for (std::size_t c = 1; c < sums.size(); ++c)
            EXPECT_TRUE(std::abs(sums[c] - 1.0) < 1e-12 || sums[c] == 0.0) << "depth " << depth << " class " << c;
    }
}

// The JSON holds the same nodes, EN equals the training routing's empty plus pruned nodes (same
// rows), dendrogram purity in both variants, and --max-depth keeps the shallow nodes only.
TEST(CliRouting, JsonCountsAndDendrogramPurity) {
    test::TempDir dir;
    const std::string model = dir.file("m.json").string(), out = dir.file("r.json").string();
    const nlohmann::json tree = train_pruned_cart(dir, model)["tree"];
    ASSERT_GT(tree["pruned_nodes"].get<int>(), 0) << "ccp_alpha should prune some nodes";
    CommandResult routing = run_cli("routing --model " + model + " --data " + glass() + " --by-class --out " + out, dir);
    ASSERT_EQ(routing.exit_code, 0) << routing.err;
    std::ifstream file(out);
    const nlohmann::json result = nlohmann::json::parse(file);
    const int total = tree["nodes"].get<int>() + tree["pruned_nodes"].get<int>();
    ASSERT_EQ(result["nodes"].size(), static_cast<std::size_t>(total));
    int unreached = 0;
    for (const nlohmann::json& node : result["nodes"]) unreached += node["rows"].get<int>() == 0 ? 1 : 0;
    EXPECT_EQ(result["empty_nodes"], unreached);
    EXPECT_EQ(result["empty_nodes"], tree["empty_nodes"].get<int>() + tree["pruned_nodes"].get<int>());
    EXPECT_EQ(result["active_nodes"], tree["active_nodes"]);
    EXPECT_EQ(result["pruned_nodes"], tree["pruned_nodes"]);
    EXPECT_TRUE(result["nodes"][0].contains("rows_7"));
    for (const char* variant : {"reference", "textbook"}) {
        const double dp = result["dendrogram_purity"][variant].get<double>();
        EXPECT_GT(dp, 0.0) << variant;
        EXPECT_LE(dp, 1.0) << variant;
    }

    routing = run_cli("routing --model " + model + " --data " + glass() + " --max-depth 1 --out " + out, dir);
    ASSERT_EQ(routing.exit_code, 0) << routing.err;
    std::ifstream shallow_file(out);
    const nlohmann::json shallow = nlohmann::json::parse(shallow_file);
    EXPECT_EQ(shallow["nodes"].size(), 3u);
    EXPECT_FALSE(shallow["nodes"][0].contains("rows_7"));
    EXPECT_EQ(shallow["empty_nodes"], result["empty_nodes"]) << "truncation is for display only";
    EXPECT_TRUE(shallow.contains("dendrogram_purity")) << "the class column is present";
}

// A missing model file exits 3; --by-class without the class column exits 3 naming it; a bad
// output extension is a usage error.
TEST(CliRouting, Errors) {
    test::TempDir dir;
    const std::string out = dir.file("r.csv").string();
    CommandResult result = run_cli("routing --model " + dir.file("none.json").string() + " --data " + glass() + " --out " + out, dir);
    EXPECT_EQ(result.exit_code, 3);
    EXPECT_NE(result.err.find("none.json"), std::string::npos) << result.err;

    const std::string model = dir.file("m.json").string();
    train_pruned_cart(dir, model);
    std::ifstream source(glass());
    std::ostringstream unlabelled;
    for (std::string line; std::getline(source, line);) unlabelled << line.substr(0, line.rfind(',')) << '\n';
    const auto features_only = dir.write("features.csv", unlabelled.str());
    result = run_cli("routing --model " + model + " --data " + features_only.string() + " --by-class --out " + out, dir);
    EXPECT_EQ(result.exit_code, 3);
    EXPECT_NE(result.err.find("'Type'"), std::string::npos) << result.err;
    result = run_cli("routing --model " + model + " --data " + features_only.string() + " --out " + out, dir);
    EXPECT_EQ(result.exit_code, 0) << result.err;

    result = run_cli("routing --model " + model + " --data " + glass() + " --out " + dir.file("r.txt").string(), dir);
    EXPECT_EQ(result.exit_code, 2);
}

}  // namespace
}  // namespace treelab
