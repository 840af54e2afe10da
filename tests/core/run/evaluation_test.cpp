#include "core/run/evaluation.h"

#include <gtest/gtest.h>

#include "core/model/tree_model.h"
#include "tests/core/metrics/ranking_fixture.h"

namespace treelab {
namespace {

// A split's classification scores hold sklearn's accuracy, balanced accuracy, macro F1, Cohen's κ
// and ROC AUC (binary: class 1's area; else the one-vs-rest macro mean over the classes present)
// on probabilities of fitted CART and logistic models, a binary set and a class absent from the rows.
TEST(Evaluation, ClassificationScoresEqualSklearn) {
    for (const test::RankingCase& c : test::ranking_cases()) {
        SCOPED_TRACE(c.json.at("name").get<std::string>());
        const Eigen::VectorXd predicted = most_probable_class(c.proba);
        const Scores scores = classification_scores(c.y, predicted, c.proba, 0.5);
        EXPECT_EQ(scores.size(), 6u);
        EXPECT_NEAR(scores.at("balanced_accuracy"), c.json.at("balanced_accuracy").get<double>(), 1e-15);
        EXPECT_NEAR(scores.at("cohen_kappa"), c.json.at("cohen_kappa").get<double>(), 1e-14);
        EXPECT_NEAR(scores.at("roc_auc"), c.json.at("macro_auc").get<double>(), 1e-14);
        double f1 = 0;
        int present = 0;
        for (int k = 0; k < c.classes; ++k)
            if (c.json.at("support").at(static_cast<std::size_t>(k)).get<int>() > 0 || (predicted.array() == k).any()) {
                f1 += c.json.at("f1").at(static_cast<std::size_t>(k)).get<double>();
                ++present;
            }
        EXPECT_NEAR(scores.at("macro_f1"), f1 / present, 1e-15);
        EXPECT_EQ(scores.at("log_loss"), 0.5);
    }
}

// With a single class among the rows ROC AUC is undefined and left out; κ too when every
// prediction is that class as well (chance agreement 1), else it is sklearn's 0.
TEST(Evaluation, UndefinedScoresAreLeftOut) {
    const Eigen::VectorXd y = Eigen::VectorXd::Zero(3);
    const Eigen::MatrixXd proba{{0.7, 0.3}, {0.4, 0.6}, {0.9, 0.1}};
    const Scores scores = classification_scores(y, most_probable_class(proba), proba, 0.4);
    EXPECT_FALSE(scores.contains("roc_auc"));
    EXPECT_EQ(scores.at("cohen_kappa"), 0.0);
    EXPECT_NEAR(scores.at("balanced_accuracy"), 2.0 / 3.0, 1e-15);
    const Eigen::MatrixXd agreeing{{0.7, 0.3}, {0.6, 0.4}, {0.9, 0.1}};
    const Scores all_one_class = classification_scores(y, most_probable_class(agreeing), agreeing, 0.4);
    EXPECT_FALSE(all_one_class.contains("roc_auc"));
    EXPECT_FALSE(all_one_class.contains("cohen_kappa"));
    EXPECT_EQ(all_one_class.at("accuracy"), 1.0);
}

// Plots and tables name the scores in the user's words.
TEST(Evaluation, ScoreLabels) {
    EXPECT_EQ(score_label("balanced_accuracy"), "balanced accuracy");
    EXPECT_EQ(score_label("cohen_kappa"), "Cohen's κ");
    EXPECT_EQ(score_label("roc_auc"), "ROC AUC");
    EXPECT_EQ(score_label("macro_f1"), "macro F1");
    EXPECT_EQ(score_label("log_loss"), "log loss");
}

}  // namespace
}  // namespace treelab
