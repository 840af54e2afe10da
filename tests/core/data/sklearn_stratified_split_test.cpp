#include <gtest/gtest.h>

#include <numeric>

#include "core/data/csv_reader.h"
#include "core/data/splits.h"
#include "core/data/target_encoding.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

struct Expected {
    const char* file;
    const char* target;
    std::uint32_t seed;
    std::vector<Eigen::Index> train_head, valid_head, test_head;
    Eigen::Index train_sum, valid_sum, test_sum;
};

// train_test_split(stratify=y, test_size=0.2, random_state=seed), then test_size=0.25 of the rest,
// printed by scikit-learn 1.2.1 / numpy 1.24.2 (first 10 rows of each part, in order, and sums).
const std::vector<Expected> kSklearn = {
    {"glass.csv", "Type", 459107, {157, 108, 154, 89, 134, 12, 44, 90, 203, 9}, {63, 0, 48, 43, 96, 73, 102, 152, 95, 70},
     {210, 98, 76, 27, 138, 163, 206, 149, 141, 111}, 13542, 4470, 4779},
    {"iris.csv", "species", 3, {16, 107, 69, 76, 13, 103, 53, 143, 9, 122}, {15, 58, 80, 141, 105, 124, 40, 31, 4, 61},
     {144, 71, 77, 24, 139, 134, 142, 101, 85, 87}, 6562, 2361, 2252},
    {"wine.csv", "cultivar", 42, {141, 50, 162, 146, 46, 23, 11, 131, 57, 30}, {86, 92, 111, 34, 80, 40, 88, 35, 136, 79},
     {10, 134, 28, 121, 62, 51, 7, 66, 129, 166}, 9396, 3137, 3220},
};

// The sklearn-stratified mode reproduces scikit-learn's two stratified train_test_split calls row for row
// (the LatentTrees protocol's split, vzantedeschi/LatentTrees src/clus_datasets.py).
TEST(SklearnStratifiedSplit, MatchesScikitLearnRowForRow) {
    for (const Expected& expected : kSklearn) {
        const Table table = read_csv(test::dataset(expected.file));
        const TargetEncoding target = fit_target(table, table.column_index(expected.target));
        const Split split = make_split(encode_target(table, target), {}, SplitMode::SklearnStratified, expected.seed);
        const auto head = [](const RowIndices& rows) { return RowIndices(rows.begin(), rows.begin() + 10); };
        EXPECT_EQ(head(split.train), expected.train_head) << expected.file;
        EXPECT_EQ(head(split.valid), expected.valid_head) << expected.file;
        EXPECT_EQ(head(split.test), expected.test_head) << expected.file;
        EXPECT_EQ(std::accumulate(split.train.begin(), split.train.end(), Eigen::Index{0}), expected.train_sum);
        EXPECT_EQ(std::accumulate(split.valid.begin(), split.valid.end(), Eigen::Index{0}), expected.valid_sum);
        EXPECT_EQ(std::accumulate(split.test.begin(), split.test.end(), Eigen::Index{0}), expected.test_sum);
    }
}

}  // namespace
}  // namespace treelab
