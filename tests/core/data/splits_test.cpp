#include "core/data/splits.h"

#include <algorithm>
#include <numeric>

#include <gtest/gtest.h>

#include "core/error.h"

namespace treelab {
namespace {

Eigen::VectorXd iris_like_labels() {
    Eigen::VectorXd labels(150);
    for (Eigen::Index i = 0; i < 150; ++i) labels(i) = static_cast<double>(i / 50);  // sorted by class, as iris.csv
    return labels;
}

RowIndices head(const RowIndices& rows, std::size_t n) {
    return RowIndices(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(n));
}
Eigen::Index sum(const RowIndices& rows) { return std::accumulate(rows.begin(), rows.end(), Eigen::Index{0}); }

// The three parts are disjoint and together hold every row exactly once.
void expect_partition(const Split& split, Eigen::Index n) {
    RowIndices all = split.train;
    all.insert(all.end(), split.valid.begin(), split.valid.end());
    all.insert(all.end(), split.test.begin(), split.test.end());
    std::sort(all.begin(), all.end());
    RowIndices expected(static_cast<std::size_t>(n));
    std::iota(expected.begin(), expected.end(), Eigen::Index{0});
    EXPECT_EQ(all, expected);
}

std::size_t count_class(const RowIndices& rows, const Eigen::VectorXd& labels, double label) {
    return static_cast<std::size_t>(
        std::count_if(rows.begin(), rows.end(), [&](Eigen::Index r) { return labels(r) == label; }));
}

// numpy_permutation equals numpy.random.RandomState(seed).permutation(n) (values taken from numpy 1.24).
TEST(Splits, NumpyPermutationMatchesNumpy) {
    EXPECT_EQ(numpy_permutation(10, 0), (RowIndices{2, 8, 4, 9, 1, 6, 7, 3, 0, 5}));
    EXPECT_EQ(numpy_permutation(7, 12345), (RowIndices{6, 3, 4, 0, 1, 5, 2}));
    EXPECT_EQ(numpy_permutation(20, 4294967295u),
              (RowIndices{11, 17, 19, 15, 1, 5, 8, 16, 13, 18, 14, 9, 10, 6, 0, 4, 7, 12, 2, 3}));
    EXPECT_EQ(head(numpy_permutation(100000, 1), 5), (RowIndices{43660, 87278, 14317, 81932, 95321}));
    EXPECT_TRUE(numpy_permutation(0, 1).empty());
}

// The GradTree split reproduces sklearn train_test_split twice on iris for seeds 42 and 43 (values printed by sklearn 1.2.1).
TEST(Splits, GradTreeMatchesCheckValues) {
    const Eigen::VectorXd labels = iris_like_labels();
    const Split s42 = make_split(labels, {0.6, 0.2, 0.2}, SplitMode::GradTree, 42);
    EXPECT_EQ(head(s42.test, 8), (RowIndices{73, 18, 118, 78, 76, 31, 64, 141}));
    EXPECT_EQ(sum(s42.test), 2263);
    EXPECT_EQ(head(s42.valid, 8), (RowIndices{62, 53, 42, 34, 28, 135, 72, 142}));
    EXPECT_EQ(sum(s42.valid), 2201);
    EXPECT_EQ(head(s42.train, 5), (RowIndices{122, 2, 66, 107, 114}));
    const Split s43 = make_split(labels, {0.6, 0.2, 0.2}, SplitMode::GradTree, 43);
    EXPECT_EQ(head(s43.test, 8), (RowIndices{30, 0, 138, 67, 105, 39, 113, 71}));
    EXPECT_EQ(sum(s43.test), 1942);
    EXPECT_EQ(head(s43.valid, 8), (RowIndices{33, 87, 129, 69, 93, 104, 84, 35}));
    EXPECT_EQ(sum(s43.valid), 2367);
    expect_partition(s43, 150);
}

// With n = 214 (glass) both GradTree cuts are floor(0.2 n) = 42 rows of the full n, as sklearn gives.
TEST(Splits, GradTreeFloorsOnFullSize) {
    const Split split = make_split(Eigen::VectorXd::Zero(214), {0.6, 0.2, 0.2}, SplitMode::GradTree, 0);
    EXPECT_EQ(split.test.size(), 42u);
    EXPECT_EQ(split.valid.size(), 42u);
    EXPECT_EQ(split.train.size(), 130u);
    EXPECT_EQ(head(split.test, 5), (RowIndices{197, 37, 89, 176, 170}));
    EXPECT_EQ(sum(split.test), 4858);
    EXPECT_EQ(head(split.valid, 5), (RowIndices{123, 206, 73, 62, 28}));
    EXPECT_EQ(sum(split.valid), 3928);
    EXPECT_EQ(head(split.train, 5), (RowIndices{173, 1, 203, 8, 188}));
}

// Stratified parts have the requested sizes and the class proportions of the whole.
TEST(Splits, StratifiedKeepsProportions) {
    const Eigen::VectorXd labels = iris_like_labels();
    const Split split = make_split(labels, {0.6, 0.2, 0.2}, SplitMode::Stratified, 1);
    EXPECT_EQ(split.train.size(), 90u);
    EXPECT_EQ(split.valid.size(), 30u);
    EXPECT_EQ(split.test.size(), 30u);
    expect_partition(split, 150);
    for (double label = 0; label < 3; ++label) {
        EXPECT_EQ(count_class(split.train, labels, label), 30u);
        EXPECT_EQ(count_class(split.valid, labels, label), 10u);
        EXPECT_EQ(count_class(split.test, labels, label), 10u);
    }
}

// Unequal classes: sizes are the rounded fractions of n, and a rare class still reaches every part.
TEST(Splits, StratifiedCoversRareClasses) {
    Eigen::VectorXd labels = Eigen::VectorXd::Zero(101);
    labels.tail(3).setConstant(1.0);  // 3 rows of class 1
    labels.segment(50, 20).setConstant(2.0);
    const Split split = make_split(labels, {0.7, 0.15, 0.15}, SplitMode::Stratified, 5);
    EXPECT_EQ(split.train.size(), 71u);  // 70.7
    EXPECT_EQ(split.valid.size(), 15u);  // 15.15
    EXPECT_EQ(split.test.size(), 15u);
    expect_partition(split, 101);
    for (const RowIndices* part : {&split.train, &split.valid, &split.test})
        EXPECT_EQ(count_class(*part, labels, 1.0), 1u);
    EXPECT_EQ(count_class(split.train, labels, 2.0), 14u);
}

// The same seed gives the same split, another seed another one.
TEST(Splits, DeterministicPerSeed) {
    const Eigen::VectorXd labels = iris_like_labels();
    for (const SplitMode mode : {SplitMode::Stratified, SplitMode::Shuffled, SplitMode::GradTree}) {
        const Split a = make_split(labels, {0.5, 0.25, 0.25}, mode, 7);
        const Split b = make_split(labels, {0.5, 0.25, 0.25}, mode, 7);
        const Split c = make_split(labels, {0.5, 0.25, 0.25}, mode, 8);
        EXPECT_EQ(a.train, b.train);
        EXPECT_EQ(a.test, b.test);
        EXPECT_NE(a.train, c.train);
    }
}

// A shuffled split (and a stratified one on a regression target) has the requested sizes and covers the rows.
TEST(Splits, ShuffledSizes) {
    Eigen::VectorXd target = Eigen::VectorXd::LinSpaced(10, 0.5, 9.5);  // not class indices
    for (const SplitMode mode : {SplitMode::Shuffled, SplitMode::Stratified}) {
        const Split split = make_split(target, {0.8, 0.0, 0.2}, mode, 3);
        EXPECT_EQ(split.train.size(), 8u);
        EXPECT_TRUE(split.valid.empty());
        EXPECT_EQ(split.test.size(), 2u);
        expect_partition(split, 10);
    }
}

// Fractions parse from text and bad ones are ParamErrors.
TEST(Splits, ParsesFractions) {
    const SplitFractions f = parse_split_fractions("0.7, 0.1,0.2");
    EXPECT_EQ(f.train, 0.7);
    EXPECT_EQ(f.valid, 0.1);
    EXPECT_EQ(f.test, 0.2);
    EXPECT_EQ(parse_split_fractions("1,0,0").train, 1.0);
    for (const char* bad :
         {"0.6,0.2", "0.6,0.2,0.2,0", "0.5,0.2,0.2", "1.2,-0.2,0", "0,0.5,0.5", "a,b,c", "", "0.6,,0.4"}) {
        EXPECT_THROW(parse_split_fractions(bad), ParamError) << bad;
    }
}

// Split mode names round-trip.
TEST(Splits, ModeNames) {
    for (const SplitMode mode : {SplitMode::Stratified, SplitMode::Shuffled, SplitMode::GradTree}) {
        EXPECT_EQ(split_mode_from_string(to_string(mode)), mode);
    }
    EXPECT_THROW(split_mode_from_string("random"), ParamError);
}

}  // namespace
}  // namespace treelab
