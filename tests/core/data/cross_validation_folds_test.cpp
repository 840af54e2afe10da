// Cross-validation folds: scikit-learn's folds on every shipped data set, and what the folds refuse.
#include "core/data/cross_validation_folds.h"

#include <fstream>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/data/csv_reader.h"
#include "core/data/target_encoding.h"
#include "core/error.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

nlohmann::json fold_fixture(const std::string& name) {
    std::ifstream in(test::fixture("folds/" + name + ".json"));
    return nlohmann::json::parse(in);
}

// The target of a shipped data set as TreeLab encodes it (class indices or values).
Eigen::VectorXd shipped_targets(const nlohmann::json& fixture, Task task) {
    const Table table = read_csv(test::dataset(fixture["dataset"].get<std::string>()));
    const TargetEncoding encoding = fit_target(table, table.column_index(fixture["target"].get<std::string>()), task, 100);
    return encode_target(table, encoding);
}

// Each row's test fold per repeat, one digit per row, as the fixture stores them.
std::vector<std::string> test_fold_strings(const std::vector<Fold>& folds, std::size_t rows) {
    std::vector<std::string> strings;
    for (const Fold& fold : folds) {
        if (static_cast<std::size_t>(fold.repeat) >= strings.size()) strings.emplace_back(rows, '?');
        for (const Eigen::Index row : fold.test) strings[static_cast<std::size_t>(fold.repeat)][static_cast<std::size_t>(row)] = static_cast<char>('0' + fold.fold);
    }
    return strings;
}

class ShippedFolds : public testing::TestWithParam<std::string> {};

// k-fold and repeated k-fold at two seeds equal scikit-learn 1.2.1's StratifiedKFold /
// RepeatedStratifiedKFold (classification) and KFold / RepeatedKFold (regression) row for row;
// every fold's training rows are the other rows, in order.
TEST_P(ShippedFolds, EqualScikitLearn) {
    const nlohmann::json fixture = fold_fixture(GetParam());
    const Task task = task_from_string(fixture["task"].get<std::string>());
    const Eigen::VectorXd targets = shipped_targets(fixture, task);
    ASSERT_EQ(targets.size(), fixture["rows"].get<Eigen::Index>());
    for (const nlohmann::json& scheme : fixture["schemes"]) {
        Resampling resampling;
        resampling.folds = scheme["folds"].get<int>();
        resampling.repeats = scheme["repeats"].get<int>();
        const Folds folds = make_folds(targets, task, resampling, scheme["seed"].get<std::uint32_t>());
        ASSERT_EQ(folds.folds.size(), static_cast<std::size_t>(resampling.folds * resampling.repeats));
        EXPECT_EQ(test_fold_strings(folds.folds, static_cast<std::size_t>(targets.size())),
                  scheme["test_folds"].get<std::vector<std::string>>())
            << GetParam() << " " << resampling_spec(resampling) << " seed " << scheme["seed"];
        for (const Fold& fold : folds.folds) {
            EXPECT_EQ(fold.index, fold.repeat * resampling.folds + fold.fold);
            EXPECT_EQ(fold.train.size() + fold.test.size(), static_cast<std::size_t>(targets.size()));
            EXPECT_TRUE(std::is_sorted(fold.train.begin(), fold.train.end()));
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Datasets, ShippedFolds,
                         testing::Values("iris", "wine", "wdbc", "glass", "breastcancer", "housevotes84",
                                         "letterrecognition", "servo", "diabetes"));

// Texts of the CLI and the GUI read back; a bad text names what is accepted.
TEST(Resampling, ParsesTexts) {
    EXPECT_EQ(resampling_spec(parse_resampling("10")), "10");
    EXPECT_EQ(resampling_spec(parse_resampling("10x3")), "10x3");
    EXPECT_EQ(resampling_spec(parse_resampling("loo")), "loo");
    EXPECT_EQ(resampling_spec(parse_resampling("holdout")), "holdout");
    EXPECT_EQ(resampling_text(parse_resampling("10x3")), "10×3-fold");
    EXPECT_EQ(resampling_text(parse_resampling("5")), "5-fold");
    EXPECT_EQ(resampling_text(parse_resampling("loo")), "leave-one-out");
    for (const char* bad : {"", "x", "10x", "ten", "1", "0x3", "10x0", "-5", "10x3x2", "10 "})
        EXPECT_THROW(parse_resampling(bad), ParamError) << bad;
}

// Fewer than two folds, more folds than rows, or a class target whose every class is smaller than
// k are refused.
TEST(Resampling, RefusesImpossibleFolds) {
    const Eigen::VectorXd values = Eigen::VectorXd::LinSpaced(10, 0.0, 9.0);
    Resampling resampling;
    resampling.folds = 11;
    EXPECT_THROW(make_folds(values, Task::Regression, resampling, 0), ParamError);
    resampling.folds = 1;
    EXPECT_THROW(make_folds(values, Task::Regression, resampling, 0), ParamError);
    resampling.folds = 10;
    EXPECT_EQ(make_folds(values, Task::Regression, resampling, 0).folds.size(), 10u);
    const Eigen::VectorXd two_classes = (Eigen::VectorXd(10) << 0, 0, 0, 0, 0, 1, 1, 1, 1, 1).finished();
    resampling.folds = 6;
    EXPECT_THROW(make_folds(two_classes, Task::Classification, resampling, 0), ParamError);
    resampling.folds = 5;
    EXPECT_TRUE(make_folds(two_classes, Task::Classification, resampling, 0).warning.empty());
}

// A class with fewer rows than folds gives a warning and still usable folds: the fold that tests
// the single row of class 2 trains without it (scikit-learn warns and splits the same).
TEST(Resampling, ClassSmallerThanFoldsWarns) {
    const Eigen::VectorXd labels = (Eigen::VectorXd(9) << 0, 1, 0, 1, 0, 1, 2, 0, 1).finished();
    Resampling resampling;
    resampling.folds = 3;
    const Folds folds = make_folds(labels, Task::Classification, resampling, 4);
    EXPECT_NE(folds.warning.find("only 1 rows"), std::string::npos) << folds.warning;
    int without_class_2 = 0;
    for (const Fold& fold : folds.folds) {
        bool trains_on_2 = false;
        for (const Eigen::Index row : fold.train) trains_on_2 |= labels(row) == 2.0;
        without_class_2 += !trains_on_2;
    }
    EXPECT_EQ(without_class_2, 1);
}

// Leave-one-out tests each row once; holdout is make_split's split.
TEST(Resampling, LeaveOneOutAndHoldout) {
    const Eigen::VectorXd labels = (Eigen::VectorXd(6) << 0, 1, 0, 1, 0, 1).finished();
    const Folds loo = make_folds(labels, Task::Classification, parse_resampling("loo"), 0);
    ASSERT_EQ(loo.folds.size(), 6u);
    for (std::size_t i = 0; i < 6; ++i) {
        EXPECT_EQ(loo.folds[i].test, RowIndices{static_cast<Eigen::Index>(i)});
        EXPECT_EQ(loo.folds[i].train.size(), 5u);
    }
    const Eigen::VectorXd many = Eigen::VectorXd::LinSpaced(50, 0.0, 49.0).unaryExpr([](double v) { return std::fmod(v, 3.0); });
    const Folds holdout = make_folds(many, Task::Classification, parse_resampling("holdout"), 5);
    ASSERT_EQ(holdout.folds.size(), 1u);
    Split expected = make_split(many, SplitFractions{}, SplitMode::Stratified, 5);
    for (RowIndices* part : {&expected.train, &expected.valid, &expected.test}) std::sort(part->begin(), part->end());
    const Split split = fold_split(holdout.folds[0], many, Task::Classification, true, 5);
    EXPECT_EQ(split.train, expected.train);
    EXPECT_EQ(split.valid, expected.valid);
    EXPECT_EQ(split.test, expected.test);
}

// A learner that stops early gets a quarter of the fold's training rows as validation rows,
// stratified, and a different quarter in another fold; other learners train on every training row.
TEST(Resampling, FoldSplitHoldsOutValidationRows) {
    const Eigen::VectorXd labels = Eigen::VectorXd::LinSpaced(120, 0.0, 119.0).unaryExpr([](double v) { return std::fmod(v, 3.0); });
    const Folds folds = make_folds(labels, Task::Classification, parse_resampling("5"), 0);
    const Split plain = fold_split(folds.folds[0], labels, Task::Classification, false, 0);
    EXPECT_EQ(plain.train, folds.folds[0].train);
    EXPECT_TRUE(plain.valid.empty());
    const Split early = fold_split(folds.folds[0], labels, Task::Classification, true, 0);
    EXPECT_EQ(early.valid.size(), 24u);  // 0.25 of 96
    EXPECT_EQ(early.train.size(), 72u);
    EXPECT_EQ(early.test, folds.folds[0].test);
    for (double c = 0; c < 3; ++c)
        EXPECT_EQ(std::count_if(early.valid.begin(), early.valid.end(), [&](Eigen::Index row) { return labels(row) == c; }), 8);
    std::set<Eigen::Index> rows(early.train.begin(), early.train.end());
    rows.insert(early.valid.begin(), early.valid.end());
    EXPECT_EQ(rows, std::set<Eigen::Index>(folds.folds[0].train.begin(), folds.folds[0].train.end()));
    EXPECT_EQ(fold_split(folds.folds[0], labels, Task::Classification, true, 0).valid, early.valid);
    Fold moved = folds.folds[0];
    moved.index = 1;
    EXPECT_NE(fold_split(moved, labels, Task::Classification, true, 0).valid, early.valid);
}

}  // namespace
}  // namespace treelab
