// Written out rather than Eigen's maxCoeff(&index), which documents neither its tie rule nor what
// NaN does (it may pick any of them once vectorised).
#include "core/nn/argmax.h"

#include <cmath>

#include "core/error.h"

namespace treelab::nn {
namespace {

// True when `candidate` beats the current best under the rule of argmax.h: NaN beats every
// number, and an equal value never wins (lowest index on ties).
bool beats(double candidate, double best) {
    if (std::isnan(best)) return false;
    return std::isnan(candidate) || candidate > best;
}

}  // namespace

Eigen::Index argmax(const Eigen::Ref<const Eigen::VectorXd, 0, Eigen::InnerStride<>>& values) {
    if (values.size() == 0) throw Error("argmax of an empty vector");
    Eigen::Index best = 0;
    for (Eigen::Index k = 1; k < values.size(); ++k)
        if (beats(values(k), values(best))) best = k;
    return best;
}

Eigen::VectorXi row_argmax(const Eigen::Ref<const Eigen::MatrixXd>& scores) {
    if (scores.cols() == 0 && scores.rows() > 0) throw Error("argmax of rows with no columns");
    Eigen::VectorXi best = Eigen::VectorXi::Zero(scores.rows());
    // Column by column, so the column-major matrix is read in storage order.
    for (Eigen::Index k = 1; k < scores.cols(); ++k)
        for (Eigen::Index i = 0; i < scores.rows(); ++i)
            if (beats(scores(i, k), scores(i, best(i)))) best(i) = static_cast<int>(k);
    return best;
}

}  // namespace treelab::nn
