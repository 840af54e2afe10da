#include "core/export/rules_text.h"

#include <cmath>
#include <sstream>

#include "core/export/feature_value_text.h"
#include "core/export/number_text.h"
#include "core/export/split_text.h"
#include "core/nn/argmax.h"

namespace treelab {
namespace {

class RulesWriter {
public:
    RulesWriter(const TreeModel& model, const RulesOptions& options) : model_(model), options_(options) {}

    std::string write() {
        if (const std::string scale = weight_scale_text(model_); !scale.empty())
            out_ << "# oblique splits: " << scale << " of each feature, not in the data's units\n";
        visit(0, 0);
        return out_.str();
    }

private:
    std::string indent(int level) const {
        std::string text;
        for (int i = 0; i < level; ++i) text += "|   ";
        return text + "|--- ";
    }

    // "w1*name1 + w2*name2 + ..." over every nonzero weight; empty when there is none.
    std::string weighted_sum(const Eigen::VectorXd& weights) const {
        std::string sum;
        for (Eigen::Index k = 0; k < weights.size(); ++k) {
            if (weights(k) == 0.0) continue;
            sum += (sum.empty() ? "" : " + ") + significant_text(weights(k), options_.significant_digits) + "*" +
                   model_.feature_names.at(k);
        }
        return sum;
    }

    std::string condition(const TreeNode& node) const {
        if (!node.is_oblique()) return model_.feature_names.at(node.feature);
        const std::string sum = weighted_sum(node.weights);
        return sum.empty() ? "0" : sum;
    }

    // A linear leaf prints its whole formula, value + slopes (tree_model.h).
    void leaf(const TreeNode& node, int level) {
        out_ << indent(level);
        if (model_.task == Task::Classification) {
            out_ << "class: " << model_.class_names.at(static_cast<std::size_t>(nn::argmax(node.distribution)));
        } else {
            out_ << "value: " << significant_text(node.distribution(0), options_.significant_digits);
            if (const std::string slopes = weighted_sum(node.leaf_weights); !slopes.empty()) out_ << " + " << slopes;
        }
        if (options_.show_counts) out_ << "  (n = " << significant_text(node.samples, 10) << ")";
        out_ << '\n';
    }

    void visit(int index, int level) {
        const TreeNode& node = model_.nodes.at(index);
        if (model_.stops_at(index)) {
            leaf(node, level);
            return;
        }
        const std::string lhs = condition(node);
        const std::string threshold = node.is_oblique() ? significant_text(node.threshold, options_.significant_digits)
                                                        : feature_value_text(model_, node.feature, node.threshold, options_.significant_digits);
        // A split no value crosses (data_units.h) says so on both sides rather than "<= inf".
        const bool uncrossed = !node.is_oblique() && !std::isfinite(node.threshold);
        out_ << indent(level) << (uncrossed ? uncrossed_branch_text(lhs, node.threshold, true) : lhs + " <= " + threshold) << '\n';
        branch(node, node.left, level);
        out_ << indent(level) << (uncrossed ? uncrossed_branch_text(lhs, node.threshold, false) : lhs + " >  " + threshold) << '\n';
        branch(node, node.right, level);
    }

    void branch(const TreeNode& parent, int child, int level) {
        if (model_.nodes.at(child).pruned) leaf(parent, level + 1);
        else visit(child, level + 1);
    }

    const TreeModel& model_;
    const RulesOptions& options_;
    std::ostringstream out_;
};

}  // namespace

std::string rules_text(const TreeModel& model, const RulesOptions& options) {
    return RulesWriter(model, options).write();
}

}  // namespace treelab
