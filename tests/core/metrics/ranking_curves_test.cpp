#include "core/metrics/ranking_curves.h"

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/metrics/classification_metrics.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

struct RankingCase {
    nlohmann::json json;
    Eigen::VectorXd y;
    Eigen::MatrixXd proba;
    int classes = 0;
};

std::vector<RankingCase> ranking_cases() {
    std::ifstream in(test::fixture("metrics/ranking.json"));
    const nlohmann::json all = nlohmann::json::parse(in);
    std::vector<RankingCase> cases;
    for (const nlohmann::json& c : all.at("cases")) {
        RankingCase one;
        one.json = c;
        one.classes = c.at("classes").get<int>();
        const auto y = c.at("y").get<std::vector<double>>();
        one.y = Eigen::Map<const Eigen::VectorXd>(y.data(), static_cast<Eigen::Index>(y.size()));
        one.proba.resize(one.y.size(), one.classes);
        for (Eigen::Index i = 0; i < one.y.size(); ++i)
            for (int k = 0; k < one.classes; ++k) one.proba(i, k) = c.at("proba").at(static_cast<std::size_t>(i)).at(static_cast<std::size_t>(k)).get<double>();
        cases.push_back(std::move(one));
    }
    return cases;
}

// sklearn's NaN rates are written as −1 in the fixture (JSON has no NaN).
void expect_curve(const Curve& curve, const nlohmann::json& expected) {
    const auto x = expected.at("x").get<std::vector<double>>();
    const auto y = expected.at("y").get<std::vector<double>>();
    const auto thresholds = expected.at("thresholds").get<std::vector<double>>();
    ASSERT_EQ(curve.x.size(), x.size());
    ASSERT_EQ(curve.y.size(), y.size());
    ASSERT_EQ(curve.thresholds.size(), thresholds.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        EXPECT_NEAR(std::isnan(curve.x[i]) ? -1.0 : curve.x[i], x[i], 1e-15) << i;
        EXPECT_NEAR(std::isnan(curve.y[i]) ? -1.0 : curve.y[i], y[i], 1e-15) << i;
    }
    for (std::size_t i = 0; i < thresholds.size(); ++i) EXPECT_EQ(curve.thresholds[i], thresholds[i]) << i;
}

// Per-class ROC and precision-recall curves (points and thresholds, after sklearn's dropping of
// collinear ROC points), their areas and the macro, weighted and micro averages equal sklearn's on
// CART probabilities full of ties, logistic ones, a binary set and a class absent from the rows.
TEST(RankingCurves, EqualSklearn) {
    for (const RankingCase& c : ranking_cases()) {
        SCOPED_TRACE(c.json.at("name").get<std::string>());
        const RankingCurves curves = ranking_curves(c.y, c.proba, c.classes);
        for (int k = 0; k < c.classes; ++k) {
            SCOPED_TRACE("class " + std::to_string(k));
            const nlohmann::json& expected = c.json.at("per_class").at(static_cast<std::size_t>(k));
            expect_curve(curves.roc[static_cast<std::size_t>(k)], expected.at("roc"));
            expect_curve(curves.pr[static_cast<std::size_t>(k)], expected.at("pr"));
            if (expected.at("auc").is_null()) {
                EXPECT_TRUE(std::isnan(curves.auc(k)));
                EXPECT_TRUE(std::isnan(curves.ap(k)));
            } else {
                EXPECT_NEAR(curves.auc(k), expected.at("auc").get<double>(), 1e-14);
                EXPECT_NEAR(curves.ap(k), expected.at("ap").get<double>(), 1e-14);
            }
        }
        EXPECT_NEAR(curves.macro_auc, c.json.at("macro_auc").get<double>(), 1e-14);
        EXPECT_NEAR(curves.weighted_auc, c.json.at("weighted_auc").get<double>(), 1e-14);
        EXPECT_NEAR(curves.micro_auc, c.json.at("micro_auc").get<double>(), 1e-14);
        EXPECT_NEAR(curves.macro_ap, c.json.at("macro_ap").get<double>(), 1e-14);
        EXPECT_NEAR(curves.weighted_ap, c.json.at("weighted_ap").get<double>(), 1e-14);
        EXPECT_NEAR(curves.micro_ap, c.json.at("micro_ap").get<double>(), 1e-14);
        expect_curve(curves.micro_roc, c.json.at("micro_roc"));
        expect_curve(curves.micro_pr, c.json.at("micro_pr"));
        EXPECT_NEAR(roc_auc(c.y, c.proba, c.classes), c.json.at("macro_auc").get<double>(), 1e-14);
    }
}

// The per-class table (precision, recall, F1, support), balanced accuracy and Cohen's κ of the
// most probable classes equal sklearn's precision_recall_fscore_support, balanced_accuracy_score
// and cohen_kappa_score.
TEST(RankingCurves, PerClassReportEqualsSklearn) {
    for (const RankingCase& c : ranking_cases()) {
        SCOPED_TRACE(c.json.at("name").get<std::string>());
        const auto predicted = c.json.at("predicted").get<std::vector<double>>();
        const ClassificationReport report = classification_report(
            c.y, Eigen::Map<const Eigen::VectorXd>(predicted.data(), static_cast<Eigen::Index>(predicted.size())), c.classes);
        for (int k = 0; k < c.classes; ++k) {
            const auto i = static_cast<std::size_t>(k);
            EXPECT_NEAR(report.precision(k), c.json.at("precision").at(i).get<double>(), 1e-15) << k;
            EXPECT_NEAR(report.recall(k), c.json.at("recall").at(i).get<double>(), 1e-15) << k;
            EXPECT_NEAR(report.f1(k), c.json.at("f1").at(i).get<double>(), 1e-15) << k;
            EXPECT_EQ(report.support(k), c.json.at("support").at(i).get<int>()) << k;
        }
        EXPECT_NEAR(report.balanced_accuracy, c.json.at("balanced_accuracy").get<double>(), 1e-15);
        EXPECT_NEAR(report.cohen_kappa, c.json.at("cohen_kappa").get<double>(), 1e-14);
    }
}

// Hand-made cases: a single class among the rows has no ROC AUC, and a perfect ranking gives 1.
TEST(RankingCurves, UndefinedAndPerfectAreas) {
    const Eigen::VectorXd all_positive = Eigen::VectorXd::Ones(4);
    const Eigen::VectorXd scores{{0.9, 0.8, 0.3, 0.1}};
    EXPECT_TRUE(std::isnan(binary_roc_auc(all_positive, scores)));
    const Eigen::VectorXd positive{{1, 1, 0, 0}};
    EXPECT_EQ(binary_roc_auc(positive, scores), 1.0);
    EXPECT_EQ(average_precision(positive, scores), 1.0);
    EXPECT_EQ(binary_roc_auc(positive, -scores), 0.0);
}

}  // namespace
}  // namespace treelab
