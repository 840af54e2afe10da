// get_hard_tree.h.
#include "core/learners/get/get_hard_tree.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/learners/get/linear_leaf_fit.h"

namespace treelab::get {

Eigen::VectorXi hard_leaves(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    const ParameterView v = view(spec, parameters);
    if (X.cols() != spec.inputs)
        throw Error("GET hard routing: " + std::to_string(X.cols()) + " feature columns for a tree on " + std::to_string(spec.inputs) +
                    " features");
    // Transposed, a node's weights and a row's features are contiguous for the dot products.
    const Eigen::MatrixXd weights = v.A.transpose(), rows = X.transpose();
    Eigen::VectorXi leaves(X.rows());
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
        Eigen::Index node = 0;
        for (int level = 0; level < spec.depth; ++level) node = 2 * node + (weights.col(node).dot(rows.col(i)) <= v.b(node) ? 1 : 2);
        leaves(i) = static_cast<int>(node - spec.internal());
    }
    return leaves;
}

void leaves_of_margins(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& margins, Eigen::Ref<Eigen::VectorXi> leaves) {
    if (margins.cols() != spec.internal() || leaves.size() != margins.rows())
        throw Error("GET hard routing: " + std::to_string(margins.rows()) + " × " + std::to_string(margins.cols()) + " margins for " +
                    std::to_string(leaves.size()) + " rows and " + std::to_string(spec.internal()) + " branch nodes");
    for (Eigen::Index i = 0; i < margins.rows(); ++i) {
        Eigen::Index node = 0;
        for (int level = 0; level < spec.depth; ++level) node = 2 * node + (margins(i, node) >= 0.0 ? 1 : 2);
        leaves(i) = static_cast<int>(node - spec.internal());
    }
}

namespace {

// 004 App. C for linear leaves: each non-empty leaf's least-squares fit (linear_leaf_fit.h) on the
// rows it receives, gathered leaf by leaf; an empty leaf keeps the constants' (min y + max y)/2, k = 0.
void fit_linear_leaves(const Eigen::VectorXi& leaves, const Eigen::Ref<const Eigen::MatrixXd>& X,
                       const Eigen::Ref<const Eigen::VectorXd>& y, const Eigen::VectorXd& counts, LeafFit& fit) {
    std::vector<std::vector<Eigen::Index>> rows(static_cast<std::size_t>(counts.size()));
    for (Eigen::Index l = 0; l < counts.size(); ++l) rows[static_cast<std::size_t>(l)].reserve(static_cast<std::size_t>(counts(l)));
    for (Eigen::Index i = 0; i < leaves.size(); ++i) rows[static_cast<std::size_t>(leaves(i))].push_back(i);
    for (Eigen::Index l = 0; l < counts.size(); ++l) {
        const std::vector<Eigen::Index>& in_leaf = rows[static_cast<std::size_t>(l)];
        if (in_leaf.empty()) continue;
        const LinearFit linear = fit_linear_leaf(X(in_leaf, Eigen::all), y(in_leaf));
        fit.values(l, 0) = linear.intercept;
        fit.slopes.row(l) = linear.slopes.transpose();
    }
}

}  // namespace

LeafFit refit_leaves(const Spec& spec, const Eigen::VectorXi& leaves, const Eigen::Ref<const Eigen::MatrixXd>& X,
                     const Eigen::Ref<const Eigen::MatrixXd>& targets) {
    if (targets.rows() != leaves.size() || targets.cols() != spec.outputs || targets.rows() == 0 ||
        (spec.linear() && (X.rows() != leaves.size() || X.cols() != spec.inputs)))
        throw Error("GET leaf refit: " + std::to_string(targets.rows()) + " × " + std::to_string(targets.cols()) + " targets and " +
                    std::to_string(X.rows()) + " × " + std::to_string(X.cols()) + " inputs for " + std::to_string(leaves.size()) +
                    " routed rows, " + std::to_string(spec.outputs) + " leaf outputs and " + std::to_string(spec.inputs) + " features");
    LeafFit fit{Eigen::MatrixXd::Zero(spec.leaves(), spec.outputs), Eigen::MatrixXd::Zero(spec.leaves(), spec.slope_columns())};
    Eigen::MatrixXd& sums = fit.values;
    Eigen::VectorXd counts = Eigen::VectorXd::Zero(spec.leaves());
    for (Eigen::Index i = 0; i < leaves.size(); ++i) {
        sums.row(leaves(i)) += targets.row(i);
        counts(leaves(i)) += 1.0;
    }
    const Eigen::RowVectorXd empty = spec.loss == LeafLoss::SquaredError
                                         ? Eigen::RowVectorXd::Constant(1, (targets.minCoeff() + targets.maxCoeff()) / 2.0)
                                         : Eigen::RowVectorXd(targets.colwise().mean());
    for (Eigen::Index l = 0; l < spec.leaves(); ++l) {
        if (counts(l) > 0.0)
            sums.row(l) /= counts(l);
        else
            sums.row(l) = empty;
    }
    if (spec.linear()) fit_linear_leaves(leaves, X, targets.col(0), counts, fit);
    return fit;
}

const LeafFit& LeafRefit::operator()(const Spec& spec, const Eigen::VectorXi& leaves, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                     const Eigen::Ref<const Eigen::MatrixXd>& targets) {
    if (leaves_.size() != leaves.size() || leaves_ != leaves || fit_.values.rows() != spec.leaves()) {
        fit_ = refit_leaves(spec, leaves, X, targets);
        leaves_ = leaves;
    }
    return fit_;
}

Eigen::MatrixXd hard_predictions(const Spec& spec, const Eigen::VectorXi& leaves, const LeafFit& fit,
                                 const Eigen::Ref<const Eigen::MatrixXd>& X) {
    Eigen::MatrixXd predicted = fit.values(leaves, Eigen::all);
    if (spec.linear()) predicted.col(0) += (X.array() * fit.slopes(leaves, Eigen::all).array()).rowwise().sum().matrix();
    return predicted;
}

double hard_objective(const Spec& spec, const Eigen::VectorXi& leaves, const LeafFit& fit, const Eigen::Ref<const Eigen::MatrixXd>& X,
                      const Eigen::Ref<const Eigen::MatrixXd>& targets) {
    const Eigen::MatrixXd predicted = hard_predictions(spec, leaves, fit, X);
    double sum = 0.0;
    for (Eigen::Index i = 0; i < leaves.size(); ++i) {
        if (spec.loss == LeafLoss::SquaredError) {
            const double residual = targets(i, 0) - predicted(i, 0);
            sum += residual * residual;
        } else {
            Eigen::Index label = 0;
            targets.row(i).maxCoeff(&label);
            sum -= std::log(std::max(predicted(i, label), kLeastFrequency));  // finite on rows not refitted on
        }
    }
    return sum / static_cast<double>(leaves.size());
}

Eigen::MatrixXd leaf_parameters(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& leaf_values) {
    if (spec.loss == LeafLoss::SquaredError) return leaf_values;
    return leaf_values.array().max(kLeastFrequency).log().matrix();
}

void set_leaf_parameters(const Spec& spec, const LeafFit& fit, Eigen::VectorXd& parameters) {
    MutableParameterView v = mutable_view(spec, parameters);
    v.leaf = leaf_parameters(spec, fit.values);
    v.K = fit.slopes;
}

}  // namespace treelab::get
