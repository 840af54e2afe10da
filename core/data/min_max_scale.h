#pragma once
// A regression target scaled to [0, 1] on the training rows, y' = (y − low)/range, and back:
// GET's target (004 §2 assumes y ∈ [0, 1]) and DGT's (the authors' main.py min-max scales y to
// [0, 1], microsoft/DGT src/main.py). A constant target keeps range 1.
#include <Eigen/Core>

namespace treelab {

struct MinMaxScale {
    double low = 0.0, range = 1.0;

    // Throws treelab::Error for no values.
    static MinMaxScale fit(const Eigen::Ref<const Eigen::VectorXd>& values);

    Eigen::VectorXd apply(const Eigen::Ref<const Eigen::VectorXd>& values) const;
    Eigen::MatrixXd invert(const Eigen::Ref<const Eigen::MatrixXd>& scaled) const;  // entrywise, any shape
};

}  // namespace treelab
