#include <gtest/gtest.h>

#include "core/training/epoch_outputs.h"

namespace treelab {
namespace {

// The outputs are computed once per parameter vector, again when it changes, and read back as written.
TEST(EpochOutputs, EvaluatesOncePerParameterVector) {
    int calls = 0;
    EpochOutputs outputs([&](const Eigen::VectorXd& p, Eigen::MatrixXd& train, Eigen::MatrixXd& valid) {
        ++calls;
        train = Eigen::MatrixXd::Constant(2, 1, p.sum());
        valid = Eigen::MatrixXd::Constant(3, 1, -p.sum());
    });
    const Eigen::VectorXd a = Eigen::VectorXd::Constant(4, 1.0), b = Eigen::VectorXd::Constant(4, 2.0);
    EXPECT_EQ(outputs.train(a)(0, 0), 4.0);
    EXPECT_EQ(outputs.valid(a)(2, 0), -4.0);
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(outputs.valid(b)(0, 0), -8.0);
    EXPECT_EQ(outputs.train(b).rows(), 2);
    EXPECT_EQ(calls, 2);
    EXPECT_EQ(outputs.train(Eigen::VectorXd::Constant(5, 1.0))(0, 0), 5.0) << "another size is another vector";
    EXPECT_EQ(calls, 3);
}

}  // namespace
}  // namespace treelab
