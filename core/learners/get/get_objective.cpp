// get_objective.h.
#include "core/learners/get/get_objective.h"

#include <algorithm>
#include <optional>
#include <string>

#include "core/error.h"
#include "core/learners/get/get_backward.h"
#include "core/learners/get/get_hard_tree.h"
#include "core/learners/get/get_loss.h"
#include "core/nn/l1_penalty.h"

namespace treelab::get {

Eigen::Index chunk_rows(const Spec& spec, Eigen::Index rows) {
    const Eigen::Index per_row = 2 * spec.internal() + spec.nodes() + (spec.linear() ? spec.leaves() : 0);  // margins, left, reach, slopes
    return std::max<Eigen::Index>(1, std::min(rows, std::max(kMinChunkRows, kChunkValues / per_row)));
}

SoftObjective::SoftObjective(const Spec& spec, Eigen::Index rows, double l1, Eigen::Index chunk)
    : spec_(spec),
      rows_(rows),
      l1_(l1),
      chunk_(chunk > 0 ? std::min(chunk, std::max<Eigen::Index>(rows, 1)) : chunk_rows(spec, rows)),
      full_(spec, chunk_),
      last_(spec, rows % chunk_) {}

double SoftObjective::operator()(double alpha, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                 const Eigen::Ref<const Eigen::MatrixXd>& targets, Eigen::VectorXd* gradient,
                                 Eigen::VectorXi* leaves) {
    if (X.rows() != rows_ || targets.rows() != rows_ || rows_ == 0)
        throw Error("GET objective: " + std::to_string(X.rows()) + " input rows and " + std::to_string(targets.rows()) +
                    " target rows for buffers of " + std::to_string(rows_) + " rows");
    const ParameterView v = view(spec_, parameters);
    if (gradient) gradient->setZero(spec_.parameters());
    std::optional<MutableParameterView> d;
    if (gradient) d.emplace(mutable_view(spec_, *gradient));
    if (leaves) leaves->resize(rows_);
    const double row_weight = 1.0 / static_cast<double>(rows_);
    double objective = 0.0;
    for (Eigen::Index first = 0; first < rows_; first += chunk_) {
        const Eigen::Index count = std::min(chunk_, rows_ - first);
        Workspace& work = count == chunk_ ? full_ : last_;
        const Eigen::Ref<const Eigen::MatrixXd> chunk_X = X.middleRows(first, count);
        split_margins(spec_, parameters, chunk_X, work.margins);
        if (leaves) leaves_of_margins(spec_, work.margins, leaves->segment(first, count));
        soft_routing(spec_, alpha, work);
        objective += leaf_objective(spec_, v, chunk_X, targets.middleRows(first, count), row_weight, work, d ? &*d : nullptr);
        if (gradient) backward(spec_, alpha, chunk_X, work, *gradient);
    }
    if (l1_ > 0.0) {  // 004 App. F.4 eq. 5
        const auto size = static_cast<std::size_t>(v.A.size());
        objective += nn::l1_penalty({v.A.data(), size}, l1_, d ? std::span<double>(d->A.data(), size) : std::span<double>());
    }
    return objective;
}

}  // namespace treelab::get
