#include "core/run/evaluation.h"

#include "core/metrics/classification_metrics.h"
#include "core/metrics/regression_metrics.h"

namespace treelab {

Scores evaluate(const TreeModel& model, const Dataset& data) {
    if (data.rows() == 0) return {};
    if (data.task == Task::Classification) {
        const Eigen::MatrixXd proba = model.predict_proba(data.X);
        const Eigen::VectorXd predicted = model.predict(data.X);
        const ClassificationReport report = classification_report(data.y, predicted, model.classes());
        return {{"accuracy", report.accuracy}, {"macro_f1", report.macro_f1}, {"log_loss", log_loss(data.y, proba)}};
    }
    const RegressionReport report = regression_report(data.y, model.predict(data.X));
    return {{"mse", report.mse}, {"rmse", report.rmse}, {"mae", report.mae}, {"r2", report.r2}};
}

}  // namespace treelab
