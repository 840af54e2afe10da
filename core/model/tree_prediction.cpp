// Predictions and training counts, both read off the routing (tree_routing.cpp).
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/model/tree_model.h"

namespace treelab {

Eigen::MatrixXd TreeModel::predict_proba(const Eigen::Ref<const Eigen::MatrixXd>& X) const {
    if (task != Task::Classification) throw Error("class probabilities need a classification model");
    const Eigen::VectorXi stop = route(X);
    Eigen::MatrixXd proba(X.rows(), classes());
    for (Eigen::Index i = 0; i < X.rows(); ++i) proba.row(i) = nodes[static_cast<std::size_t>(stop(i))].distribution.transpose();
    return proba;
}

Eigen::VectorXd TreeModel::predict(const Eigen::Ref<const Eigen::MatrixXd>& X) const {
    const Eigen::VectorXi stop = route(X);
    Eigen::VectorXd prediction(X.rows());
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
        const Eigen::VectorXd& distribution = nodes[static_cast<std::size_t>(stop(i))].distribution;
        if (task == Task::Regression) {
            prediction(i) = distribution(0);
            continue;
        }
        // Written out rather than maxCoeff(&k): the lowest index must win ties, as numpy's argmax.
        Eigen::Index best = 0;
        for (Eigen::Index k = 1; k < distribution.size(); ++k)
            if (distribution(k) > distribution(best)) best = k;
        prediction(i) = static_cast<double>(best);
    }
    return prediction;
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
