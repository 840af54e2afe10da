// get_forward.h.
#include "core/learners/get/get_forward.h"

#include <string>

#include "core/error.h"
#include "core/nn/sigmoid.h"

namespace treelab::get {

Workspace::Workspace(const Spec& spec, Eigen::Index rows)
    : margins(rows, spec.internal()),
      left(rows, spec.internal()),
      reach(rows, spec.nodes()),
      column(rows),
      slopes(rows, spec.linear() ? spec.leaves() : 0) {}

void Workspace::resize(const Spec& spec, Eigen::Index rows) {
    margins.resize(rows, spec.internal());
    left.resize(rows, spec.internal());
    reach.resize(rows, spec.nodes());
    column.resize(rows);
    slopes.resize(rows, spec.linear() ? spec.leaves() : 0);
}

void split_margins(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                   Eigen::Ref<Eigen::MatrixXd> margins) {
    const ParameterView v = view(spec, parameters);
    if (X.cols() != spec.inputs || margins.rows() != X.rows() || margins.cols() != spec.internal())
        throw Error("GET margins: " + std::to_string(X.rows()) + " × " + std::to_string(X.cols()) + " inputs for a tree on " +
                    std::to_string(spec.inputs) + " features into a " + std::to_string(margins.rows()) + " × " +
                    std::to_string(margins.cols()) + " buffer");
    margins.noalias() = X * v.A.transpose();
    // b − a·x, computed as −(a·x) + b so that its sign is exactly that of the test a·x <= b.
    margins = (-margins).rowwise() + v.b.transpose();
}

void soft_routing(const Spec& spec, double alpha, Workspace& work) {
    nn::scaled_sigmoid_into(work.margins, alpha, work.left);  // 004 eq. 4
    work.reach.col(0).setOnes();
    for (Eigen::Index t = 0; t < spec.internal(); ++t) {
        work.reach.col(2 * t + 1) = work.reach.col(t).cwiseProduct(work.left.col(t));
        work.reach.col(2 * t + 2) = work.reach.col(t) - work.reach.col(2 * t + 1);  // reach·(1 − Î)
    }
}

}  // namespace treelab::get
