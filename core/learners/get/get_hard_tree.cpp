// get_hard_tree.h.
#include "core/learners/get/get_hard_tree.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"

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

Eigen::MatrixXd refit_leaves(const Spec& spec, const Eigen::VectorXi& leaves, const Eigen::Ref<const Eigen::MatrixXd>& targets) {
    if (targets.rows() != leaves.size() || targets.cols() != spec.outputs || targets.rows() == 0)
        throw Error("GET leaf refit: " + std::to_string(targets.rows()) + " × " + std::to_string(targets.cols()) + " targets for " +
                    std::to_string(leaves.size()) + " routed rows and " + std::to_string(spec.outputs) + " leaf outputs");
    Eigen::MatrixXd sums = Eigen::MatrixXd::Zero(spec.leaves(), spec.outputs);
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
    return sums;
}

double hard_objective(const Spec& spec, const Eigen::VectorXi& leaves, const Eigen::Ref<const Eigen::MatrixXd>& leaf_values,
                      const Eigen::Ref<const Eigen::MatrixXd>& targets) {
    double sum = 0.0;
    for (Eigen::Index i = 0; i < leaves.size(); ++i) {
        if (spec.loss == LeafLoss::SquaredError) {
            const double residual = targets(i, 0) - leaf_values(leaves(i), 0);
            sum += residual * residual;
        } else {
            Eigen::Index label = 0;
            targets.row(i).maxCoeff(&label);
            sum -= std::log(std::max(leaf_values(leaves(i), label), kLeastFrequency));  // finite on rows not refitted on
        }
    }
    return sum / static_cast<double>(leaves.size());
}

Eigen::MatrixXd leaf_parameters(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& leaf_values) {
    if (spec.loss == LeafLoss::SquaredError) return leaf_values;
    return leaf_values.array().max(kLeastFrequency).log().matrix();
}

}  // namespace treelab::get
