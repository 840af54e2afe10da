#pragma once
#include <Eigen/Core>

namespace treelab {

struct RegressionReport {
    double mse = 0.0, rmse = 0.0, mae = 0.0, r2 = 0.0;  // r2 as sklearn: 1 - SS_res/SS_tot; when SS_tot = 0, 1 if SS_res = 0 else 0
};

RegressionReport regression_report(const Eigen::Ref<const Eigen::VectorXd>& y_true,
                                   const Eigen::Ref<const Eigen::VectorXd>& y_pred);

}  // namespace treelab
