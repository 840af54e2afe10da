#include "core/data/dataset.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace treelab {
namespace {

// subset keeps the chosen rows in the given order, with names and task.
TEST(Dataset, SubsetKeepsRowsInOrder) {
    Dataset data;
    data.X = (Eigen::MatrixXd(3, 2) << 0, 1, 10, 11, 20, 21).finished();
    data.y = (Eigen::VectorXd(3) << 0, 1, 2).finished();
    data.feature_names = {"a", "b"};
    data.class_names = {"x", "y", "z"};
    const Dataset part = data.subset({2, 0});
    EXPECT_EQ(part.X, (Eigen::MatrixXd(2, 2) << 20, 21, 0, 1).finished());
    EXPECT_EQ(part.y, (Eigen::VectorXd(2) << 2, 0).finished());
    EXPECT_EQ(part.feature_names, data.feature_names);
    EXPECT_EQ(part.classes(), 3);
    EXPECT_THROW(data.subset({3}), Error);
}

// Task names round-trip and an unknown name is a ParamError.
TEST(Dataset, TaskNames) {
    EXPECT_EQ(task_from_string(to_string(Task::Classification)), Task::Classification);
    EXPECT_EQ(task_from_string(to_string(Task::Regression)), Task::Regression);
    EXPECT_THROW(task_from_string("clustering"), ParamError);
}

}  // namespace
}  // namespace treelab
