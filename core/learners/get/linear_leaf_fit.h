#pragma once
// One linear leaf of GET-Linear refitted on the rows it receives (004 App. C: k_t and h_t "are the
// linear coefficients determined by linear regression"; the paper names no solver and the
// authors' code has no GET-Linear). TreeLab computes what scikit-learn's LinearRegression does:
// x and y centred on the leaf's rows, k the minimum-norm least-squares solution of the centred
// system (a rank-revealing complete orthogonal decomposition, no normal equations, so it is as
// accurate as the data allow), h = ȳ − k·x̄. A leaf with fewer rows than p + 1, or with collinear
// inputs (a column constant in the leaf, one-hot levels summing to 1), has many exact fits: the
// minimum-norm one is finite, unique and puts no slope along directions its rows do not vary in,
// and since the intercept is left out of the norm a leaf of one row predicts that row's target.
#include <Eigen/Core>

namespace treelab::get {

struct LinearFit {
    double intercept = 0.0;  // h
    Eigen::VectorXd slopes;  // k, one per column of X
};

// The fit of y on the rows of X (at least one row). Throws Error on mismatched sizes.
LinearFit fit_linear_leaf(const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::VectorXd>& y);

}  // namespace treelab::get
