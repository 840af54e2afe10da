// dgt_parameter_layout.h: the DGT network's shape, its parameter layout and initialisation.
#include "core/learners/dgt/dgt_parameter_layout.h"

#include <cmath>
#include <random>
#include <string>

#include "core/error.h"
#include "core/nn/random_uniform.h"

namespace treelab::dgt {

nn::MlpShape Spec::chain() const {
    nn::MlpShape shape{{inputs}};
    shape.sizes.insert(shape.sizes.end(), hidden.begin(), hidden.end());
    shape.sizes.push_back(internal());
    return shape;
}

void Spec::validate() const {
    if (height < 1) throw Error("a DGT tree needs a height of at least 1, not " + std::to_string(height));
    if (inputs < 1) throw Error("DGT needs at least one feature column");
    if (outputs < 1 || (!classification && outputs != 1))
        throw Error("DGT predicts one value or one logit per class, not " + std::to_string(outputs) + " outputs");
    for (const Eigen::Index width : hidden)
        if (width < 1) throw Error("a hidden layer of DGT's predicate chain has width " + std::to_string(width) + "; it must be at least 1");
}

namespace {

void check_size(const Spec& spec, Eigen::Index size) {
    if (size != spec.parameters())
        throw Error("a DGT network of this shape has " + std::to_string(spec.parameters()) + " parameters, not " + std::to_string(size));
}

}  // namespace

namespace {

template <class Scalar>
BasicParameterView<Scalar> view_of(const Spec& spec, const Eigen::Matrix<Scalar, Eigen::Dynamic, 1>& parameters) {
    check_size(spec, parameters.size());
    const Eigen::Index chain = spec.chain_parameters(), leaf = spec.leaves() * spec.outputs;
    return {{parameters.data(), static_cast<std::size_t>(chain)},
            {parameters.data() + chain, spec.leaves(), spec.outputs},
            spec.classification ? static_cast<double>(parameters(chain + leaf)) : 0.0};
}

template <class Scalar>
BasicGradientView<Scalar> gradient_view_of(const Spec& spec, Eigen::Matrix<Scalar, Eigen::Dynamic, 1>& gradient) {
    check_size(spec, gradient.size());
    const Eigen::Index chain = spec.chain_parameters(), leaf = spec.leaves() * spec.outputs;
    return {{gradient.data(), static_cast<std::size_t>(chain)}, {gradient.data() + chain, spec.leaves(), spec.outputs},
            spec.classification ? gradient.data() + chain + leaf : nullptr};
}

}  // namespace

ParameterView view(const Spec& spec, const Eigen::VectorXd& parameters) { return view_of(spec, parameters); }
BasicParameterView<float> view(const Spec& spec, const Eigen::VectorXf& parameters) { return view_of(spec, parameters); }
GradientView gradient_view(const Spec& spec, Eigen::VectorXd& gradient) { return gradient_view_of(spec, gradient); }
BasicGradientView<float> gradient_view(const Spec& spec, Eigen::VectorXf& gradient) { return gradient_view_of(spec, gradient); }

Eigen::VectorXd initial_parameters(const Spec& spec, std::uint32_t seed) {
    spec.validate();
    Eigen::VectorXd parameters(spec.parameters());
    std::mt19937 random(seed);
    const nn::MlpShape shape = spec.chain();
    const std::span<double> chain(parameters.data(), static_cast<std::size_t>(spec.chain_parameters()));
    nn::initialize_mlp(shape, random, chain);
    for (nn::MutableMlpLayer& layer : nn::mutable_mlp_layers(shape, chain)) layer.bias.setZero();
    // Θ is stored L × K; nn.Linear(L, K) draws its K × L weight row by row, i.e. Θ column by column.
    const double bound = 1.0 / std::sqrt(static_cast<double>(spec.leaves()));
    nn::fill_uniform(random, bound, {parameters.data() + spec.chain_parameters(), static_cast<std::size_t>(parameters.size() - spec.chain_parameters())});
    return parameters;
}

}  // namespace treelab::dgt
