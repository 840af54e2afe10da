// feature_scaling.h.
#include "core/data/feature_scaling.h"

#include <string>

#include "core/error.h"

namespace treelab {

FeatureScaling::FeatureScaling(const FeaturePipeline& pipeline, Eigen::Index feature) : scaling_(pipeline.scaling) {
    const auto features = static_cast<Eigen::Index>(pipeline.feature_names().size());
    if (feature < 0 || feature >= features)
        throw Error("feature " + std::to_string(feature) + " is not one of the pipeline's " + std::to_string(features) + " features");
    if (scaling_ == Scaling::ZScore) {
        if (pipeline.center.size() != features || pipeline.scale.size() != features)
            throw Error("the z-score scaling does not match the features");
        center_ = pipeline.center(feature);
        scale_ = pipeline.scale(feature);
    } else if (scaling_ == Scaling::QuantileNormal) {
        if (static_cast<Eigen::Index>(pipeline.quantiles.size()) != features)
            throw Error("the quantile scaling does not match the features");
        quantile_.emplace(pipeline.quantiles[static_cast<std::size_t>(feature)]);
    }
}

double FeatureScaling::operator()(double encoded) const {
    if (scaling_ == Scaling::ZScore) return (encoded - center_) / scale_;
    if (quantile_) return (*quantile_)(encoded);
    return encoded;
}

double FeatureScaling::approximate_inverse(double scaled) const {
    if (scaling_ == Scaling::ZScore) return scaled * scale_ + center_;
    if (quantile_) return quantile_->approximate_inverse(scaled);
    return scaled;
}

std::vector<bool> indicator_features(const FeaturePipeline& pipeline) {
    std::vector<bool> indicator;
    for (const InputColumn& input : pipeline.inputs) {
        if (input.kind == ColumnKind::Numeric) {
            indicator.insert(indicator.end(), input.feature_count() - (input.missing_indicator ? 1 : 0), false);
            if (input.missing_indicator) indicator.push_back(true);
        } else if (input.encoding != CategoricalEncoding::OneHot) {
            indicator.push_back(false);  // the level's mean target or rank: a number like any other
        } else {
            indicator.insert(indicator.end(), input.levels.size(), true);
        }
    }
    return indicator;
}

}  // namespace treelab
