#include "core/export/dot_export.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/export/data_units.h"
#include "core/export/feature_value_text.h"
#include "core/export/number_text.h"
#include "core/export/source_model.h"
#include "core/export/split_text.h"
#include "core/export/weighted_sum_text.h"
#include "core/nn/argmax.h"

namespace treelab {
namespace {

constexpr int kDigits = 4;       // significant digits of thresholds and values, as the path rules
constexpr int kObliqueTerms = 3;  // largest weights an oblique split shows, "+ …" for the rest

struct Rgb {
    int r, g, b;
};

// scikit-learn's _color_brew: n hues evenly spaced from 25°, saturation 0.75, value 0.9.
std::vector<Rgb> color_brew(int n) {
    std::vector<Rgb> colors;
    const double s = 0.75, v = 0.9, c = s * v, m = v - c;
    for (int k = 0; k < n; ++k) {
        const int h = static_cast<int>(25.0 + 360.0 / n * k);
        const double h_bar = h / 60.0;
        const double x = c * (1.0 - std::abs(std::fmod(h_bar, 2.0) - 1.0));
        const double table[7][3] = {{c, x, 0}, {x, c, 0}, {0, c, x}, {0, x, c}, {x, 0, c}, {c, 0, x}, {c, x, 0}};
        const double* rgb = table[static_cast<int>(h_bar)];
        colors.push_back({static_cast<int>(255 * (rgb[0] + m)), static_cast<int>(255 * (rgb[1] + m)), static_cast<int>(255 * (rgb[2] + m))});
    }
    return colors;
}

// export_graphviz's get_color: the colour blended with white by alpha.
std::string blend(Rgb color, double alpha) {
    alpha = std::clamp(std::isfinite(alpha) ? alpha : 0.0, 0.0, 1.0);
    const auto mix = [alpha](int channel) { return static_cast<int>(std::lround(alpha * channel + (1.0 - alpha) * 255.0)); };
    char text[8];
    std::snprintf(text, sizeof text, "#%02x%02x%02x", mix(color.r), mix(color.g), mix(color.b));
    return text;
}

// Inside a DOT string: quotes and backslashes escaped; "\n" is added by the caller as a line break.
std::string dot_text(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c == '\n' ? ' ' : c;
    }
    return out;
}

std::string count_text(double count) { return significant_text(count, 10); }

class DotWriter {
public:
    explicit DotWriter(const ModelFile& model)
        : model_(model), tree_(tree_in_data_units(model)), colors_(color_brew(std::max(tree_.classes(), 1))) {
        for (const TreeNode& node : tree_.nodes) {
            if (tree_.task != Task::Regression || node.distribution.size() == 0 || node.pruned || node.empty) continue;
            low_ = std::min(low_, node.distribution(0));
            high_ = std::max(high_, node.distribution(0));
        }
        impurity_name_ = impurity_name();
    }

    std::string write() {
        out_ << "digraph Tree {\n"
                "node [shape=box, style=\"filled, rounded\", color=\"black\", fontname=\"helvetica\"] ;\n"
                "edge [fontname=\"helvetica\"] ;\n";
        std::string caption = exported_model_title(model_) + "; a row goes to the True side when its value is at most the threshold";
        if (const std::string scale = weight_scale_text(tree_); !scale.empty()) caption += "; oblique splits: " + scale;
        if (tree_.routing_predictor && tree_.routing_predictor->predicts_target())
            caption += "; the routing predictor predicts from every leaf's routing, the node values are the training rows'";
        caption += "; dashed: pruned or empty nodes";
        out_ << "label=\"" << dot_text(caption) << "\" ;\nlabelloc=\"t\" ;\n";
        for (std::size_t id = 0; id < tree_.nodes.size(); ++id) node(static_cast<int>(id));
        for (std::size_t id = 0; id < tree_.nodes.size(); ++id) edges(static_cast<int>(id));
        out_ << "}\n";
        return out_.str();
    }

private:
    std::string impurity_name() const {
        const auto found = model_.card.params.find("criterion");
        if (model_.card.method == "cart" && found != model_.card.params.end())
            return found->second != "auto" ? found->second : tree_.task == Task::Classification ? "gini" : "squared_error";
        return "impurity";
    }

    std::string split_line(const TreeNode& node) const {
        if (node.is_oblique())
            return weighted_sum_text(node.weights, tree_.feature_names, kDigits, kObliqueTerms, tree_.weight_spread) +
                   " <= " + significant_text(node.threshold, kDigits);
        const std::string feature = feature_label(tree_.feature_names, node.feature);
        if (const std::string uncrossed = uncrossed_split_text(feature, node.threshold); !uncrossed.empty()) return uncrossed;
        return feature + " <= " + feature_value_text(tree_, node.feature, node.threshold, kDigits);
    }

    std::vector<std::string> lines(const TreeNode& node, int id) const {
        std::vector<std::string> text;
        if (node.pruned) text.push_back("(pruned)");
        else if (node.empty) text.push_back("(empty: no training row)");
        if (node.is_split() && !tree_.stops_at(id)) text.push_back(split_line(node));
        if (std::isfinite(node.impurity)) text.push_back(impurity_name_ + " = " + significant_text(node.impurity, 3));
        text.push_back("samples = " + count_text(node.samples));
        if (std::isfinite(node.soft_mass)) text.push_back("mean routing = " + significant_text(node.soft_mass, 3));
        if (tree_.task == Task::Classification) {
            if (node.class_counts.size() > 0) {
                std::string counts = "value = [";
                for (Eigen::Index k = 0; k < node.class_counts.size(); ++k) counts += (k ? ", " : "") + count_text(node.class_counts(k));
                text.push_back(counts + "]");
            }
            if (node.distribution.size() == tree_.classes())
                text.push_back("class = " + tree_.class_names.at(static_cast<std::size_t>(nn::argmax(node.distribution))));
        } else if (node.distribution.size() > 0) {
            text.push_back("value = " + leaf_value_text(node, tree_.feature_names, kDigits, kObliqueTerms, tree_.weight_spread));
        }
        return text;
    }

    std::string fill(const TreeNode& node) const {
        if (node.pruned || node.empty || node.distribution.size() == 0) return "#ffffff";
        if (tree_.task == Task::Regression)
            return blend(colors_.front(), high_ > low_ ? (node.distribution(0) - low_) / (high_ - low_) : 0.0);
        std::vector<double> sorted(node.distribution.data(), node.distribution.data() + node.distribution.size());
        std::sort(sorted.rbegin(), sorted.rend());
        const double alpha = sorted.size() < 2 ? 0.0 : (sorted[0] - sorted[1]) / (1.0 - sorted[1]);
        return blend(colors_.at(static_cast<std::size_t>(nn::argmax(node.distribution))), alpha);
    }

    static bool ghost(const TreeNode& node) { return node.pruned || node.empty; }

    void node(int id) {
        const TreeNode& n = tree_.nodes[static_cast<std::size_t>(id)];
        std::string label;
        for (const std::string& line : lines(n, id)) label += (label.empty() ? "" : "\\n") + dot_text(line);
        out_ << id << " [label=\"" << label << "\", fillcolor=\"" << fill(n) << '"';
        if (ghost(n)) out_ << ", style=\"filled, rounded, dashed\", color=\"#999999\", fontcolor=\"#777777\"";
        out_ << "] ;\n";
    }

    void edges(int id) {
        const TreeNode& n = tree_.nodes[static_cast<std::size_t>(id)];
        if (!n.is_split()) return;
        for (const int child : {n.left, n.right}) {
            out_ << id << " -> " << child;
            std::string attributes;
            if (id == 0)  // export_graphviz labels the root's edges only
                attributes = child == n.left ? "labeldistance=2.5, labelangle=45, headlabel=\"True\""
                                             : "labeldistance=2.5, labelangle=-45, headlabel=\"False\"";
            if (ghost(tree_.nodes[static_cast<std::size_t>(child)]))
                attributes += (attributes.empty() ? "" : ", ") + std::string("style=dashed, color=\"#999999\"");
            if (!attributes.empty()) out_ << " [" << attributes << "]";
            out_ << " ;\n";
        }
    }

    const ModelFile& model_;
    TreeModel tree_;
    std::vector<Rgb> colors_;
    double low_ = INFINITY, high_ = -INFINITY;
    std::string impurity_name_;
    std::ostringstream out_;
};

}  // namespace

std::string dot_export(const ModelFile& model) { return DotWriter(model).write(); }

}  // namespace treelab
