// get_parameter_layout.h.
#include "core/learners/get/get_parameter_layout.h"

#include <span>
#include <string>

#include "core/error.h"
#include "core/nn/random_uniform.h"

namespace treelab::get {

void Spec::validate() const {
    if (depth < 1 || depth > kMaxDepth)
        throw Error("a GET tree needs a depth from 1 to " + std::to_string(kMaxDepth) + ", not " + std::to_string(depth));
    if (inputs < 1) throw Error("a GET tree needs at least one feature column");
    if (outputs < 1 || (loss == LeafLoss::SquaredError && outputs != 1))
        throw Error("a GET regression tree has one leaf value, not " + std::to_string(outputs));
    if (loss == LeafLoss::LogLoss && outputs < 2) throw Error("GET classification needs at least two classes");
    if (linear() && loss != LeafLoss::SquaredError) throw Error("GET's linear leaves regress a target; classes take constant leaves");
}

namespace {
void require_size(const Spec& spec, Eigen::Index size) {
    if (size != spec.parameters())
        throw Error("a GET tree of depth " + std::to_string(spec.depth) + " on " + std::to_string(spec.inputs) + " features has " +
                    std::to_string(spec.parameters()) + " parameters, not " + std::to_string(size));
}
}  // namespace

ParameterView view(const Spec& spec, const Eigen::VectorXd& parameters) {
    require_size(spec, parameters.size());
    const double* data = parameters.data();
    const Eigen::Index N = spec.internal(), A_size = N * spec.inputs, K_start = A_size + N + spec.leaves() * spec.outputs;
    return {Eigen::Map<const Eigen::MatrixXd>(data, N, spec.inputs), Eigen::Map<const Eigen::VectorXd>(data + A_size, N),
            Eigen::Map<const Eigen::MatrixXd>(data + A_size + N, spec.leaves(), spec.outputs),
            Eigen::Map<const Eigen::MatrixXd>(data + K_start, spec.leaves(), spec.slope_columns())};
}

MutableParameterView mutable_view(const Spec& spec, Eigen::VectorXd& parameters) {
    require_size(spec, parameters.size());
    double* data = parameters.data();
    const Eigen::Index N = spec.internal(), A_size = N * spec.inputs, K_start = A_size + N + spec.leaves() * spec.outputs;
    return {Eigen::Map<Eigen::MatrixXd>(data, N, spec.inputs), Eigen::Map<Eigen::VectorXd>(data + A_size, N),
            Eigen::Map<Eigen::MatrixXd>(data + A_size + N, spec.leaves(), spec.outputs),
            Eigen::Map<Eigen::MatrixXd>(data + K_start, spec.leaves(), spec.slope_columns())};
}

Eigen::VectorXd random_parameters(const Spec& spec, std::mt19937& random) {
    Eigen::VectorXd parameters(spec.parameters());
    const Eigen::Index splits = spec.internal() * (spec.inputs + 1);
    nn::fill_uniform(random, 1.0, std::span<double>(parameters.data(), static_cast<std::size_t>(splits)));
    std::span<double> leaves(parameters.data() + splits, static_cast<std::size_t>(spec.leaves() * spec.outputs));
    if (spec.loss == LeafLoss::SquaredError)
        for (double& value : leaves) value = nn::random_uniform(random, 0.0, 1.0);
    else
        nn::fill_uniform(random, 1.0, leaves);
    mutable_view(spec, parameters).K.setZero();  // get_parameter_layout.h: linear leaves start constant
    return parameters;
}

}  // namespace treelab::get
