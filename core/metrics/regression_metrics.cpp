#include "core/metrics/regression_metrics.h"

#include <cmath>
#include <string>

#include "core/error.h"

namespace treelab {

RegressionReport regression_report(const Eigen::Ref<const Eigen::VectorXd>& y_true,
                                   const Eigen::Ref<const Eigen::VectorXd>& y_pred) {
    if (y_true.size() == 0) throw Error("there are no rows to score");
    if (y_true.size() != y_pred.size())
        throw Error("cannot compare " + std::to_string(y_true.size()) + " true values with " +
                    std::to_string(y_pred.size()) + " predictions");
    const double n = static_cast<double>(y_true.size());
    const Eigen::VectorXd residual = y_true - y_pred;
    RegressionReport report;
    const double ss_res = residual.squaredNorm();
    report.mse = ss_res / n;
    report.rmse = std::sqrt(report.mse);
    report.mae = residual.cwiseAbs().sum() / n;
    const double ss_tot = (y_true.array() - y_true.mean()).square().sum();
    // sklearn's r2_score (force_finite=True): a constant target scores 1 when predicted exactly, else 0.
    if (ss_tot == 0.0)
        report.r2 = ss_res == 0.0 ? 1.0 : 0.0;
    else
        report.r2 = 1.0 - ss_res / ss_tot;
    return report;
}

}  // namespace treelab
