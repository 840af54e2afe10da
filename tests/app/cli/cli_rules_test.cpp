// `treelab-cli rules` writes thresholds in the data's units whatever scaling the model trains on.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "core/data/csv_reader.h"
#include "core/model/model_file.h"
#include "tests/app/cli/cli_runner.h"
#include "tests/support/signups_table.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// A GradTree on quantile-normal inputs (its default): each split line of `rules` names a raw value
// v that splits every Glass row as the model's own threshold t splits its scaled value,
// (x ≤ v) == (T(x) ≤ t); the scaled thresholds themselves (negative for features never negative)
// are not printed.
TEST(CliRules, QuantileScaledGradTreeReadsInRawUnits) {
    test::TempDir dir;
    const std::string model_file = dir.file("gradtree.json").string();
    const test::CommandResult train = test::run_cli("train --data " + test::dataset("glass.csv").string() +
                                                        " --target Type --method gradtree --param depth=3 --param epochs=60"
                                                        " --param restarts=0 --seed 3 --model-out " + model_file,
                                                    dir);
    ASSERT_EQ(train.exit_code, 0) << train.err;
    const test::CommandResult rules = test::run_cli("rules --model " + model_file, dir);
    ASSERT_EQ(rules.exit_code, 0) << rules.err;

    const ModelFile model = load_model(model_file);
    ASSERT_EQ(model.pipeline.scaling, Scaling::QuantileNormal);
    const Table table = read_csv(test::dataset("glass.csv"));
    FeaturePipeline unscaled = model.pipeline;
    unscaled.scaling = Scaling::None;
    const Eigen::MatrixXd raw = unscaled.transform(table), scaled = model.pipeline.transform(table);
    const std::vector<std::string> names = model.pipeline.feature_names();

    // The split lines in the order the tree is walked (left before right, "<=" lines only).
    std::vector<int> order;
    std::vector<int> stack{0};
    while (!stack.empty()) {
        const int id = stack.back();
        stack.pop_back();
        if (model.tree.stops_at(id)) continue;
        order.push_back(id);
        const TreeNode& node = model.tree.nodes[static_cast<std::size_t>(id)];
        stack.push_back(node.right);
        stack.push_back(node.left);
    }
    const std::regex split_line(R"(\|--- (\S+) <= (\S+)\n)");
    std::size_t checked = 0;
    auto line = std::sregex_iterator(rules.out.begin(), rules.out.end(), split_line);
    for (; line != std::sregex_iterator() && checked < order.size(); ++line, ++checked) {
        const TreeNode& node = model.tree.nodes[static_cast<std::size_t>(order[checked])];
        ASSERT_EQ((*line)[1].str(), names[static_cast<std::size_t>(node.feature)]) << rules.out;
        const double v = std::stod((*line)[2].str());
        for (Eigen::Index i = 0; i < raw.rows(); ++i)
            EXPECT_EQ(raw(i, node.feature) <= v, scaled(i, node.feature) <= node.threshold)
                << names[static_cast<std::size_t>(node.feature)] << " <= " << v << " (model: " << node.threshold << "), row " << i;
        EXPECT_GE(v, raw.col(node.feature).minCoeff() - 1e-9) << "a threshold below every value of the feature";
    }
    EXPECT_EQ(checked, order.size()) << rules.out;
    EXPECT_GE(checked, 3u);
}

// A date column's splits read as dates, on z-scored inputs too: every split line names a day, no
// line a day count; the numeric column's split stays a number.
TEST(CliRules, DateColumnSplitsReadAsDates) {
    test::TempDir dir;
    test::write_signups(dir.file("signups.csv"), false);
    const std::string model_file = dir.file("m.json").string();
    const test::CommandResult train = test::run_cli("train --data " + dir.file("signups.csv").string() +
                                                        " --target plan --method cart --param max_depth=2 --split 1,0,0"
                                                        " --scaling zscore --model-out " + model_file,
                                                    dir);
    ASSERT_EQ(train.exit_code, 0) << train.err;
    const test::CommandResult rules = test::run_cli("rules --model " + model_file, dir);
    ASSERT_EQ(rules.exit_code, 0) << rules.err;
    EXPECT_NE(rules.out.find("|--- signup <= 2020-03-14\n"), std::string::npos) << rules.out;
    EXPECT_NE(rules.out.find("|--- signup >  2020-03-14\n"), std::string::npos) << rules.out;
    EXPECT_TRUE(std::regex_search(rules.out, std::regex(R"(amount <= \d+\.\d+\n)"))) << rules.out;
    EXPECT_EQ(rules.out.find("1833"), std::string::npos) << rules.out;
}

}  // namespace
}  // namespace treelab
