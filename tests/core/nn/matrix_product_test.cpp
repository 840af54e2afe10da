#include <gtest/gtest.h>

#include "core/error.h"
#include "core/nn/matrix_product.h"

namespace treelab {
namespace {

// Every transpose combination agrees with Eigen's product, also on column blocks (an outer stride
// larger than the rows) and into a map's block.
TEST(NnMatrixProduct, AgreesWithEigenForEveryTranspose) {
    const Eigen::MatrixXd A = Eigen::MatrixXd::Random(7, 5), B = Eigen::MatrixXd::Random(5, 9), wide = Eigen::MatrixXd::Random(9, 12);
    Eigen::MatrixXd C;
    nn::multiply_into(A, nn::Op::Plain, B, nn::Op::Plain, C);
    EXPECT_TRUE(C.isApprox(A * B, 1e-14));
    nn::multiply_into(A.transpose().eval(), nn::Op::Transposed, B, nn::Op::Plain, C);
    EXPECT_TRUE(C.isApprox(A * B, 1e-14));
    nn::multiply_into(A, nn::Op::Plain, B.transpose().eval(), nn::Op::Transposed, C);
    EXPECT_TRUE(C.isApprox(A * B, 1e-14));
    nn::multiply_into(A.transpose().eval(), nn::Op::Transposed, B.transpose().eval(), nn::Op::Transposed, C);
    EXPECT_TRUE(C.isApprox(A * B, 1e-14));
    // wide's first 5 columns (rows 2..8) are a block with outer stride 9; the result lands in a block.
    Eigen::MatrixXd target = Eigen::MatrixXd::Zero(10, 8);
    nn::multiply(wide.block(2, 0, 7, 5), nn::Op::Transposed, wide.block(2, 5, 7, 6), nn::Op::Plain, target.block(1, 1, 5, 6));
    EXPECT_TRUE(target.block(1, 1, 5, 6).isApprox(wide.block(2, 0, 7, 5).transpose() * wide.block(2, 5, 7, 6), 1e-14));
    EXPECT_EQ(target.col(0).norm(), 0.0);
    EXPECT_EQ(target.row(0).norm(), 0.0);
}

// Into::Add adds the product to what C holds, on a block too, and an empty inner dimension then
// leaves C as it was.
TEST(NnMatrixProduct, AddsIntoWhatTheTargetHolds) {
    const Eigen::MatrixXd A = Eigen::MatrixXd::Random(6, 4), B = Eigen::MatrixXd::Random(6, 5), before = Eigen::MatrixXd::Random(8, 7);
    Eigen::MatrixXd C = before;
    nn::multiply(A, nn::Op::Transposed, B, nn::Op::Plain, C.block(2, 1, 4, 5), nn::Into::Add);
    Eigen::MatrixXd expected = before;
    expected.block(2, 1, 4, 5) += A.transpose() * B;
    EXPECT_TRUE(C.isApprox(expected, 1e-14));
    EXPECT_EQ(C.col(0), before.col(0));
    nn::multiply(Eigen::MatrixXd(8, 0), nn::Op::Plain, Eigen::MatrixXd(0, 7), nn::Op::Plain, C, nn::Into::Add);
    EXPECT_TRUE(C.isApprox(expected, 1e-14));
}

// An empty inner dimension gives zeros; mismatched shapes are refused with the shapes in the message.
TEST(NnMatrixProduct, EmptyInnerDimensionAndMismatch) {
    Eigen::MatrixXd C = Eigen::MatrixXd::Ones(3, 2);
    nn::multiply(Eigen::MatrixXd(3, 0), nn::Op::Plain, Eigen::MatrixXd(0, 2), nn::Op::Plain, C);
    EXPECT_EQ(C, Eigen::MatrixXd::Zero(3, 2));
    try {
        nn::multiply(Eigen::MatrixXd(3, 4), nn::Op::Plain, Eigen::MatrixXd(5, 2), nn::Op::Plain, C);
        FAIL() << "a 3 × 4 by 5 × 2 product was accepted";
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find("3 × 4 by 5 × 2"), std::string::npos) << error.what();
    }
}

}  // namespace
}  // namespace treelab
