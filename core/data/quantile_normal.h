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

// QuantileTransformer._transform_col (forward, normal output) of one feature, value by value:
// what quantile_normal applies to a column, and what a threshold on the transformed axis is
// mapped back through (core/data/raw_threshold.h). Non-decreasing in x (each np.interp is,
// Φ⁻¹ is, and the clips are; tests/core/data/raw_threshold_test.cpp checks it on every
// training value of glass and at each quantile's neighbouring doubles).
class QuantileNormal {
public:
    explicit QuantileNormal(const Eigen::VectorXd& quantiles);  // from fit_quantiles: non-empty, sorted
    double operator()(double x) const;
    // A raw value near where the transform reaches z (the interpolation read backwards): the
    // starting guess of an exact search, not itself exact.
    double approximate_inverse(double z) const;

private:
    Eigen::VectorXd quantiles_, references_, reversed_quantiles_, reversed_references_;
    double clip_min_ = 0.0, clip_max_ = 0.0;
};

// QuantileTransformer._transform_col (forward, normal output) applied in place.
void quantile_normal(Eigen::Ref<Eigen::VectorXd> column, const Eigen::VectorXd& quantiles);

}  // namespace treelab
