#pragma once
// What learners see: a numeric design matrix and an encoded target.
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

namespace treelab {

enum class Task { Classification, Regression };
std::string to_string(Task task);
Task task_from_string(const std::string& text);  // "classification" | "regression", throws ParamError

struct Dataset {
    Eigen::MatrixXd X;                       // rows × features, no NaN
    Eigen::VectorXd y;                       // class index 0..C-1 (as double) or the regression value
    Task task = Task::Classification;
    std::vector<std::string> feature_names;  // X.cols() names
    std::vector<std::string> class_names;    // C names (classification only)

    Eigen::Index rows() const { return X.rows(); }
    Eigen::Index features() const { return X.cols(); }
    int classes() const { return static_cast<int>(class_names.size()); }
    // The rows at these indices, in this order.
    Dataset subset(const std::vector<Eigen::Index>& rows) const;
};

// The rows of `top` followed by those of `bottom` (same features; names and task from `top`).
Dataset stack_rows(const Dataset& top, const Dataset& bottom);

}  // namespace treelab
