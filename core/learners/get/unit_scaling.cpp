// unit_scaling.h.
#include "core/learners/get/unit_scaling.h"

#include "core/error.h"

namespace treelab::get {

UnitScaling UnitScaling::fit(const Dataset& train) {
    if (train.X.rows() == 0) throw Error("GET cannot scale an empty training set");
    UnitScaling s;
    s.low = train.X.colwise().minCoeff();
    const Eigen::RowVectorXd range = train.X.colwise().maxCoeff() - s.low;
    s.factor = range.unaryExpr([](double r) { return r > 0.0 ? 1.0 / r : 0.0; });
    if (train.task == Task::Regression) s.y = MinMaxScale::fit(train.y);
    return s;
}

Eigen::MatrixXd UnitScaling::inputs(const Eigen::Ref<const Eigen::MatrixXd>& X) const {
    return ((X.rowwise() - low).array().rowwise() * factor.array()).matrix();
}

Eigen::VectorXd UnitScaling::target(const Eigen::Ref<const Eigen::VectorXd>& values) const {
    return y.apply(values);
}

ObliqueSplits UnitScaling::data_splits(const Eigen::Ref<const Eigen::MatrixXd>& A, const Eigen::Ref<const Eigen::VectorXd>& b) const {
    ObliqueSplits splits;
    splits.weights = (A.array().rowwise() * factor.array()).matrix();
    // ObliqueSplits: left iff w·x + bias <= 0, so bias = −(b + w·low).
    splits.bias = -(b + splits.weights * low.transpose());
    return splits;
}

Eigen::MatrixXd UnitScaling::data_values(const Eigen::Ref<const Eigen::MatrixXd>& unit_values) const {
    return y.invert(unit_values);
}

UnitScaling::LinearLeaves UnitScaling::data_linear_leaves(const Eigen::Ref<const Eigen::MatrixXd>& intercepts,
                                                          const Eigen::Ref<const Eigen::MatrixXd>& slopes) const {
    LinearLeaves leaves;
    leaves.weights = y.range * (slopes.array().rowwise() * factor.array()).matrix();
    leaves.values = data_values(intercepts) - leaves.weights * low.transpose();
    return leaves;
}

}  // namespace treelab::get
