#include "core/export/source_model.h"

#include <cmath>
#include <cstdio>
#include <limits>

#include <boost/math/distributions/normal.hpp>

#include "core/error.h"
#include "core/learners/learner.h"

namespace treelab {
namespace {

std::vector<double> as_vector(const Eigen::VectorXd& v) { return std::vector<double>(v.data(), v.data() + v.size()); }

SourceInput source_input(const InputColumn& input, int first_feature) {
    SourceInput out;
    out.name = input.name;
    out.first_feature = first_feature;
    out.categorical = input.kind == ColumnKind::Categorical;
    if (!out.categorical) {
        out.impute_value = input.impute_value;
        out.missing_indicator = input.missing_indicator;
        return out;
    }
    out.levels = input.levels;
    for (std::size_t k = 0; k < input.levels.size(); ++k)
        if (input.levels[k] == kMissingLevel) out.missing_level = static_cast<int>(k);
    out.leave_one_out = input.encoding == CategoricalEncoding::LeaveOneOut;
    if (out.leave_one_out) {
        for (std::size_t k = 0; k < input.levels.size(); ++k) out.level_values.push_back(input.leave_one_out.value(k));
        out.unseen_value = input.leave_one_out.value(std::nullopt);
    }
    return out;
}

int feature_count(const SourceInput& input) {
    if (!input.categorical) return input.missing_indicator ? 2 : 1;
    return input.leave_one_out ? 1 : static_cast<int>(input.levels.size());
}

void add_tree(SourceModel& out, const TreeModel& tree) {
    for (const TreeNode& node : tree.nodes) {
        out.left.push_back(node.left);
        out.right.push_back(node.right);
        out.pruned.push_back(node.pruned ? 1 : 0);
        out.feature.push_back(node.is_split() && !node.is_oblique() ? node.feature : -1);
        out.threshold.push_back(node.is_split() ? node.threshold : 0.0);
        out.oblique_row.push_back(node.is_split() && node.is_oblique() ? static_cast<int>(out.oblique.size()) : -1);
        if (node.is_split() && node.is_oblique()) out.oblique.push_back(as_vector(node.weights));
        out.linear_row.push_back(node.is_linear() ? static_cast<int>(out.linear.size()) : -1);
        if (node.is_linear()) out.linear.push_back(as_vector(node.leaf_weights));
        Eigen::VectorXd value = node.distribution;
        if (value.size() != out.outputs) value = Eigen::VectorXd::Zero(out.outputs);  // a node the tree never stops at
        out.values.push_back(as_vector(value));
    }
    out.float32 = tree.axis_precision == AxisPrecision::Float32;
}

void add_predictor(SourceModel& out, const TreeModel& tree) {
    if (!tree.routing_predictor || !tree.routing_predictor->predicts_target()) return;
    const RoutingPredictor& predictor = *tree.routing_predictor;
    out.predictor = true;
    out.elu_splits = predictor.activation == SplitActivation::Elu;
    out.internal = static_cast<int>(tree.nodes.size() / 2);
    out.activity = as_vector(predictor.activity);
    for (const DenseLayer& layer : predictor.layers) {
        SourceLayer source;
        for (Eigen::Index r = 0; r < layer.weights.rows(); ++r) source.weights.push_back(as_vector(layer.weights.row(r).transpose()));
        source.bias = as_vector(layer.bias);
        out.layers.push_back(std::move(source));
    }
}

}  // namespace

SourceModel source_model(const ModelFile& model) {
    SourceModel out;
    const TreeModel& tree = model.tree;
    out.task = tree.task;
    out.class_names = tree.class_names;
    out.outputs = tree.task == Task::Classification ? tree.classes() : 1;
    for (const InputColumn& input : model.pipeline.inputs) {
        out.inputs.push_back(source_input(input, out.features));
        out.features += feature_count(out.inputs.back());
    }
    if (out.features != tree.features())
        throw Error("the model's pipeline gives " + std::to_string(out.features) + " features but its tree reads " +
                    std::to_string(tree.features()));
    out.scaling = model.pipeline.scaling;
    out.center = as_vector(model.pipeline.center);
    out.scale = as_vector(model.pipeline.scale);
    for (const Eigen::VectorXd& q : model.pipeline.quantiles) out.quantiles.push_back(as_vector(q));
    // quantile_normal.cpp's clip: Φ⁻¹ of sklearn's BOUNDS_THRESHOLD less one epsilon, and of its complement.
    const double tail = 1e-7 - std::numeric_limits<double>::epsilon();
    out.clip_min = boost::math::quantile(boost::math::normal(), tail);
    out.clip_max = boost::math::quantile(boost::math::normal(), 1.0 - tail);
    add_tree(out, tree);
    add_predictor(out, tree);
    return out;
}

std::string exported_model_title(const ModelFile& model) {
    const std::string& method = model.card.method;
    for (const LearnerInfo& learner : learners())
        if (learner.name == method) return "TreeLab " + learner.label + " model";
    return method.empty() ? "TreeLab model" : "TreeLab " + method + " model";
}

std::vector<std::string> documented_inputs(const SourceModel& model, char quote, const CommentEscape& escape) {
    const auto quoted = [&](const std::string& text) { return quote + escape(text) + quote; };
    std::vector<std::string> lines;
    for (std::size_t k = 0; k < model.inputs.size(); ++k) {
        const SourceInput& input = model.inputs[k];
        std::string line = "row[" + std::to_string(k) + "] " + escape(input.name);
        if (!input.categorical) {
            lines.push_back(line + ": number");
            continue;
        }
        line += ": categorical, codes";
        for (std::size_t level = 0; level < input.levels.size(); ++level)
            line += (level ? ", " : " ") + std::to_string(level) + " = " + quoted(input.levels[level]);
        if (input.missing_level >= 0) line += " (a missing value, -1, counts as " + quoted("?") + ")";
        lines.push_back(line);
    }
    return lines;
}

std::string documented_classes(const SourceModel& model, char quote, const CommentEscape& escape) {
    std::string text;
    for (std::size_t k = 0; k < model.class_names.size(); ++k)
        text += (k ? ", " : " ") + std::to_string(k) + " = " + quote + escape(model.class_names[k]) + quote;
    return text;
}

std::string exact_double_text(double value) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    return buffer;
}

}  // namespace treelab
