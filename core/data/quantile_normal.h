#pragma once
// Internal to core/data: the quantile-normal scaling of the GradTree protocol, i.e. scikit-learn
// 1.2.1 QuantileTransformer(output_distribution="normal") on one feature, without subsampling.
// Written to agree with it to rounding (tests/fixtures/quantile_normal.json).
#include <vector>

#include <Eigen/Core>

namespace treelab {

// np.nanpercentile(values, linspace(0, 100, min(n_quantiles, n))) made non-decreasing, as
// QuantileTransformer._dense_fit does. `values` must be finite and non-empty.
Eigen::VectorXd fit_quantiles(std::vector<double> values, int n_quantiles);

// QuantileTransformer._transform_col (forward, normal output) applied in place.
void quantile_normal(Eigen::Ref<Eigen::VectorXd> column, const Eigen::VectorXd& quantiles);

}  // namespace treelab
