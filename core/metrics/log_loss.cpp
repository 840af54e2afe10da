#include "core/metrics/classification_metrics.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"

namespace treelab {

// sklearn 1.2.1's log_loss with labels = 0..C-1: clip to [eps, 1 - eps], renormalise each row to
// sum 1, then average -log p(true class).
double log_loss(const Eigen::Ref<const Eigen::VectorXd>& y_true, const Eigen::Ref<const Eigen::MatrixXd>& proba,
                double eps) {
    if (y_true.size() == 0) throw Error("there are no rows to score");
    if (proba.rows() != y_true.size())
        throw Error("cannot compare " + std::to_string(y_true.size()) + " true labels with " +
                    std::to_string(proba.rows()) + " rows of probabilities");
    const Eigen::Index classes = proba.cols();
    double total = 0.0;
    for (Eigen::Index i = 0; i < y_true.size(); ++i) {
        const double label = y_true(i);
        if (!(label >= 0.0 && label < static_cast<double>(classes) && label == std::floor(label)))
            throw Error("the true class of row " + std::to_string(i + 1) + " is " + std::to_string(label) +
                        ", not a class index between 0 and " + std::to_string(classes - 1));
        total -= clipped_log_probability(proba.row(i), static_cast<Eigen::Index>(label), eps);
    }
    return total / static_cast<double>(y_true.size());
}

double clipped_log_probability(const Eigen::Ref<const Eigen::RowVectorXd>& proba, Eigen::Index label, double eps) {
    const Eigen::RowVectorXd clipped = proba.cwiseMax(eps).cwiseMin(1.0 - eps);
    return std::log(clipped(label) / clipped.sum());
}

}  // namespace treelab
