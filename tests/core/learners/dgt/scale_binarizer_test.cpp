#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/dgt/scale_binarizer.h"

namespace treelab {
namespace {

// Worked by hand from microsoft/DGT src/models/xdgthelper.py, ScaleBinarizer1: Z = [[0.5, −1.5], [2, −0]] gives fac = 1 and q = [[1, 0], [1, 1]]
// (−0 counts as ≥ 0); the backward pass lets the gradient through only where |z| ≤ 1.
TEST(DgtScaleBinarizer, ReferenceExample) {
    Eigen::MatrixXd Z(2, 2);
    Z << 0.5, -1.5, 2.0, -0.0;
    Eigen::MatrixXd q;
    EXPECT_EQ(dgt::scale_binarize(Z, dgt::Quantiser::Scale, q), 1.0);
    Eigen::MatrixXd expected(2, 2);
    expected << 1, 0, 1, 1;
    EXPECT_EQ(q, expected);
    Eigen::MatrixXd g(2, 2), d_Z;
    g << 3, 4, 5, 6;
    dgt::scale_binarize_backward(Z, g, d_Z);
    Eigen::MatrixXd passed(2, 2);
    passed << 3, 0, 0, 6;
    EXPECT_EQ(d_Z, passed);
}

// fac is the mean |z| of the whole batch × node matrix (Scale), 1 for Sign; the window stays |z| ≤ 1.
TEST(DgtScaleBinarizer, FacOverTheWholeBatch) {
    Eigen::MatrixXd Z(2, 3);
    Z << 1, -2, 3, -4, 5, 1.5;
    Eigen::MatrixXd q;
    EXPECT_DOUBLE_EQ(dgt::scale_binarize(Z, dgt::Quantiser::Scale, q), 16.5 / 6.0);
    EXPECT_EQ(q(0, 1), 0.0);
    EXPECT_DOUBLE_EQ(q(0, 0), 16.5 / 6.0);
    EXPECT_EQ(dgt::scale_binarize(Z, dgt::Quantiser::Sign, q), 1.0);
    EXPECT_EQ(q(1, 1), 1.0);
    Eigen::MatrixXd d_Z;
    EXPECT_THROW(dgt::scale_binarize_backward(Z, Eigen::MatrixXd::Ones(3, 2), d_Z), Error);
}

}  // namespace
}  // namespace treelab
