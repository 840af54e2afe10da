// data_units.h.
#include "core/export/data_units.h"

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "core/data/feature_scaling.h"
#include "core/data/raw_threshold.h"
#include "core/error.h"
#include "core/export/feature_value_text.h"

namespace treelab {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// An indicator's values are 0 and 1: any threshold between them routes as 0.5 does.
constexpr double kIndicatorThreshold = 0.5;

class DataUnits {
public:
    DataUnits(const TreeModel& tree, const FeaturePipeline& pipeline)
        : pipeline_(pipeline), precision_(tree.axis_precision), indicator_(indicator_features(pipeline)),
          scalings_(static_cast<std::size_t>(tree.features())) {
        if (static_cast<int>(indicator_.size()) != tree.features())
            throw Error("the model's feature pipeline makes " + std::to_string(indicator_.size()) + " features but its tree reads " +
                        std::to_string(tree.features()));
        if (pipeline.scaling == Scaling::ZScore && (pipeline.center.size() != tree.features() || pipeline.scale.size() != tree.features()))
            throw Error("the z-score scaling does not match the features");
    }

    // The raw threshold of an axis-aligned split: x ≤ it goes left (raw_threshold.h).
    double axis_threshold(int feature, double t) {
        const FeatureScaling& scaling = scaling_of(feature);
        const auto routed = [&](double x) {  // what the model compares with t
            const double z = scaling(x);
            return precision_ == AxisPrecision::Float32 ? round_to_float32(z) : z;
        };
        if (indicator_[static_cast<std::size_t>(feature)]) {
            if (routed(1.0) <= t) return kInfinity;
            return routed(0.0) <= t ? kIndicatorThreshold : -kInfinity;
        }
        const RawThreshold raw = raw_threshold(routed, t, scaling.approximate_inverse(t));
        if (raw.routes == RawThreshold::Routes::EveryRowLeft) return kInfinity;
        if (raw.routes == RawThreshold::Routes::EveryRowRight) return -kInfinity;
        return raw.value;
    }

    // w·z with z_j = (x_j − c_j)/s_j as w'·x + offset: w' = w/s, offset = −Σ w_j·c_j/s_j.
    double fold_zscore(Eigen::VectorXd& weights) const {
        weights = weights.cwiseQuotient(pipeline_.scale);
        return -weights.dot(pipeline_.center);
    }

private:
    const FeatureScaling& scaling_of(int feature) {
        std::optional<FeatureScaling>& scaling = scalings_[static_cast<std::size_t>(feature)];
        if (!scaling) scaling.emplace(pipeline_, feature);
        return *scaling;
    }

    const FeaturePipeline& pipeline_;
    AxisPrecision precision_;
    std::vector<bool> indicator_;
    std::vector<std::optional<FeatureScaling>> scalings_;  // built when a split first reads the feature
};

}  // namespace

TreeModel tree_in_data_units(const TreeModel& tree, const FeaturePipeline& pipeline) {
    TreeModel shown = tree;
    // A pipeline that is not the tree's (throws below when scaled) gives no units rather than wrong ones.
    if (std::vector<ValueUnit> read_as = feature_units(pipeline); static_cast<int>(read_as.size()) == tree.features())
        shown.feature_units = std::move(read_as);
    if (pipeline.scaling == Scaling::None) return shown;
    DataUnits units(tree, pipeline);
    bool unfolded = false;  // oblique weights or slopes left on the scaled axis
    for (TreeNode& node : shown.nodes) {
        if (node.is_split() && !node.is_oblique()) {
            node.threshold = units.axis_threshold(node.feature, node.threshold);
        } else if (node.is_split() && pipeline.scaling == Scaling::ZScore) {
            node.threshold -= units.fold_zscore(node.weights);  // w·z ≤ t ⇔ w'·x + offset ≤ t
        } else if (node.is_split()) {
            unfolded = true;
        }
        if (node.is_linear() && pipeline.scaling == Scaling::ZScore) {
            node.distribution(0) += units.fold_zscore(node.leaf_weights);  // h + k·z = (h + offset) + k'·x
        } else if (node.is_linear()) {
            unfolded = true;
        }
    }
    shown.axis_precision = AxisPrecision::Float64;  // the raw thresholds hold the float32 rounding already
    if (unfolded) shown.weight_scale = "quantile-normal";
    if (pipeline.scaling == Scaling::ZScore) shown.weight_spread = pipeline.scale;
    return shown;
}

TreeModel tree_in_data_units(const ModelFile& model) { return tree_in_data_units(model.tree, model.pipeline); }

}  // namespace treelab
