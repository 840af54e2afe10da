// get_loss.h.
#include "core/learners/get/get_loss.h"

#include <string>

#include "core/error.h"
#include "core/nn/softmax.h"

namespace treelab::get {
namespace {

void check_targets(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& targets, const Workspace& work) {
    if (targets.rows() != work.reach.rows() || targets.cols() != spec.outputs)
        throw Error("GET loss: " + std::to_string(targets.rows()) + " × " + std::to_string(targets.cols()) + " targets for " +
                    std::to_string(work.reach.rows()) + " rows and " + std::to_string(spec.outputs) + " leaf outputs");
}

// log softmax of each leaf's logits (L × C).
Eigen::MatrixXd log_probabilities(const Eigen::Ref<const Eigen::MatrixXd>& logits) {
    Eigen::VectorXd log_sum_exp;
    nn::softmax(logits, &log_sum_exp);
    return logits.colwise() - log_sum_exp;
}

}  // namespace

double leaf_objective(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& leaf, const Eigen::Ref<const Eigen::MatrixXd>& targets,
                      double row_weight, Workspace& work, Eigen::Map<Eigen::MatrixXd>* d_leaf) {
    check_targets(spec, targets, work);
    const Eigen::Index first_leaf = spec.internal();
    const Eigen::MatrixXd log_p = spec.loss == LeafLoss::LogLoss ? log_probabilities(leaf) : Eigen::MatrixXd();
    double objective = 0.0;
    for (Eigen::Index l = 0; l < spec.leaves(); ++l) {
        auto reach = work.reach.col(first_leaf + l);
        if (spec.loss == LeafLoss::SquaredError)
            work.column = (targets.col(0).array() - leaf(l, 0)).square().matrix();
        else
            work.column.noalias() = -(targets * log_p.row(l).transpose());
        objective += reach.dot(work.column);
        if (!d_leaf) continue;
        const double mass = reach.sum();
        if (spec.loss == LeafLoss::SquaredError) {
            // ∂/∂c_l of (1/n) Σ_i reach_il (y_i − c_l)² = (2/n)(c_l·Σ_i reach_il − Σ_i reach_il y_i)
            (*d_leaf)(l, 0) += 2.0 * row_weight * (leaf(l, 0) * mass - reach.dot(targets.col(0)));
        } else {
            // ∂/∂z_l of (1/n) Σ_i reach_il (−log softmax(z_l)[y_i]) = (1/n)(mass_l·softmax(z_l) − Σ_i reach_il e_{y_i})
            d_leaf->row(l) += row_weight * (mass * log_p.row(l).array().exp().matrix() - reach.transpose() * targets);
        }
        reach = row_weight * work.column;  // ∂L/∂reach_il = ℓ_il / n, for the backward pass
    }
    return objective * row_weight;
}

}  // namespace treelab::get
