#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/metrics/classification_metrics.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

Eigen::VectorXd labels(const std::vector<double>& values) {
    return Eigen::Map<const Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
}

// The confusion matrix counts true classes in rows and predicted classes in columns.
TEST(ClassificationMetrics, ConfusionMatrix) {
    Eigen::MatrixXi expected(3, 3);
    expected << 1, 1, 0, 0, 2, 0, 1, 0, 1;
    EXPECT_EQ(confusion_matrix(labels({0, 0, 1, 1, 2, 2}), labels({0, 1, 1, 1, 0, 2}), 3), expected);
}

// Accuracy, per-class precision/recall/F1 and macro-F1 match values worked out by hand.
TEST(ClassificationMetrics, ReportByHand) {
    const ClassificationReport r = classification_report(labels({0, 0, 1, 1, 2, 2}), labels({0, 1, 1, 1, 0, 2}), 3);
    EXPECT_DOUBLE_EQ(r.accuracy, 4.0 / 6.0);
    EXPECT_DOUBLE_EQ(r.precision(0), 0.5);
    EXPECT_DOUBLE_EQ(r.precision(1), 2.0 / 3.0);
    EXPECT_DOUBLE_EQ(r.precision(2), 1.0);
    EXPECT_DOUBLE_EQ(r.recall(0), 0.5);
    EXPECT_DOUBLE_EQ(r.recall(1), 1.0);
    EXPECT_DOUBLE_EQ(r.recall(2), 0.5);
    EXPECT_DOUBLE_EQ(r.f1(1), 0.8);
    EXPECT_DOUBLE_EQ(r.f1(2), 2.0 / 3.0);
    EXPECT_DOUBLE_EQ(r.macro_f1, (0.5 + 0.8 + 2.0 / 3.0) / 3.0);
}

// A class that is true but never predicted scores 0 and counts in the macro average; a class that
// occurs in neither y_true nor y_pred is left out of it, as sklearn's labels=None does.
TEST(ClassificationMetrics, NeverPredictedAndAbsentClasses) {
    const ClassificationReport r = classification_report(labels({0, 0, 1, 1}), labels({0, 0, 0, 0}), 3);
    EXPECT_EQ(r.precision(1), 0.0);
    EXPECT_EQ(r.recall(1), 0.0);
    EXPECT_EQ(r.f1(1), 0.0);
    EXPECT_EQ(r.f1(2), 0.0);
    EXPECT_DOUBLE_EQ(r.f1(0), 2.0 / 3.0);
    EXPECT_DOUBLE_EQ(r.macro_f1, 1.0 / 3.0);  // mean over classes 0 and 1 only
}

// A 4-class case against sklearn 1.2.1: f1_score(y, p, average=None / 'macro'), accuracy_score.
TEST(ClassificationMetrics, MatchesSklearn) {
    const ClassificationReport r = classification_report(labels({0, 2, 1, 1, 0, 2, 2, 3, 0, 1, 2, 0}),
                                                         labels({0, 1, 1, 2, 0, 2, 0, 0, 0, 1, 1, 2}), 5);
    EXPECT_DOUBLE_EQ(r.accuracy, 0.5);
    EXPECT_DOUBLE_EQ(r.f1(0), 0.6666666666666665);
    EXPECT_DOUBLE_EQ(r.f1(1), 0.5714285714285715);
    EXPECT_DOUBLE_EQ(r.f1(2), 0.28571428571428575);
    EXPECT_EQ(r.f1(3), 0.0);
    EXPECT_DOUBLE_EQ(r.macro_f1, 0.380952380952381);  // class 4 occurs nowhere: not averaged
}

// Labels outside 0..C-1, fractional labels, mismatched lengths and empty input are refused.
TEST(ClassificationMetrics, BadInputThrows) {
    EXPECT_THROW(confusion_matrix(labels({0, 3}), labels({0, 1}), 3), Error);
    EXPECT_THROW(confusion_matrix(labels({0, 0.5}), labels({0, 1}), 3), Error);
    EXPECT_THROW(confusion_matrix(labels({0, 1}), labels({0}), 3), Error);
    EXPECT_THROW(classification_report(labels({}), labels({}), 3), Error);
}

// Log-loss is the mean of -log p(true class).
TEST(LogLoss, ByHand) {
    Eigen::MatrixXd proba(2, 2);
    proba << 0.8, 0.2, 0.4, 0.6;
    EXPECT_DOUBLE_EQ(log_loss(labels({0, 1}), proba), -(std::log(0.8) + std::log(0.6)) / 2.0);
}

// A zero probability on the true class is clipped to eps, and rows not summing to 1 are renormalised.
TEST(LogLoss, ClipsAndRenormalises) {
    Eigen::MatrixXd proba(1, 2);
    proba << 1.0, 0.0;
    test::expect_near_rel(log_loss(labels({1}), proba, 1e-15), -std::log(1e-15), 1e-12);
    test::expect_near_rel(log_loss(labels({1}), proba), -std::log(std::numeric_limits<double>::epsilon()), 1e-12);
    proba << 0.2, 0.2;
    EXPECT_DOUBLE_EQ(log_loss(labels({0}), proba), std::log(2.0));
}

// A 3-class case with a zero and unnormalised rows against sklearn 1.2.1's
// log_loss(y, P, labels=[0, 1, 2]) with its default eps="auto" and with eps=1e-15.
TEST(LogLoss, MatchesSklearn) {
    Eigen::MatrixXd proba(6, 3);
    proba << 0.7, 0.2, 0.1, 0.1, 0.3, 0.6, 0.25, 0.5, 0.25, 0.0, 1.0, 0.0, 0.5, 0.4, 0.2, 0.3, 0.3, 0.3;
    test::expect_near_rel(log_loss(labels({0, 2, 1, 0, 0, 2}), proba), 6.581895131069033, 1e-14);
    test::expect_near_rel(log_loss(labels({0, 2, 1, 0, 0, 2}), proba, 1e-15), 6.331082298701289, 1e-14);
}

// Log-loss refuses labels outside the probability columns and mismatched lengths.
TEST(LogLoss, BadInputThrows) {
    const Eigen::MatrixXd proba = Eigen::MatrixXd::Constant(2, 2, 0.5);
    EXPECT_THROW(log_loss(labels({0, 2}), proba), Error);
    EXPECT_THROW(log_loss(labels({0}), proba), Error);
}

}  // namespace
}  // namespace treelab
