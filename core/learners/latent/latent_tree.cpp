// Forward and hand-written backward pass of the LatentTrees model (latent_tree.h).
#include "core/learners/latent/latent_tree.h"

#include <algorithm>
#include <cmath>

#include <tbb/parallel_for.h>

#include "core/learners/latent/latent_workspace.h"
#include "core/learners/latent/pav_solver.h"
#include "core/model/soft_routing.h"
#include "core/nn/argmax.h"
#include "core/nn/elu.h"
#include "core/nn/mean_squared_error.h"
#include "core/nn/random_uniform.h"
#include "core/nn/softmax_cross_entropy.h"

namespace treelab::latent {
namespace {

struct Offsets {
    Eigen::Index W, b, eta, phi, end;
};

Offsets offsets(const Spec& spec) {
    Offsets o{};
    o.W = 0;
    o.b = o.W + spec.internal() * spec.inputs;
    o.eta = o.b + spec.internal();
    o.phi = o.eta + spec.nodes();
    o.end = o.phi + spec.predictor().parameters();
    return o;
}

// Loss per row (squared error summed over the outputs, as the reference's MSELoss(reduction="sum")
// divided by the batch size, vzantedeschi/LatentTrees hierarchical_clustering.py; or softmax cross-entropy), averaged
// over the rows; with `d_outputs`, its gradient w.r.t. them (core/nn).
double loss_of(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& out, const Eigen::Ref<const Eigen::MatrixXd>& targets,
               Eigen::MatrixXd* d_outputs) {
    if (spec.loss == Loss::SquaredError) return nn::mean_squared_error(out, targets, d_outputs);
    return nn::softmax_cross_entropy(out, targets.col(0), d_outputs);
}

std::span<double> segment(Eigen::VectorXd& p, Eigen::Index begin, Eigen::Index end) {
    return {p.data() + begin, static_cast<std::size_t>(end - begin)};
}

// f_φ on [X, z_leaves]; with `random`, the training pass with dropout at spec.dropout (000 §4).
Eigen::MatrixXd predictor_outputs(const Spec& spec, const ParameterView& v, const Eigen::Ref<const Eigen::MatrixXd>& inputs,
                                  nn::MlpTape* tape, std::mt19937* random) {
    if (!random) return nn::mlp_forward(spec.predictor(), v.phi, inputs, tape);
    const nn::Dropout dropout{spec.dropout, *random};
    return nn::mlp_forward(spec.predictor(), v.phi, inputs, tape, &dropout);
}

// The QP's anchors: η, or 0 in the ICML formulation (it has no η).
Eigen::VectorXd qp_anchors(const Spec& spec, const Eigen::Ref<const Eigen::VectorXd>& eta) {
    return spec.formulation == Formulation::Icml ? Eigen::VectorXd::Zero(eta.size()) : Eigen::VectorXd(eta);
}

// f(block, first row, rows) for each block of the fixed partition (latent_workspace.h), in parallel.
template <class F>
void for_row_blocks(Eigen::Index rows, const F& f) {
    tbb::parallel_for(Eigen::Index{0}, row_blocks(rows), [&f, rows](Eigen::Index block) {
        const Eigen::Index first = block * kBlockRows;
        f(block, first, std::min(kBlockRows, rows - first));
    });
}

// f_φ of rows without dropout into `out`. A row's q is negative off its path (eq. 1), so its z has
// one non-zero leaf at most: the linear f_φ reads only the non-zero z of the leaves instead of
// multiplying by a rows × leaves matrix; an MLP reads [x, z_leaves] as it is.
void predict_rows(const Spec& spec, const ParameterView& v, const Eigen::Ref<const Eigen::MatrixXd>& X,
                  const Eigen::Ref<const Eigen::MatrixXd>& z, Eigen::Ref<Eigen::MatrixXd> out) {
    if (spec.predictor_layers > 1) {
        out = predictor_outputs(spec, v, latent_predictor_inputs(X, z), nullptr, nullptr);
        return;
    }
    const nn::MlpLayer linear = nn::mlp_layers(spec.predictor(), v.phi).front();
    const Eigen::Index internal = spec.internal();
    out.noalias() = X * linear.weights.leftCols(spec.inputs).transpose();
    out.rowwise() += linear.bias.transpose();
    for (Eigen::Index l = 0; l < spec.leaves(); ++l)
        for (Eigen::Index i = 0; i < z.rows(); ++i)
            if (z(i, internal + l) != 0.0) out.row(i) += z(i, internal + l) * linear.weights.col(spec.inputs + l).transpose();
}

}  // namespace

Eigen::Index Spec::parameters() const { return offsets(*this).end; }

PruningQpWeights qp_weights(const Spec& spec, Eigen::Index rows) {
    const double batches = static_cast<double>(rows) / spec.batch_rows;
    if (spec.formulation == Formulation::Icml) return {spec.lambda * batches, 0.5};
    return {batches, 0.0};
}

ParameterView view(const Spec& spec, const Eigen::VectorXd& p) {
    const Offsets o = offsets(spec);
    return {Eigen::Map<const Eigen::MatrixXd>(p.data() + o.W, spec.internal(), spec.inputs),
            Eigen::Map<const Eigen::VectorXd>(p.data() + o.b, spec.internal()),
            Eigen::Map<const Eigen::VectorXd>(p.data() + o.eta, spec.nodes()),
            std::span<const double>(p.data() + o.phi, static_cast<std::size_t>(o.end - o.phi))};
}

Eigen::VectorXd initial_parameters(const Spec& spec, std::uint32_t seed) {
    const Offsets o = offsets(spec);
    std::mt19937 random(seed);
    Eigen::VectorXd p(o.end);
    const double split_bound = 1.0 / std::sqrt(static_cast<double>(std::max<Eigen::Index>(spec.inputs, 1)));
    nn::fill_uniform(random, split_bound, segment(p, o.W, o.eta));
    const double eta_low = spec.eta_init == EtaInit::Positive ? 0.0 : -1.0;
    for (double& eta : segment(p, o.eta, o.phi)) eta = nn::random_uniform(random, eta_low, 1.0);
    nn::initialize_mlp(spec.predictor(), random, segment(p, o.phi, o.end));
    if (spec.formulation == Formulation::Icml) p.segment(o.eta, spec.nodes()).setZero();  // no η: the QP's anchor is 0
    return p;
}

void path_scores(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X, Workspace& w) {
    const ParameterView v = view(spec, parameters);
    w.s.resize(X.rows(), spec.internal());
    w.q.resize(X.rows(), spec.nodes());
    Eigen::MatrixXi no_source;
    for_row_blocks(X.rows(), [&](Eigen::Index, Eigen::Index first, Eigen::Index rows) {
        latent_split_scores(X.middleRows(first, rows), v.W, v.b, spec.activation, w.s.middleRows(first, rows));
        latent_path_scores(w.s.middleRows(first, rows), w.q.middleRows(first, rows), no_source);
    });
}

Eigen::MatrixXd path_scores(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    Workspace workspace;
    path_scores(spec, parameters, X, workspace);
    return std::move(workspace.q);
}

Eigen::VectorXd activity(const Spec& spec, const Eigen::VectorXd& parameters, Workspace& w) {
    return solve_pruning_qp(w.q, qp_anchors(spec, view(spec, parameters).eta), qp_weights(spec, w.q.rows()), w.pruning).a;
}

Eigen::VectorXd activity(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    Workspace workspace;
    path_scores(spec, parameters, X, workspace);
    return activity(spec, parameters, workspace);
}

Eigen::MatrixXd outputs_of_scores(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                  const Eigen::Ref<const Eigen::MatrixXd>& q, const Eigen::Ref<const Eigen::VectorXd>& a) {
    const ParameterView v = view(spec, parameters);
    Eigen::MatrixXd out(X.rows(), spec.outputs);
    for_row_blocks(X.rows(), [&](Eigen::Index, Eigen::Index first, Eigen::Index rows) {
        Eigen::MatrixXd z(rows, spec.nodes());
        latent_traversal(q.middleRows(first, rows), a, z);
        predict_rows(spec, v, X.middleRows(first, rows), z, out.middleRows(first, rows));
    });
    return out;
}

Eigen::MatrixXd outputs(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                        const Eigen::Ref<const Eigen::VectorXd>& a) {
    Workspace workspace;
    path_scores(spec, parameters, X, workspace);
    return outputs_of_scores(spec, parameters, X, workspace.q, a);
}

double mean_loss(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& out, const Eigen::Ref<const Eigen::MatrixXd>& targets) {
    return loss_of(spec, out, targets, nullptr);
}

double batch_loss(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                  const Eigen::Ref<const Eigen::MatrixXd>& targets, Eigen::VectorXd* gradient, std::mt19937* dropout_random) {
    Workspace workspace;
    return batch_loss(spec, parameters, X, targets, gradient, workspace, dropout_random);
}

double batch_loss(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                  const Eigen::Ref<const Eigen::MatrixXd>& targets, Eigen::VectorXd* gradient, Workspace& w,
                  std::mt19937* dropout_random) {
    const ParameterView v = view(spec, parameters);
    const Eigen::Index rows = X.rows(), nodes = spec.nodes(), leaves = spec.leaves(), internal = spec.internal();
    w.s.resize(rows, internal);
    w.q.resize(rows, nodes);
    w.source.resize(rows, nodes);
    w.z.resize(rows, nodes);
    w.out.resize(rows, spec.outputs);
    for_row_blocks(rows, [&](Eigen::Index, Eigen::Index first, Eigen::Index n) {
        latent_split_scores(X.middleRows(first, n), v.W, v.b, spec.activation, w.s.middleRows(first, n));
        latent_path_scores(w.s.middleRows(first, n), w.q.middleRows(first, n), w.source.middleRows(first, n));
    });
    const PruningQpSolution pruning = solve_pruning_qp(w.q, qp_anchors(spec, v.eta), qp_weights(spec, rows), w.pruning);
    // The linear f_φ per row block; the MLP on the whole batch, taped for its backward pass, with
    // its dropout masks drawn in one stream.
    const bool linear = spec.predictor_layers == 1;
    for_row_blocks(rows, [&](Eigen::Index, Eigen::Index first, Eigen::Index n) {
        latent_traversal(w.q.middleRows(first, n), pruning.a, w.z.middleRows(first, n));
        if (linear) predict_rows(spec, v, X.middleRows(first, n), w.z.middleRows(first, n), w.out.middleRows(first, n));
    });
    if (!linear) w.out = predictor_outputs(spec, v, latent_predictor_inputs(X, w.z), &w.tape, dropout_random);
    const Eigen::Index top = nn::argmax(v.eta.cwiseAbs());  // argmax |η|, lowest index on ties
    const double activity_weight = spec.lambda / static_cast<double>(nodes);  // of each a_t (Activity)
    const double regulariser = spec.formulation == Formulation::Activity ? activity_weight * pruning.a.sum()
                               : spec.formulation == Formulation::Icml ? 0.0
                                                                        : spec.lambda * std::abs(v.eta(top));
    const double loss = loss_of(spec, w.out, targets, gradient ? &w.d_out : nullptr) + regulariser;
    if (!gradient) return loss;

    // Each block's share of the gradient of W, b and (linear f_φ) φ in its own column; η's comes
    // from the QP, an MLP's φ from its backward pass on the whole batch.
    const Offsets o = offsets(spec);
    const Eigen::Index blocks = row_blocks(rows);
    gradient->setZero(o.end);
    if (!linear) nn::mlp_backward(spec.predictor(), v.phi, w.tape, w.d_out, segment(*gradient, o.phi, o.end), &w.d_inputs);
    const nn::MlpLayer first_layer = nn::mlp_layers(spec.predictor(), v.phi).front();
    w.block_gradients.setZero(o.end, blocks);
    w.block_d_a.setZero(nodes, blocks);
    w.d_s.resize(rows, internal);
    // q → s along the min chains (Danskin): source c > 0 means q = ∓s_{(c−1)/2}, left (odd c) −s.
    const auto add_to_split = [&w](Eigen::Index row, Eigen::Index node, double d_q) {
        const int c = w.source(row, node);
        if (c > 0) w.d_s(row, (c - 1) / 2) += (c % 2 == 1 ? -1.0 : 1.0) * d_q;
    };
    for_row_blocks(rows, [&](Eigen::Index block, Eigen::Index first, Eigen::Index n) {
        const auto d_out = w.d_out.middleRows(first, n);
        Eigen::Map<Eigen::MatrixXd> d_phi(w.block_gradients.col(block).data() + o.phi, spec.outputs, spec.inputs + leaves);
        if (linear) {
            d_phi.leftCols(spec.inputs).noalias() = d_out.transpose() * X.middleRows(first, n);
            w.block_gradients.col(block).segment(o.phi + d_phi.size(), spec.outputs) = d_out.colwise().sum().transpose();
        }
        w.d_s.middleRows(first, n).setZero();
        // z = min(clamp(q, 0, 1), a): the gradient goes to the term attaining the min (ties to q), and
        // through the clamp only strictly inside (0, 1). Only leaves with q > 0 (one per row at most,
        // predict_rows) have a non-zero z or a gradient.
        for (Eigen::Index l = 0; l < leaves; ++l) {
            const Eigen::Index t = internal + l;
            for (Eigen::Index i = first; i < first + n; ++i) {
                const double q = w.q(i, t);
                if (!(q > 0.0)) continue;
                if (linear) d_phi.col(spec.inputs + l) += w.z(i, t) * w.d_out.row(i).transpose();
                const double d_z = linear ? w.d_out.row(i).dot(first_layer.weights.col(spec.inputs + l)) : w.d_inputs(i, spec.inputs + l);
                if (std::min(q, 1.0) > pruning.a(t))
                    w.block_d_a(t, block) += d_z;
                else if (q < 1.0)
                    add_to_split(i, t, d_z);
            }
        }
    });
    Eigen::VectorXd d_a = Eigen::VectorXd::Constant(nodes, spec.formulation == Formulation::Activity ? activity_weight : 0.0);
    for (Eigen::Index block = 0; block < blocks; ++block) d_a += w.block_d_a.col(block);
    // a = T_η(q): the PAV vector-Jacobian product (000 §3.2, backward pass), sparse: dL/dq is
    // non-zero only on the support pairs of the groups.
    Eigen::Map<Eigen::VectorXd> d_eta(gradient->data() + o.eta, nodes);
    const std::vector<double> d_support = pruning_qp_support_gradients(pruning, d_a, d_eta);
    if (spec.formulation == Formulation::Iclr) d_eta(top) += spec.lambda * (v.eta(top) > 0.0 ? 1.0 : v.eta(top) < 0.0 ? -1.0 : 0.0);
    if (spec.formulation == Formulation::Icml) d_eta.setZero();  // η is the QP's fixed anchor 0
    for (std::size_t g = 0; g < d_support.size(); ++g)
        if (d_support[g] != 0.0)
            for (const auto& [row, node] : pruning.support[g]) add_to_split(row, node, d_support[g]);
    for_row_blocks(rows, [&](Eigen::Index block, Eigen::Index first, Eigen::Index n) {
        auto d_s = w.d_s.middleRows(first, n);
        if (spec.activation == SplitActivation::Elu) d_s = nn::elu_backward(w.s.middleRows(first, n), d_s);
        Eigen::Map<Eigen::MatrixXd>(w.block_gradients.col(block).data() + o.W, internal, spec.inputs).noalias() =
            d_s.transpose() * X.middleRows(first, n);
        w.block_gradients.col(block).segment(o.b, internal) = d_s.colwise().sum().transpose();
    });
    for (Eigen::Index block = 0; block < blocks; ++block) *gradient += w.block_gradients.col(block);
    return loss;
}

}  // namespace treelab::latent
