// dgt_network.h. The backward pass, for a batch of n rows with predicate outputs Z (n × N),
// a = 2q − fac, and_z = a Wᵀ, s = softmax(and_z), the reached leaves ℓ_i and the OR outputs
// o_i = Θ_{ℓ_i} + β (003 Algorithm 2; microsoft/DGT src/models/xdgt.py):
//   ∂L/∂Θ_l = Σ_{i: ℓ_i = l} ∂L/∂o_i,   ∂L/∂β = Σ_i Σ_k ∂L/∂o_ik        (the one-hot forward)
//   ∂L/∂and_a = ∂L/∂o Θᵀ,   ∂L/∂and_z = s ⊙ (∂L/∂and_a − Σ_l ∂L/∂and_a_l s_l)   (Sparser1: identity into the softmax)
//   ∂L/∂a = ∂L/∂and_z W,   ∂L/∂q = 2 ∂L/∂a (fac is not differentiated),   ∂L/∂z = ∂L/∂q 𝟙_{|z| ≤ 1}
// then through the chain (nn/linear_chain.h), plus λ·sign(θ) of the L1 term.
#include "core/learners/dgt/dgt_network.h"

#include <algorithm>
#include <type_traits>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

#include "core/error.h"
#include "core/learners/dgt/and_layer.h"
#include "core/learners/dgt/scale_binarizer.h"
#include "core/nn/l1_penalty.h"
#include "core/nn/matrix_product.h"
#include "core/nn/mean_squared_error.h"
#include "core/nn/softmax.h"
#include "core/nn/softmax_cross_entropy.h"

namespace treelab::dgt {

double output_loss(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& outputs, const Eigen::Ref<const Eigen::VectorXd>& y,
                   Eigen::MatrixXd* d_outputs) {
    return spec.classification ? nn::softmax_cross_entropy(outputs, y, d_outputs) : nn::mean_squared_error(outputs, y, d_outputs);
}

HardPass hard_forward(const Spec& spec, const nn::AffineMap& folded, const ParameterView& parameters,
                      const Eigen::Ref<const Eigen::MatrixXd>& X) {
    // Each row on its own, so blocks of rows run on every core with the same result for any thread count.
    constexpr Eigen::Index kRowBlock = 1024;
    HardPass pass{Eigen::VectorXi(X.rows()), Eigen::MatrixXd(X.rows(), spec.outputs)};
    const Eigen::Index blocks = (X.rows() + kRowBlock - 1) / kRowBlock;
    tbb::parallel_for(
        tbb::blocked_range<Eigen::Index>(0, blocks, 1),
        [&](const tbb::blocked_range<Eigen::Index>& range) {
            Eigen::MatrixXd Z;
            for (Eigen::Index block = range.begin(); block < range.end(); ++block) {
                const Eigen::Index first = block * kRowBlock, rows = std::min(kRowBlock, X.rows() - first);
                nn::multiply_into(X.middleRows(first, rows), nn::Op::Plain, folded.A, nn::Op::Transposed, Z);
                Z.rowwise() += folded.c.transpose();
                pass.leaves.segment(first, rows) = reached_leaves(Z, spec.height);
                pass.outputs.middleRows(first, rows) = parameters.leaf(pass.leaves.segment(first, rows), Eigen::all);
            }
        },
        tbb::simple_partitioner());
    pass.outputs.array() += parameters.bias;
    return pass;
}

namespace {

const Spec& validated(const Spec& spec) {
    spec.validate();
    return spec;
}

}  // namespace

template <class Scalar>
BasicNetwork<Scalar>::BasicNetwork(const Spec& spec, double l1)
    : spec_(validated(spec)), l1_(l1), and_(and_matrix(spec.height)), and_transpose_(and_.transpose()), full_(spec), last_(spec) {}

template <class Scalar>
auto BasicNetwork<Scalar>::workspace(Eigen::Index rows) -> Workspace& {
    if (full_.rows < 0 || full_.rows == rows) {
        full_.rows = rows;
        return full_;
    }
    last_.rows = rows;
    return last_;
}

template <class Scalar>
auto BasicNetwork<Scalar>::forwarded(Eigen::Index rows) -> Workspace& {
    Workspace& w = full_.rows == rows ? full_ : last_;
    if (w.rows != rows || !w.Z) throw Error("The DGT network's backward pass needs a forward pass of the same rows first.");
    return w;
}

template <class Scalar>
const HardPass& BasicNetwork<Scalar>::forward(const Vector& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    const BasicParameterView<Scalar> v = view(spec_, parameters);
    Workspace& w = workspace(X.rows());
    // The quantised node outputs, the AND layer, the reached leaf and its outputs.
    if constexpr (std::is_same_v<Scalar, double>) {
        w.Z = &w.chain.forward(v.chain, X, w.chain.cheaper_strategy(X.rows()));
    } else {
        w.X_stored = X.cast<Scalar>();
        w.Z_double = w.chain.forward(v.chain, w.X_stored, w.chain.cheaper_strategy(X.rows())).template cast<double>();
        w.Z = &w.Z_double;
    }
    const double fac = scale_binarize(*w.Z, spec_.quantiser, w.q);
    w.a = (2.0 * w.q.array() - fac).matrix();
    w.and_z = w.a * and_transpose_;
    w.pass.leaves = reached_leaves(*w.Z, spec_.height);  // the argmax of and_z (and_layer.h)
    w.pass.outputs = v.leaf(w.pass.leaves, Eigen::all).template cast<double>();  // Θ's row of each row's leaf plus the shared bias
    w.pass.outputs.array() += v.bias;
    return w.pass;
}

template <class Scalar>
double BasicNetwork<Scalar>::backward(const Vector& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                      const Eigen::Ref<const Eigen::MatrixXd>& d_outputs, Vector& gradient) {
    const BasicParameterView<Scalar> v = view(spec_, parameters);
    Workspace& w = forwarded(X.rows());
    if (d_outputs.rows() != w.pass.outputs.rows() || d_outputs.cols() != w.pass.outputs.cols())
        throw Error("The DGT network's backward pass got a loss gradient of another shape than its outputs.");
    // See the top of the file.
    gradient.resize(parameters.size());
    gradient.tail(parameters.size() - spec_.chain_parameters()).setZero();  // the chain's part is overwritten below
    BasicGradientView<Scalar> d = gradient_view(spec_, gradient);
    for (Eigen::Index i = 0; i < X.rows(); ++i) d.leaf.row(w.pass.leaves(i)) += d_outputs.row(i).template cast<Scalar>();
    if (d.bias) *d.bias = static_cast<Scalar>(d_outputs.sum());
    w.d_and_a.noalias() = d_outputs * v.leaf.transpose().template cast<double>();
    w.d_a = nn::softmax_backward(nn::softmax(w.and_z), w.d_and_a) * and_;
    w.d_a *= 2.0;
    scale_binarize_backward(*w.Z, w.d_a, w.d_Z);
    // The L1 term's gradient first, then the chain's added to it by its products (one pass less).
    const double penalty = nn::l1_penalty(v.chain, l1_, d.chain, nn::Into::Overwrite);
    if constexpr (std::is_same_v<Scalar, double>) {
        w.chain.backward(v.chain, X, w.d_Z, d.chain, nn::Into::Add);
    } else {
        w.d_Z_stored = w.d_Z.template cast<Scalar>();
        w.chain.backward(v.chain, w.X_stored, w.d_Z_stored, d.chain, nn::Into::Add);
    }
    return penalty;
}

template <class Scalar>
double BasicNetwork<Scalar>::batch_loss(const Vector& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                        const Eigen::Ref<const Eigen::VectorXd>& y, Vector& gradient) {
    const HardPass& pass = forward(parameters, X);
    Eigen::MatrixXd& d_outputs = forwarded(X.rows()).d_outputs;
    const double loss = output_loss(spec_, pass.outputs, y, &d_outputs);
    return loss + backward(parameters, X, d_outputs, gradient);
}

template class BasicNetwork<double>;
template class BasicNetwork<float>;

}  // namespace treelab::dgt
