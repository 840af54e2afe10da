// dgt_export.h. Where the refitted leaves differ from the code's cdt: an empty leaf takes its
// parent's distribution (complete_tree.h, as every TreeLab learner), where the code gives it the
// training mode or mean of all rows (xcommon.py: DTPredictor.get_best_leaf_labels).
#include "core/learners/dgt/dgt_export.h"

#include <utility>

#include "core/metrics/classification_metrics.h"
#include "core/metrics/regression_metrics.h"
#include "core/model/complete_tree.h"
#include "core/nn/linear_chain.h"

namespace treelab::dgt {
namespace {

// The score auto compares; higher is better.
double score(const TreeModel& model, const Dataset& rows) {
    const Eigen::VectorXd predicted = model.predict(rows.X);
    return rows.task == Task::Classification ? accuracy(rows.y, predicted) : -regression_report(rows.y, predicted).mse;
}

}  // namespace

TreeModel export_tree(const Spec& spec, const MinMaxScale& target, const Eigen::VectorXd& parameters, LeafSource leaves,
                      const Dataset& train) {
    const ParameterView v = view(spec, parameters);
    const nn::AffineMap folded = nn::LinearChain(spec.chain()).fold(v.chain);
    CompleteTree tree;
    tree.depth = spec.height;
    tree.splits = ObliqueSplits{-folded.A, -folded.c};  // left iff −A x − c ≤ 0, i.e. A x + c ≥ 0
    if (leaves == LeafSource::Network) {
        if (spec.classification) {
            tree.leaf_values = v.leaf.array() + v.bias;
            tree.leaf_kind = LeafValueKind::Logits;
        } else {
            tree.leaf_values = target.invert(v.leaf);
        }
    }
    return complete_tree_model(tree, train);
}

TreeModel export_tree(const Spec& spec, const MinMaxScale& target, const Eigen::VectorXd& parameters, LeafChoice leaves,
                      const Dataset& train, const Dataset* valid) {
    if (leaves == LeafChoice::Network) return export_tree(spec, target, parameters, LeafSource::Network, train);
    if (leaves == LeafChoice::Refit) return export_tree(spec, target, parameters, LeafSource::Refit, train);
    TreeModel network = export_tree(spec, target, parameters, LeafSource::Network, train);
    TreeModel refit = export_tree(spec, target, parameters, LeafSource::Refit, train);
    const Dataset& judge = valid && valid->rows() > 0 ? *valid : train;
    return score(refit, judge) > score(network, judge) ? std::move(refit) : std::move(network);
}

}  // namespace treelab::dgt
