// Forward and hand-written backward pass of the LatentTrees model (latent_tree.h).
#include "core/learners/latent/latent_tree.h"

#include <algorithm>
#include <cmath>

#include "core/learners/latent/pav_solver.h"
#include "core/model/latent_routing.h"
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
// divided by the batch size, reference_implementations.md §1.6; or softmax cross-entropy), averaged
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

Eigen::MatrixXd path_scores(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    const ParameterView v = view(spec, parameters);
    return latent_path_scores(latent_split_scores(X, v.W, v.b, spec.activation));
}

Eigen::VectorXd activity(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    return solve_pruning_qp(path_scores(spec, parameters, X), qp_anchors(spec, view(spec, parameters).eta), qp_weights(spec, X.rows())).a;
}

Eigen::MatrixXd outputs(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                        const Eigen::Ref<const Eigen::VectorXd>& a) {
    const Eigen::MatrixXd z = latent_traversal(path_scores(spec, parameters, X), a);
    return predictor_outputs(spec, view(spec, parameters), latent_predictor_inputs(X, z), nullptr, nullptr);
}

double mean_loss(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& out, const Eigen::Ref<const Eigen::MatrixXd>& targets) {
    return loss_of(spec, out, targets, nullptr);
}

double batch_loss(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                  const Eigen::Ref<const Eigen::MatrixXd>& targets, Eigen::VectorXd* gradient, std::mt19937* dropout_random) {
    const ParameterView v = view(spec, parameters);
    const Eigen::Index rows = X.rows(), nodes = spec.nodes(), leaves = spec.leaves(), internal = spec.internal();
    const Eigen::MatrixXd s = latent_split_scores(X, v.W, v.b, spec.activation);
    Eigen::MatrixXi source;
    const Eigen::MatrixXd q = latent_path_scores(s, &source);
    const PruningQpSolution pruning = solve_pruning_qp(q, qp_anchors(spec, v.eta), qp_weights(spec, rows));
    const Eigen::MatrixXd z = latent_traversal(q, pruning.a);
    nn::MlpTape tape;
    const Eigen::MatrixXd out = predictor_outputs(spec, v, latent_predictor_inputs(X, z), &tape, dropout_random);
    const Eigen::Index top = nn::argmax(v.eta.cwiseAbs());  // argmax |η|, lowest index on ties
    const double activity_weight = spec.lambda / static_cast<double>(nodes);  // of each a_t (Activity)
    const double regulariser = spec.formulation == Formulation::Activity ? activity_weight * pruning.a.sum()
                               : spec.formulation == Formulation::Icml ? 0.0
                                                                        : spec.lambda * std::abs(v.eta(top));
    Eigen::MatrixXd d_out;
    const double loss = loss_of(spec, out, targets, gradient ? &d_out : nullptr) + regulariser;
    if (!gradient) return loss;

    const Offsets o = offsets(spec);
    gradient->setZero(o.end);
    Eigen::MatrixXd d_inputs;  // ∂L/∂[x, z_leaves]
    nn::mlp_backward(spec.predictor(), v.phi, tape, d_out, segment(*gradient, o.phi, o.end), &d_inputs);

    // z = min(clamp(q, 0, 1), a): the gradient goes to the term attaining the min (ties to q), and
    // through the clamp only strictly inside (0, 1).
    const Eigen::MatrixXd d_leaves = d_inputs.rightCols(leaves);
    Eigen::MatrixXd d_q = Eigen::MatrixXd::Zero(rows, nodes);
    Eigen::VectorXd d_a = Eigen::VectorXd::Constant(nodes, spec.formulation == Formulation::Activity ? activity_weight : 0.0);
    for (Eigen::Index l = 0; l < leaves; ++l) {
        const Eigen::Index t = internal + l;
        for (Eigen::Index i = 0; i < rows; ++i) {
            const double clamped = std::clamp(q(i, t), 0.0, 1.0);
            if (clamped > pruning.a(t))
                d_a(t) += d_leaves(i, l);
            else if (q(i, t) > 0.0 && q(i, t) < 1.0)
                d_q(i, t) = d_leaves(i, l);
        }
    }
    // a = T_η(q): the PAV vector-Jacobian product (000 §3.2, backward pass).
    Eigen::MatrixXd d_q_pruning(rows, nodes);
    Eigen::Map<Eigen::VectorXd> d_eta(gradient->data() + o.eta, nodes);
    pruning_qp_backward(pruning, d_a, d_q_pruning, d_eta);
    d_q += d_q_pruning;
    if (spec.formulation == Formulation::Iclr) d_eta(top) += spec.lambda * (v.eta(top) > 0.0 ? 1.0 : v.eta(top) < 0.0 ? -1.0 : 0.0);
    if (spec.formulation == Formulation::Icml) d_eta.setZero();  // η is the QP's fixed anchor 0

    // q → s along the min chains (Danskin): source c > 0 means q = ∓s_{(c−1)/2}, left (odd c) −s.
    Eigen::MatrixXd d_s = Eigen::MatrixXd::Zero(rows, internal);
    for (Eigen::Index t = 1; t < nodes; ++t)
        for (Eigen::Index i = 0; i < rows; ++i) {
            const int c = source(i, t);
            if (c > 0) d_s(i, (c - 1) / 2) += (c % 2 == 1 ? -1.0 : 1.0) * d_q(i, t);
        }
    if (spec.activation == SplitActivation::Elu) d_s = nn::elu_backward(s, d_s);
    Eigen::Map<Eigen::MatrixXd>(gradient->data() + o.W, internal, spec.inputs).noalias() = d_s.transpose() * X;
    gradient->segment(o.b, internal) = d_s.colwise().sum().transpose();
    return loss;
}

}  // namespace treelab::latent
