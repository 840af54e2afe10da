// get_loss.h.
#include "core/learners/get/get_loss.h"

#include <string>

#include "core/error.h"
#include "core/nn/softmax.h"

namespace treelab::get {
namespace {

void check_rows(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::MatrixXd>& targets,
                const Workspace& work) {
    if (targets.rows() != work.reach.rows() || targets.cols() != spec.outputs)
        throw Error("GET loss: " + std::to_string(targets.rows()) + " × " + std::to_string(targets.cols()) + " targets for " +
                    std::to_string(work.reach.rows()) + " rows and " + std::to_string(spec.outputs) + " leaf outputs");
    if (spec.linear() && (X.rows() != work.reach.rows() || X.cols() != spec.inputs))
        throw Error("GET loss: " + std::to_string(X.rows()) + " × " + std::to_string(X.cols()) + " inputs for " +
                    std::to_string(work.reach.rows()) + " rows of linear leaves on " + std::to_string(spec.inputs) + " features");
}

// log softmax of each leaf's logits (L × C).
Eigen::MatrixXd log_probabilities(const Eigen::Ref<const Eigen::MatrixXd>& logits) {
    Eigen::VectorXd log_sum_exp;
    nn::softmax(logits, &log_sum_exp);
    return logits.colwise() - log_sum_exp;
}

// The class of every row of one-hot targets (rows × C).
Eigen::VectorXi class_indices(const Eigen::Ref<const Eigen::MatrixXd>& targets) {
    Eigen::VectorXi classes(targets.rows());
    for (Eigen::Index i = 0; i < targets.rows(); ++i) targets.row(i).maxCoeff(&classes(i));
    return classes;
}

}  // namespace

double leaf_objective(const Spec& spec, const ParameterView& v, const Eigen::Ref<const Eigen::MatrixXd>& X,
                      const Eigen::Ref<const Eigen::MatrixXd>& targets, double row_weight, Workspace& work, MutableParameterView* d) {
    check_rows(spec, X, targets, work);
    const Eigen::Map<const Eigen::MatrixXd>& leaf = v.leaf;
    const Eigen::Index first_leaf = spec.internal();
    const Eigen::MatrixXd log_p = spec.loss == LeafLoss::LogLoss ? log_probabilities(leaf) : Eigen::MatrixXd();
    const Eigen::VectorXi classes = spec.loss == LeafLoss::LogLoss ? class_indices(targets) : Eigen::VectorXi();
    Eigen::VectorXd class_mass(spec.loss == LeafLoss::LogLoss ? spec.outputs : 0);
    if (spec.linear()) work.slopes.noalias() = X * v.K.transpose();  // k_l·x_i, 004 §2 (a)
    double objective = 0.0;
    for (Eigen::Index l = 0; l < spec.leaves(); ++l) {
        auto reach = work.reach.col(first_leaf + l);
        if (spec.loss == LeafLoss::SquaredError) {
            work.column = (targets.col(0).array() - leaf(l, 0)).matrix();  // the residual y − (h + k·x)
            if (spec.linear()) work.column -= work.slopes.col(l);
            if (d && spec.linear()) {
                // ∂/∂h_l of (1/n) Σ_i reach_il r_il² = −(2/n) Σ_i reach_il r_il, and ∂/∂k_l the same
                // sum weighted by x_i, taken for every leaf at once below
                work.slopes.col(l) = reach.cwiseProduct(work.column);
                d->leaf(l, 0) -= 2.0 * row_weight * work.slopes.col(l).sum();
            } else if (d) {
                // ∂/∂c_l of (1/n) Σ_i reach_il (y_i − c_l)² = (2/n)(c_l·Σ_i reach_il − Σ_i reach_il y_i)
                d->leaf(l, 0) += 2.0 * row_weight * (leaf(l, 0) * reach.sum() - reach.dot(targets.col(0)));
            }
            work.column = work.column.array().square().matrix();
        } else {
            // One-hot targets: the row's loss is a look-up of its class's log-probability and the
            // class sums of the reach a scatter, O(rows) per leaf where the products with the
            // targets were O(rows·C) (26 classes on letter made them most of an epoch).
            class_mass.setZero();
            for (Eigen::Index i = 0; i < classes.size(); ++i) {
                work.column(i) = -log_p(l, classes(i));
                class_mass(classes(i)) += reach(i);
            }
            // ∂/∂z_l of (1/n) Σ_i reach_il (−log softmax(z_l)[y_i]) = (1/n)(mass_l·softmax(z_l) − Σ_i reach_il e_{y_i})
            if (d) d->leaf.row(l) += row_weight * (class_mass.sum() * log_p.row(l).array().exp().matrix() - class_mass.transpose());
        }
        objective += reach.dot(work.column);
        if (d) reach = row_weight * work.column;  // ∂L/∂reach_il = ℓ_il / n, for the backward pass
    }
    if (d && spec.linear()) d->K.noalias() -= (2.0 * row_weight) * (work.slopes.transpose() * X);
    return objective * row_weight;
}

}  // namespace treelab::get
