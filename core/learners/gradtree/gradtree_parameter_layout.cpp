// Parameter layout and initialisation of GradTree (gradtree_parameter_layout.h).
#include "core/learners/gradtree/gradtree_parameter_layout.h"

#include <cmath>
#include <random>
#include <span>
#include <string>

#include "core/error.h"
#include "core/nn/random_uniform.h"

namespace treelab::gradtree {
namespace {

struct Offsets {
    Eigen::Index I, T, leaf;
};

Offsets offsets(const Spec& spec) {
    const Eigen::Index block = spec.internal() * spec.inputs;
    return {0, block, 2 * block};
}

void check_size(const Spec& spec, Eigen::Index size) {
    spec.validate();
    if (size != spec.parameters())
        throw Error("GradTree: the parameter vector holds " + std::to_string(size) + " values, the tree needs " +
                    std::to_string(spec.parameters()) + ".");
}

}  // namespace

void Spec::validate() const {
    if (depth < 1 || depth > 24) throw Error("GradTree: the depth must be between 1 and 24, not " + std::to_string(depth) + ".");
    if (inputs < 1) throw Error("GradTree: the data needs at least one feature column.");
    if (outputs < 1) throw Error("GradTree: the tree needs at least one output per leaf.");
    if (focal_gamma < 0.0) throw Error("GradTree: the focal loss' gamma must be >= 0.");
    if (poly_epsilon < 0.0) throw Error("GradTree: the Poly-1 epsilon must be >= 0.");
    if (poly_epsilon > 0.0 && loss == Loss::SquaredError) throw Error("GradTree: the Poly-1 term needs a classification loss.");
}

ParameterView view(const Spec& spec, const Eigen::VectorXd& parameters) {
    check_size(spec, parameters.size());
    const Offsets o = offsets(spec);
    const double* p = parameters.data();
    return {{p + o.I, spec.internal(), spec.inputs}, {p + o.T, spec.internal(), spec.inputs}, {p + o.leaf, spec.leaves(), spec.outputs}};
}

GradientView gradient_view(const Spec& spec, Eigen::VectorXd& gradient) {
    check_size(spec, gradient.size());
    const Offsets o = offsets(spec);
    double* p = gradient.data();
    return {{p + o.I, spec.internal(), spec.inputs}, {p + o.T, spec.internal(), spec.inputs}, {p + o.leaf, spec.leaves(), spec.outputs}};
}

Eigen::VectorXd initial_parameters(const Spec& spec, std::uint32_t seed) {
    Eigen::VectorXd parameters(spec.parameters());
    check_size(spec, parameters.size());
    const Offsets o = offsets(spec);
    const auto block = [&](Eigen::Index begin, Eigen::Index size) {
        return std::span<double>(parameters.data() + begin, static_cast<std::size_t>(size));
    };
    const Eigen::Index nodes_by_inputs = spec.internal() * spec.inputs;
    std::mt19937 index_random(seed);  // GDT.py: the same seed for I and T, so T = I at start
    nn::fill_uniform(index_random, std::sqrt(6.0 / static_cast<double>(spec.internal() + spec.inputs)), block(o.I, nodes_by_inputs));
    parameters.segment(o.T, nodes_by_inputs) = parameters.segment(o.I, nodes_by_inputs);
    const double leaves = static_cast<double>(spec.leaves());
    const double leaf_bound = spec.outputs == 1 ? std::sqrt(3.0 / leaves) : std::sqrt(6.0 / (leaves + static_cast<double>(spec.outputs)));
    std::mt19937 leaf_random(seed);
    nn::fill_uniform(leaf_random, leaf_bound, block(o.leaf, spec.leaves() * spec.outputs));
    return parameters;
}

}  // namespace treelab::gradtree
