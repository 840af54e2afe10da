// Sharded sweeps merge into exactly the one sweep's CSV, and merging refuses what does not fit.
#include "core/run/sweep_parts.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/io/atomic_file.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

SweepConfig dgt_sweep(std::vector<std::string> values, int seeds) {
    SweepConfig config;
    config.base.data_file = test::dataset("glass.csv");
    config.base.target = "Type";
    config.base.method = "dgt";
    config.base.params = method_params("dgt", {"height=2", "epochs=2", "hidden=none"});
    config.base.seed = 3;
    config.param = "learning_rate";
    config.values = std::move(values);
    config.seeds = seeds;
    return config;
}

// Writes shard k of n of `config` into `dir` and returns its file.
std::filesystem::path write_shard(SweepConfig config, int k, int n, const test::TempDir& dir) {
    config.shard = k;
    config.shards = n;
    const std::filesystem::path file = dir.file("part" + std::to_string(k) + "of" + std::to_string(n) + ".csv");
    write_file_atomically(file, sweep_part_text(config, run_sweep(config)));
    return file;
}

std::string message_of(const std::function<void()>& merge) {
    try {
        merge();
    } catch (const Error& error) {
        return error.what();
    }
    return "(no error)";
}

// Three shards of a 3-value × 2-seed sweep, and seven (one more than the rows: a part without
// rows), merge into the CSV one sweep writes, byte for byte, in any order of the parts.
TEST(SweepParts, ShardsMergeIntoTheOneSweepsCsv) {
    const SweepConfig config = dgt_sweep({"0.01", "0.03", "0.1"}, 2);
    const std::string whole = sweep_to_csv(config.param, run_sweep(config));
    test::TempDir dir;
    const auto a = write_shard(config, 0, 3, dir), b = write_shard(config, 1, 3, dir), c = write_shard(config, 2, 3, dir);
    EXPECT_EQ(merge_sweep_parts({c, a, b}), whole);
    std::vector<std::filesystem::path> seven;
    for (int k = 0; k < 7; ++k) seven.push_back(write_shard(config, k, 7, dir));
    EXPECT_EQ(merge_sweep_parts(seven), whole);
}

// Every kind of sweepable parameter shards: a real (DGT's rate), an integer and a choice (CART's
// max_depth, criterion), a stage field (GET's schedule[2].alpha) and a value on a pruning path
// (CART's ccp_alpha, whose trees are grown once per seed and pruned at each value): the two parts
// hold disjoint rows and merge into the one sweep's CSV.
TEST(SweepParts, EveryParameterKindShards) {
    struct Kind {
        std::string method, param;
        std::vector<std::string> fixed, values;
    };
    const std::vector<Kind> kinds = {
        {"dgt", "learning_rate", {"height=2", "epochs=2", "hidden=none"}, {"0.01", "0.1", "0.3"}},
        {"cart", "max_depth", {}, {"1", "2", "3"}},
        {"cart", "criterion", {"max_depth=3"}, {"gini", "entropy"}},
        {"get", "schedule[2].alpha", {"depth=2", "starts=1", "schedule=5:3,50:3"}, {"50", "100", "U(80,120)"}},
        {"cart", "ccp_alpha", {}, {"0", "0.01", "0.02", "0.05", "0.1"}},
    };
    for (const Kind& kind : kinds) {
        SweepConfig config;
        config.base.data_file = test::dataset("glass.csv");
        config.base.target = "Type";
        config.base.method = kind.method;
        config.base.params = method_params(kind.method, kind.fixed);
        config.param = kind.param;
        config.values = kind.values;
        config.seeds = 2;
        test::TempDir dir;
        const auto a = write_shard(config, 0, 2, dir), b = write_shard(config, 1, 2, dir);
        const std::size_t rows = kind.values.size() * 2;
        // a part is its identity line, the header and its rows
        const auto lines_of = [](const std::filesystem::path& part) {
            const std::string text = test::read_file(part);
            return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
        };
        EXPECT_EQ(lines_of(a), 2 + (rows + 1) / 2) << kind.param;
        EXPECT_EQ(lines_of(b), 2 + rows / 2) << kind.param;
        EXPECT_EQ(merge_sweep_parts({a, b}), sweep_to_csv(config.param, run_sweep(config))) << kind.param;
    }
}

// A part of another sweep (other values), a row in two parts, rows in no part and a file that is
// no part are refused, each with a message naming what is wrong.
TEST(SweepParts, MergeRefusesForeignDuplicateAndMissingRows) {
    const SweepConfig config = dgt_sweep({"0.01", "0.03"}, 2);
    test::TempDir dir;
    const auto a = write_shard(config, 0, 2, dir), b = write_shard(config, 1, 2, dir);
    test::TempDir other_dir;
    const auto foreign = write_shard(dgt_sweep({"0.01", "0.1"}, 2), 1, 2, other_dir);
    EXPECT_NE(message_of([&] { merge_sweep_parts({a, foreign}); }).find("belongs to another sweep"), std::string::npos);
    const std::string duplicate = message_of([&] { merge_sweep_parts({a, b, a}); });
    EXPECT_NE(duplicate.find("row 0 is also in " + a.string()), std::string::npos) << duplicate;
    const std::string missing = message_of([&] { merge_sweep_parts({a}); });
    EXPECT_NE(missing.find("2 of the sweep's 4 rows are in no part (rows 1, 3"), std::string::npos) << missing;
    const auto not_a_part = dir.file("plain.csv");
    write_file_atomically(not_a_part, sweep_to_csv(config.param, run_sweep(config)));
    EXPECT_THROW(merge_sweep_parts({not_a_part}), DataError);
}

// The identity ignores jobs, shards and the data file's folder (a copy elsewhere is the same
// sweep) and changes with the seeds or a fixed parameter; an automatic path cannot be sharded.
TEST(SweepParts, IdentityIsWhatDecidesTheRows) {
    SweepConfig config = dgt_sweep({"0.01", "0.03"}, 2);
    const std::string identity = sweep_identity(config);
    test::TempDir dir;
    std::filesystem::copy_file(config.base.data_file, dir.file("glass.csv"));
    SweepConfig copy = config;
    copy.base.data_file = dir.file("glass.csv");
    copy.jobs = 3;
    copy.shard = 1;
    copy.shards = 2;
    EXPECT_EQ(sweep_identity(copy), identity);
    SweepConfig more_seeds = config;
    more_seeds.seeds = 3;
    EXPECT_NE(sweep_identity(more_seeds), identity);
    SweepConfig other_height = config;
    other_height.base.params = method_params("dgt", {"height=3", "epochs=2", "hidden=none"});
    EXPECT_NE(sweep_identity(other_height), identity);

    SweepConfig path;
    path.base.data_file = test::dataset("glass.csv");
    path.base.target = "Type";
    path.base.params = ParamValues(find_learner("cart").params);
    path.param = "ccp_alpha";
    path.shards = 2;
    EXPECT_THROW(run_sweep(path), ParamError);
    path.shards = 1;
    path.shard = 1;
    EXPECT_THROW(run_sweep(path), ParamError);
}

}  // namespace
}  // namespace treelab
