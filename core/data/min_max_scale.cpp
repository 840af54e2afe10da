#include "core/data/min_max_scale.h"

#include "core/error.h"

namespace treelab {

MinMaxScale MinMaxScale::fit(const Eigen::Ref<const Eigen::VectorXd>& values) {
    if (values.size() == 0) throw Error("cannot scale a target with no values");
    MinMaxScale scale;
    scale.low = values.minCoeff();
    const double range = values.maxCoeff() - scale.low;
    scale.range = range > 0.0 ? range : 1.0;
    return scale;
}

Eigen::VectorXd MinMaxScale::apply(const Eigen::Ref<const Eigen::VectorXd>& values) const {
    return ((values.array() - low) / range).matrix();
}

Eigen::MatrixXd MinMaxScale::invert(const Eigen::Ref<const Eigen::MatrixXd>& scaled) const {
    return ((scaled.array() * range) + low).matrix();
}

}  // namespace treelab
