#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/metrics/classification_metrics.h"
#include "core/model/tree_model.h"
#include "core/nn/argmax.h"

namespace treelab {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Ties go to the lowest index, for a vector and for every row of a matrix.
TEST(NnArgmax, TiesGoToTheLowestIndex) {
    EXPECT_EQ(nn::argmax(Eigen::Vector4d(1.0, 3.0, 3.0, 2.0)), 1);
    EXPECT_EQ(nn::argmax(Eigen::Vector3d(5.0, 5.0, 5.0)), 0);
    Eigen::MatrixXd m(3, 3);
    m << 1, 2, 2,  //
        7, 7, 1,   //
        0, 0, 0.5;
    EXPECT_EQ(nn::row_argmax(m), Eigen::Vector3i(1, 0, 2));
}

// NaN counts as the largest value, so the first NaN wins (numpy's argmax); an all-NaN row gives 0.
TEST(NnArgmax, FirstNanWins) {
    EXPECT_EQ(nn::argmax(Eigen::Vector3d(1.0, kNaN, 2.0)), 1);
    EXPECT_EQ(nn::argmax(Eigen::Vector3d(kNaN, 9.0, kNaN)), 0);
    Eigen::MatrixXd m(3, 3);
    m << 1, 5, kNaN,  //
        kNaN, kNaN, kNaN, 4, kNaN, 6;
    EXPECT_EQ(nn::row_argmax(m), Eigen::Vector3i(2, 0, 1));
}

// A matrix row can be passed directly (strided view), and agrees with row_argmax.
TEST(NnArgmax, RowViewsAgreeWithRowArgmax) {
    Eigen::MatrixXd m(4, 5);
    m << 0, 1, 2, 3, 4,  //
        4, 3, 2, 1, 0,   //
        1, 9, 9, 0, 1,   //
        -1, -1, -1, -1, -0.5;
    const Eigen::VectorXi rows = nn::row_argmax(m);
    for (Eigen::Index i = 0; i < m.rows(); ++i) EXPECT_EQ(nn::argmax(m.row(i).transpose()), rows(i)) << "row " << i;
    EXPECT_EQ(most_probable_class(m), rows.cast<double>());
}

// Nothing to choose from is an error rather than index 0.
TEST(NnArgmax, EmptyThrows) {
    EXPECT_THROW(nn::argmax(Eigen::VectorXd()), Error);
    EXPECT_THROW(nn::row_argmax(Eigen::MatrixXd(2, 0)), Error);
    EXPECT_EQ(nn::row_argmax(Eigen::MatrixXd(0, 3)).size(), 0);
}

// The shared accuracy counts exact matches; argmax_accuracy scores the row argmax with its tie rule.
TEST(NnArgmax, AccuracyOfScores) {
    EXPECT_DOUBLE_EQ(accuracy(Eigen::Vector4d(0, 1, 2, 1), Eigen::Vector4d(0, 1, 1, 1)), 0.75);
    Eigen::MatrixXd scores(3, 2);
    scores << 0.5, 0.5,  // tie → class 0
        0.2, 0.8, 0.9, 0.1;
    EXPECT_DOUBLE_EQ(argmax_accuracy(Eigen::Vector3d(0, 1, 1), scores), 2.0 / 3.0);
    EXPECT_THROW(accuracy(Eigen::Vector2d(0, 1), Eigen::Vector3d(0, 1, 1)), Error);
    EXPECT_THROW(accuracy(Eigen::VectorXd(), Eigen::VectorXd()), Error);
}

}  // namespace
}  // namespace treelab
