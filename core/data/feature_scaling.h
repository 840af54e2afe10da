#pragma once
// One feature's fitted scaling (feature_pipeline.h), value by value: the function a threshold on
// the scaled axis is mapped back through to the data's units (core/export/data_units.h). Every
// scaling TreeLab fits is per feature and non-decreasing: z-score is affine, quantile-normal is
// monotone (quantile_normal.h).
#include <optional>

#include <Eigen/Core>

#include "core/data/feature_pipeline.h"
#include "core/data/quantile_normal.h"

namespace treelab {

class FeatureScaling {
public:
    // Throws treelab::Error for a feature the pipeline does not have.
    FeatureScaling(const FeaturePipeline& pipeline, Eigen::Index feature);

    // The scaled value of an encoded value, bit for bit as FeaturePipeline::transform computes it.
    double operator()(double encoded) const;
    // An encoded value near where the scaling reaches `scaled`: exact for z-score up to rounding,
    // a starting guess for quantile-normal.
    double approximate_inverse(double scaled) const;

private:
    Scaling scaling_ = Scaling::None;
    double center_ = 0.0, scale_ = 1.0;
    std::optional<QuantileNormal> quantile_;
};

// Whether feature j of the design matrix only ever holds 0 or 1: a one-hot level "<name>=<level>"
// or a missing-value indicator "<name>=NA" (before scaling). Parallel to feature_names().
std::vector<bool> indicator_features(const FeaturePipeline& pipeline);

}  // namespace treelab
