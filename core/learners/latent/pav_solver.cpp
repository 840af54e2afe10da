#include "core/learners/latent/pav_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <tbb/parallel_for.h>

#include "core/error.h"
#include "core/learners/latent/descending_columns.h"

namespace treelab {
namespace {

// Each node's column of q in descending order (000 §3.2: "Since the q values are constant w.r.t.
// a, we only need to sort them once"), sorted only as far as the scans reach (descending_columns.h).
// A group's top-k set S(k) of Prop. 2 is then the union of a prefix of every member's column, so a
// group's support is one count per member node.
class PavState {
    // The k-way merge's heads. Max-heap order: larger value first, then the lower node index.
    struct Head {
        double value;
        int node;
        bool operator<(const Head& other) const {
            return value < other.value || (value == other.value && node > other.node);
        }
    };

public:
    PavState(const Eigen::Ref<const Eigen::MatrixXd>& q, const Eigen::Ref<const Eigen::VectorXd>& eta,
             const PruningQpWeights& weights, DescendingColumns::Storage& storage)
        : rows_(static_cast<int>(q.rows())),
          nodes_(static_cast<int>(q.cols())),
          weights_(weights),
          eta_(weights.anchor * eta),
          columns_(q, weights.shift, storage),
          taken_(nodes_, 0),
          owner_(nodes_),
          members_(nodes_),
          value_(nodes_),
          denominator_(nodes_) {
        for (int t = 0; t < nodes_; ++t) {
            owner_[t] = t;
            members_[t] = {t};
        }
    }

    // 000 Alg. 1: every node starts as its own group, solved by Prop. 2; then the child with the
    // largest a among the violated edges a_t > a_p(t) is pooled into its parent's group (strict >,
    // so ties go to the lowest index), until no edge is violated.
    void run() {
        // The nodes' own solves touch only their own column and state: one task per node.
        tbb::parallel_for(0, nodes_, [this](int t) {
            // A node's own scan never stops below a(0) = eta_t when w > 0 (each entry taken is >=
            // the mean so far), and on learner batches rarely far above it: its column is ordered
            // from there at once (the scan stays exact if it goes further).
            if (weights_.anchor > 0.0) columns_.sort_from(t, std::max(eta_[t] / weights_.anchor, 0.0));
            std::vector<Head> heap;
            solve_group(t, std::numeric_limits<double>::infinity(), heap);
        });
        for (;;) {
            int violator = -1;
            for (int t = 1; t < nodes_; ++t) {
                const double a = value_[owner_[t]];
                if (a > value_[owner_[(t - 1) / 2]] && (violator < 0 || a > value_[owner_[violator]])) violator = t;
            }
            if (violator < 0) return;
            const int child = owner_[violator];
            const int parent = owner_[(violator - 1) / 2];
            for (int u : members_[child]) owner_[u] = parent;
            members_[parent].insert(members_[parent].end(), members_[child].begin(), members_[child].end());
            members_[child].clear();
            // The pooled value lies strictly between the parent's and the child's old values (the
            // derivative of the pooled objective is < 0 at a_parent and > 0 at a_child), so every
            // entry above a_child belongs to S*_G and the Prop. 2 scan may start past them.
            solve_group(parent, value_[child], heap_);
        }
    }

    PruningQpSolution solution() {
        PruningQpSolution out;
        out.anchor = weights_.anchor;
        out.a_unclipped.resize(nodes_);
        out.group_of_node.assign(nodes_, -1);
        std::vector<int> group_of_owner(nodes_, -1);
        for (int t = 0; t < nodes_; ++t) {
            const int owner = owner_[t];
            if (group_of_owner[owner] < 0) {
                group_of_owner[owner] = static_cast<int>(out.denominator.size());
                out.denominator.push_back(denominator_[owner]);
                std::vector<std::pair<int, int>>& support = out.support.emplace_back();
                for (int u : members_[owner])
                    for (int k = 0; k < taken_[u]; ++k) support.emplace_back(columns_.row(u, k), u);
            }
            out.group_of_node[t] = group_of_owner[owner];
            out.a_unclipped[t] = value_[owner];
        }
        // The objective is separable per group and the box is the same for every node, so clipping
        // the unconstrained isotonic solution solves eq. 4 with a in [0, 1]^T (000 eq. 9's Proj).
        out.a = out.a_unclipped.cwiseMax(0.0).cwiseMin(1.0);
        return out;
    }

private:
    // 000 Prop. 2 for the group owned by `owner`: a(k) = (w sum_G eta + sum of the k largest q + c of
    // the group) / (w|G| + k), with k* the smallest k such that a(k) > q_{j(k+1)} + c (or every
    // entry taken; with w = 0, a(0) is undefined and the first entry is always taken).
    // For k below the number of entries greater than a*, a(k) < q_{j(k+1)} holds, so the scan may
    // start with every entry above any upper bound of a* already taken; `above` is such a bound.
    // The k-way merge of the members' columns keeps one head pointer per member (taken_).
    // `heap` is a work buffer.
    void solve_group(int owner, double above, std::vector<Head>& heap) {
        double numerator = 0.0;
        double denominator = 0.0;
        heap.clear();
        for (int u : members_[owner]) {
            numerator += eta_[u];
            denominator += weights_.anchor;
            const int taken = columns_.count_above(u, above);
            for (int k = 0; k < taken; ++k) numerator += columns_.value(u, k);
            denominator += taken;
            taken_[u] = taken;
            if (taken < rows_) heap.push_back({columns_.value(u, taken), u});
        }
        std::make_heap(heap.begin(), heap.end());
        while (!heap.empty()) {
            std::pop_heap(heap.begin(), heap.end());
            const Head head = heap.back();
            if (denominator > 0.0 && numerator / denominator > head.value) break;
            numerator += head.value;
            denominator += 1.0;
            const int taken = ++taken_[head.node];
            heap.pop_back();
            if (taken < rows_) {
                heap.push_back({columns_.value(head.node, taken), head.node});
                std::push_heap(heap.begin(), heap.end());
            }
        }
        value_[owner] = numerator / denominator;
        denominator_[owner] = denominator;
    }

    int rows_;
    int nodes_;
    PruningQpWeights weights_;
    Eigen::VectorXd eta_;               // w * eta
    DescendingColumns columns_;         // q + c per node, descending
    std::vector<int> taken_;            // per node: length of its column's prefix in S*_G
    std::vector<int> owner_;            // per node: the node that names its group
    std::vector<std::vector<int>> members_;  // per owner: the group's nodes
    std::vector<double> value_;         // per owner: the unclipped group value a_G
    std::vector<double> denominator_;   // per owner: w|G| + k*
    std::vector<Head> heap_;
};

}  // namespace

PruningQpSolution solve_pruning_qp(const Eigen::Ref<const Eigen::MatrixXd>& q, const Eigen::Ref<const Eigen::VectorXd>& eta,
                                   const PruningQpWeights& weights) {
    DescendingColumns::Storage storage;
    return solve_pruning_qp(q, eta, weights, storage);
}

PruningQpSolution solve_pruning_qp(const Eigen::Ref<const Eigen::MatrixXd>& q, const Eigen::Ref<const Eigen::VectorXd>& eta,
                                   const PruningQpWeights& weights, DescendingColumns::Storage& storage) {
    const Eigen::Index nodes = q.cols();
    if (nodes < 1 || ((nodes + 1) & nodes) != 0 || eta.size() != nodes)
        throw Error("pruning QP: q has " + std::to_string(nodes) + " columns and eta " + std::to_string(eta.size()) +
                    " entries; both must equal the node count 2^(D+1)-1 of a complete binary tree");
    if (!q.allFinite() || !eta.allFinite())
        throw Error("pruning QP: q or eta holds a NaN or an infinity (diverged split scores or pruning scores)");
    if (!(weights.anchor >= 0.0) || !std::isfinite(weights.anchor) || !std::isfinite(weights.shift))
        throw Error("pruning QP: the anchor weight must be finite and >= 0 and the shift finite");
    PavState state(q, eta, weights, storage);
    state.run();
    return state.solution();
}

std::vector<double> pruning_qp_support_gradients(const PruningQpSolution& solution, const Eigen::Ref<const Eigen::VectorXd>& grad_a,
                                                 Eigen::Ref<Eigen::VectorXd> grad_eta) {
    const Eigen::Index nodes = solution.a.size();
    if (grad_a.size() != nodes || grad_eta.size() != nodes)
        throw Error("pruning QP backward: dL/da, dL/dq and dL/deta must have one entry (column) per node");
    // 000 §3.2: a*_t = a_G depends on eta_t' (t' in G) with weight w/(w|G| + k*) and on q_it'
    // ((i, t') in S*_G) with weight 1/(w|G| + k*), and on nothing when the clip is active; so the
    // cotangent of a group is the sum over its nodes, divided by its denominator.
    std::vector<double> scale(solution.denominator.size(), 0.0);
    for (Eigen::Index t = 0; t < nodes; ++t) {
        const double a = solution.a_unclipped[t];
        if (a > 0.0 && a < 1.0) scale[solution.group_of_node[t]] += grad_a[t];
    }
    for (std::size_t g = 0; g < scale.size(); ++g) scale[g] /= solution.denominator[g];
    for (Eigen::Index t = 0; t < nodes; ++t) grad_eta[t] = solution.anchor * scale[solution.group_of_node[t]];
    return scale;
}

void pruning_qp_backward(const PruningQpSolution& solution, const Eigen::Ref<const Eigen::VectorXd>& grad_a,
                         Eigen::Ref<Eigen::MatrixXd> grad_q, Eigen::Ref<Eigen::VectorXd> grad_eta) {
    if (grad_q.cols() != solution.a.size())
        throw Error("pruning QP backward: dL/da, dL/dq and dL/deta must have one entry (column) per node");
    const std::vector<double> scale = pruning_qp_support_gradients(solution, grad_a, grad_eta);
    grad_q.setZero();
    for (std::size_t g = 0; g < scale.size(); ++g)
        for (const auto& [row, node] : solution.support[g]) grad_q(row, node) = scale[g];
}

}  // namespace treelab
