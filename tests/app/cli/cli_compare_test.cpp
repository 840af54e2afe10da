// treelab-cli train --cv, compare and merge-compare end to end: outputs, files and exit codes.
#include <gtest/gtest.h>

#include <filesystem>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

using test::CommandResult;
using test::run_cli;

std::string shipped(const std::string& name) { return test::dataset(name).string(); }

// train --cv 10 prints every fold and the mean ± std (CART on glass: scikit-learn's
// cross_val_score mean 0.7113 ± 0.1012), and --model-out saves the refit on all 214 rows.
TEST(CliCompare, TrainCrossValidates) {
    test::TempDir dir;
    const std::string model = dir.file("m.json").string();
    const CommandResult result = run_cli("train --data " + shipped("glass.csv") + " --target Type --cv 10 --model-out " + model, dir);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.out.find("10-fold cross-validation (seed 0)"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("accuracy 0.7113 ± 0.1012"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("warning: the smallest class has only 9 rows"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("refitted on all 214 rows"), std::string::npos) << result.out;
    EXPECT_TRUE(std::filesystem::exists(model));
    const CommandResult repeated = run_cli("train --data " + shipped("iris.csv") + " --target species --cv 5x2", dir);
    ASSERT_EQ(repeated.exit_code, 0) << repeated.err;
    EXPECT_NE(repeated.out.find("mean ± std over 10 folds"), std::string::npos) << repeated.out;
    EXPECT_EQ(run_cli("train --data " + shipped("iris.csv") + " --target species --cv 5 --json", dir).exit_code, 2);
}

// compare on two data sets prints the table, the tests against CART, the mean ranks and the
// Friedman test, and writes one CSV row per cell.
TEST(CliCompare, CompareTwoDataSets) {
    test::TempDir dir;
    const std::string out = dir.file("c.csv").string();
    const CommandResult result = run_cli("compare --data " + shipped("iris.csv") + ":species," + shipped("wine.csv") +
                                             ":cultivar --methods cart,gradtree,get --quick --set cart.max_depth=3 --cv 3 --jobs 2 --out " + out,
                                         dir);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    for (const char* text : {"against CART on accuracy", "mean ranks on accuracy over 2 data sets", "Friedman test", "wrote 18 cells"})
        EXPECT_NE(result.out.find(text), std::string::npos) << text << "\n" << result.out;
    const std::string csv = test::read_file(out);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 19);
    EXPECT_EQ(csv.rfind("data_set,method,label,repeat,fold,error,fit_seconds", 0), 0u) << csv;
}

// Bad input: an unknown method, a bad --cv, a data set without its target, a --set for a method not
// compared: each a usage error (exit code 2) naming the cause, and no file written.
TEST(CliCompare, RefusesBadInput) {
    test::TempDir dir;
    const std::string base = "compare --out " + dir.file("c.csv").string() + " ";
    const std::string iris = shipped("iris.csv");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"--data " + iris + ":species --methods cart,trees", "unknown method"},
        {"--data " + iris + ":species --cv 10y", "is not a resampling"},
        {"--data " + iris + " --methods cart", "has no target"},
        {"--data " + iris + ":species --methods cart --set dgt.height=3", "METHOD.PARAM=VALUE"},
        {"--data " + iris + ":species --methods cart,cart", "twice"},
        {"--data " + iris + ":species --methods cart --cv 1", "at least 2 folds"},
    };
    for (const auto& [arguments, message] : cases) {
        const CommandResult result = run_cli(base + arguments, dir);
        EXPECT_EQ(result.exit_code, 2) << arguments << "\n" << result.err;
        EXPECT_NE(result.err.find(message), std::string::npos) << arguments << "\n" << result.err;
    }
    EXPECT_FALSE(std::filesystem::exists(dir.file("c.csv")));
}

// Two shards merged by merge-compare give the whole comparison's CSV; a missing part is refused.
TEST(CliCompare, ShardsMerge) {
    test::TempDir dir;
    const std::string compare = "compare --data " + shipped("iris.csv") + ":species --methods cart,get --quick --cv 3";
    ASSERT_EQ(run_cli(compare + " --out " + dir.file("whole.csv").string(), dir).exit_code, 0);
    std::string parts;
    for (const int k : {0, 1}) {
        const std::string part = dir.file("part" + std::to_string(k) + ".csv").string();
        const CommandResult shard = run_cli(compare + " --shard " + std::to_string(k) + "/2 --out " + part, dir);
        ASSERT_EQ(shard.exit_code, 0) << shard.err;
        parts += " " + part;
    }
    const CommandResult merged = run_cli("merge-compare" + parts + " --out " + dir.file("merged.csv").string(), dir);
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    EXPECT_NE(merged.out.find("against CART"), std::string::npos) << merged.out;
    EXPECT_EQ(test::comparison_csv_without_seconds(test::read_file(dir.file("merged.csv"))), test::comparison_csv_without_seconds(test::read_file(dir.file("whole.csv"))));
    const CommandResult missing = run_cli("merge-compare " + dir.file("part0.csv").string() + " --out " + dir.file("m.csv").string(), dir);
    EXPECT_EQ(missing.exit_code, 3);
    EXPECT_NE(missing.err.find("in no part"), std::string::npos) << missing.err;
}

#ifdef TREELAB_DRAW
// Comparisons run one data set at a time combine with merge-compare into one ranking, drawn as a
// critical-difference diagram in vector form; one data set has no ranks to draw.
TEST(CliCompare, CombinesDataSetsAndDrawsTheCriticalDifference) {
    test::TempDir dir;
    std::string files;
    for (const std::string set : {"iris.csv:species", "servo.csv:Class", "wine.csv:cultivar"}) {
        const std::string out = dir.file(set.substr(0, set.find('.')) + ".csv").string();
        const CommandResult one = run_cli("compare --data " + shipped(set) + " --methods cart,latent,forest --quick --cv 3 --out " + out, dir);
        ASSERT_EQ(one.exit_code, 0) << one.err;
        files += " " + out;
    }
    const std::string figure = dir.file("cd.svg").string();
    const CommandResult combined = run_cli("merge-compare" + files + " --out " + dir.file("all.csv").string() + " --figure " + figure, dir);
    ASSERT_EQ(combined.exit_code, 0) << combined.err;
    EXPECT_NE(combined.out.find("mean ranks on each data set's headline score (accuracy, R²) over 3 data sets"), std::string::npos)
        << combined.out;
    const std::string svg = test::read_file(figure);
    for (const char* text : {"CD = 1.91", "LatentTrees", "Random forest", "accuracy (classification) and R² (regression)"})
        EXPECT_NE(svg.find(text), std::string::npos) << text;
    const CommandResult single = run_cli("compare --data " + shipped("iris.csv") + ":species --methods cart,forest --quick --cv 3 --out " +
                                             dir.file("one.csv").string() + " --figure " + dir.file("one.svg").string(),
                                         dir);
    EXPECT_EQ(single.exit_code, 2);
    EXPECT_NE(single.err.find("one"), std::string::npos) << single.err;
}
#endif

}  // namespace
}  // namespace treelab
