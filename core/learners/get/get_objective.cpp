// get_objective.h.
#include "core/learners/get/get_objective.h"

#include <algorithm>
#include <optional>
#include <string>

#include <tbb/parallel_for.h>

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

Eigen::Index block_rows(Eigen::Index rows, Eigen::Index chunk) {
    const Eigen::Index least = std::max(kBlockRows, (rows + kMaxBlocks - 1) / kMaxBlocks);
    return (least + chunk - 1) / chunk * chunk;
}

SoftObjective::SoftObjective(const Spec& spec, Eigen::Index rows, double l1, Eigen::Index chunk, Eigen::Index block)
    : spec_(spec),
      l1_(l1),
      chunk_(chunk > 0 ? std::min(chunk, std::max<Eigen::Index>(rows, 1)) : chunk_rows(spec, rows)),
      block_(block > 0 ? (block + chunk_ - 1) / chunk_ * chunk_ : block_rows(rows, chunk_)) {}

double SoftObjective::operator()(double alpha, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                 const Eigen::Ref<const Eigen::MatrixXd>& targets, Eigen::VectorXd* gradient,
                                 Eigen::VectorXi* leaves) {
    const Eigen::Index rows = X.rows();
    if (targets.rows() != rows || rows == 0)
        throw Error("GET objective: " + std::to_string(rows) + " input rows and " + std::to_string(targets.rows()) + " target rows");
    const ParameterView v = view(spec_, parameters);
    if (leaves) leaves->resize(rows);
    const double row_weight = 1.0 / static_cast<double>(rows);
    const Eigen::Index blocks = (rows + block_ - 1) / block_;
    block_objectives_.assign(static_cast<std::size_t>(blocks), 0.0);
    if (gradient) block_gradients_.resize(static_cast<std::size_t>(std::max<Eigen::Index>(blocks, 1)));
    // One block: its chunks in order, each adding into the block's gradient (as one pass over all
    // rows did when they were one block).
    const auto run_block = [&](Eigen::Index k) {
        Workspace& work = workspaces_.local();
        Eigen::VectorXd* block_gradient = gradient ? &block_gradients_[static_cast<std::size_t>(k)] : nullptr;
        std::optional<MutableParameterView> d;
        if (block_gradient) {
            block_gradient->setZero(spec_.parameters());
            d.emplace(mutable_view(spec_, *block_gradient));
        }
        double objective = 0.0;
        const Eigen::Index end = std::min(rows, (k + 1) * block_);
        for (Eigen::Index first = k * block_; first < end; first += chunk_) {
            const Eigen::Index count = std::min(chunk_, end - first);
            work.resize(spec_, count);
            const Eigen::Ref<const Eigen::MatrixXd> chunk_X = X.middleRows(first, count);
            split_margins(spec_, parameters, chunk_X, work.margins);
            if (leaves) leaves_of_margins(spec_, work.margins, leaves->segment(first, count));
            soft_routing(spec_, alpha, work);
            objective += leaf_objective(spec_, v, chunk_X, targets.middleRows(first, count), row_weight, work, d ? &*d : nullptr);
            if (block_gradient) backward(spec_, alpha, chunk_X, work, *block_gradient);
        }
        block_objectives_[static_cast<std::size_t>(k)] = objective;
    };
    if (blocks == 1)
        run_block(0);
    else
        tbb::parallel_for(Eigen::Index{0}, blocks, run_block);
    double objective = block_objectives_.front();
    for (Eigen::Index k = 1; k < blocks; ++k) objective += block_objectives_[static_cast<std::size_t>(k)];
    if (gradient) {
        gradient->swap(block_gradients_.front());
        for (Eigen::Index k = 1; k < blocks; ++k) *gradient += block_gradients_[static_cast<std::size_t>(k)];
    }
    if (l1_ > 0.0) {  // 004 App. F.4 eq. 5
        const auto size = static_cast<std::size_t>(v.A.size());
        std::optional<MutableParameterView> d;
        if (gradient) d.emplace(mutable_view(spec_, *gradient));
        objective += nn::l1_penalty({v.A.data(), size}, l1_, d ? std::span<double>(d->A.data(), size) : std::span<double>());
    }
    return objective;
}

}  // namespace treelab::get
