#pragma once
// GET's soft objective and its gradient over a whole batch (004 eq. 3-4, get_loss.h), computed
// chunk by chunk of rows. Every row's routing, loss and backward pass are its own, and only the
// parameter gradient sums over rows, so a chunk's buffers (get_forward.h) are all the memory the
// pass needs: O(chunk·2^D) instead of O(n·2^D), and small enough to stay in cache while the
// forward, loss and backward passes walk them (the reference holds n × 2^D × D path factors,
// maoqiangqiang/GET GET/treeFunc.py, and runs out of memory at depth 12 on 15,000 rows).
// Blocks of consecutive chunks run in parallel (oneTBB), each adding into its own gradient, and
// the blocks' sums are added in block order: the blocks depend on the rows alone, never on the
// threads, so the result is the same bit for bit on any number of threads.
#include <vector>

#include <Eigen/Core>
#include <tbb/enumerable_thread_specific.h>

#include "core/learners/get/get_forward.h"
#include "core/learners/get/get_parameter_layout.h"

namespace treelab::get {

// Rows per chunk for a tree of `spec` on `rows` rows: as many as fit kChunkValues buffer entries,
// at least kMinChunkRows (so matrix products keep some length), at most `rows`.
Eigen::Index chunk_rows(const Spec& spec, Eigen::Index rows);
constexpr Eigen::Index kChunkValues = Eigen::Index{1} << 17;  // 1 MiB of doubles
constexpr Eigen::Index kMinChunkRows = 16;

// Rows per parallel block of a batch of `rows` rows in chunks of `chunk`: whole chunks, at least
// kBlockRows rows (one block, and so today's sums, up to there), and at most kMaxBlocks blocks (each holds a
// gradient's worth of memory).
Eigen::Index block_rows(Eigen::Index rows, Eigen::Index chunk);
constexpr Eigen::Index kBlockRows = 2048;
constexpr Eigen::Index kMaxBlocks = 32;

// With `l1` = λ > 0 the objective is 004 eq. 5's: L + λ Σ_t ‖a_t‖₁ over the split weights A only
// (App. F.4), added to the mean over rows (the paper writes eq. 5 with the sum), with the
// subgradient λ·sign(a), 0 at a = 0. Buffers are kept from call to call, one chunk's per thread.
class SoftObjective {
public:
    // `rows`: the largest batch it will see (it sizes the chunks); `chunk` = 0: chunk_rows(spec,
    // rows), `block` = 0: block_rows; tests pass small ones to check that chunks and blocks add up.
    SoftObjective(const Spec& spec, Eigen::Index rows, double l1 = 0.0, Eigen::Index chunk = 0, Eigen::Index block = 0);

    // L at scale factor α for the rows X (rows × p) and targets (rows × m, as leaf_objective takes
    // them); with `gradient`, also ∂L/∂parameters (resized to spec.parameters()); with `leaves`,
    // also every row's hard leaf, read off the margins this pass computes anyway (get_hard_tree.h).
    double operator()(double alpha, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                      const Eigen::Ref<const Eigen::MatrixXd>& targets, Eigen::VectorXd* gradient,
                      Eigen::VectorXi* leaves = nullptr);

private:
    Spec spec_;
    double l1_;
    Eigen::Index chunk_, block_;
    tbb::enumerable_thread_specific<Workspace> workspaces_;
    std::vector<Eigen::VectorXd> block_gradients_;
    std::vector<double> block_objectives_;
};

}  // namespace treelab::get
