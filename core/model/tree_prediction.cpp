// Predictions and training counts, both read off the routing (tree_routing.cpp), or for a model
// with a routing predictor of its target off the soft traversal (soft_routing.h). A linear leaf
// adds its leaf_weights·x to its value (tree_model.h).
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/model/soft_routing.h"
#include "core/model/tree_model.h"
#include "core/nn/argmax.h"
#include "core/nn/softmax.h"

namespace treelab {
namespace {

bool predicts_target(const TreeModel& model) {
    return model.routing_predictor && model.routing_predictor->predicts_target();
}

// rows × distribution size: the distribution of each row's stopping node, plus leaf_weights·x
// where that node is a linear leaf.
Eigen::MatrixXd node_distributions(const TreeModel& model, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    const Eigen::VectorXi stop = model.route(X);
    Eigen::MatrixXd values(X.rows(), model.task == Task::Classification ? model.classes() : 1);
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
        const TreeNode& node = model.nodes[static_cast<std::size_t>(stop(i))];
        values.row(i) = node.distribution.transpose();
        if (node.is_linear()) values(i, 0) += X.row(i).dot(node.leaf_weights);
    }
    return values;
}

}  // namespace

Eigen::VectorXd most_probable_class(const Eigen::Ref<const Eigen::MatrixXd>& proba) {
    return nn::row_argmax(proba).cast<double>();
}

Eigen::MatrixXd TreeModel::predict_outputs(const Eigen::Ref<const Eigen::MatrixXd>& X) const {
    if (!routing_predictor) return node_distributions(*this, X);
    return latent_predictor(*routing_predictor, X, latent_traversal(*this, X));
}

Eigen::MatrixXd TreeModel::predict_proba(const Eigen::Ref<const Eigen::MatrixXd>& X) const {
    if (task != Task::Classification) throw Error("class probabilities need a classification model");
    return predicts_target(*this) ? nn::softmax(predict_outputs(X)) : node_distributions(*this, X);
}

Eigen::VectorXd TreeModel::predict(const Eigen::Ref<const Eigen::MatrixXd>& X) const {
    if (task == Task::Regression)
        return (predicts_target(*this) ? predict_outputs(X) : node_distributions(*this, X)).col(0);
    // The argmax of predict_proba itself, so the two never disagree on rounding ties.
    return most_probable_class(predict_proba(X));
}

// Pruned nodes are off every row's path, so they end up with no samples and flagged empty.
void TreeModel::set_routing_counts(const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::VectorXd>& y) {
    if (y.size() != X.rows())
        throw Error("cannot count " + std::to_string(X.rows()) + " rows with " + std::to_string(y.size()) + " targets");
    const Eigen::SparseMatrix<double, Eigen::RowMajor> routing = routing_matrix(X);
    const Eigen::VectorXd samples = routing * Eigen::VectorXd::Ones(X.rows());
    Eigen::MatrixXd counts;  // nodes × C
    if (task == Task::Classification) {
        Eigen::MatrixXd one_hot = Eigen::MatrixXd::Zero(X.rows(), classes());
        for (Eigen::Index i = 0; i < y.size(); ++i) {
            if (!(y(i) >= 0.0 && y(i) < classes() && y(i) == std::floor(y(i))))
                throw Error("target " + std::to_string(y(i)) + " of row " + std::to_string(i + 1) +
                            " is not a class index of this " + std::to_string(classes()) + "-class model");
            one_hot(i, static_cast<Eigen::Index>(y(i))) = 1.0;
        }
        counts = routing * one_hot;
    }
    for (std::size_t id = 0; id < nodes.size(); ++id) {
        TreeNode& node = nodes[id];
        const auto k = static_cast<Eigen::Index>(id);
        node.samples = samples(k);
        node.empty = samples(k) == 0.0;
        if (task == Task::Classification)
            node.class_counts = counts.row(k).transpose();
        else
            node.class_counts.resize(0);
    }
}

}  // namespace treelab
