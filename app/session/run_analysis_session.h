#pragma once
// What the Results detail shows of a run beyond its confusion matrix, computed in a worker thread:
// on its test rows, the ROC and precision-recall curves and the per-class table (classification)
// or the residuals' scores (regression) first, then the feature importances, the permutation
// importance column by column so that selecting another run stops it between two columns.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <QObject>

#include "app/session/worker_thread.h"
#include "core/importance/permutation_importance.h"
#include "core/metrics/classification_metrics.h"
#include "core/metrics/ranking_curves.h"
#include "core/metrics/regression_metrics.h"
#include "core/run/training_run.h"

namespace treelab {

struct RunScoresDetail {
    std::shared_ptr<const RunOutcome> run;
    std::optional<RankingCurves> curves;          // classification
    std::optional<ClassificationReport> classes;  // classification
    std::optional<RegressionReport> regression;   // regression
};

struct RunImportance {
    std::shared_ptr<const RunOutcome> run;
    // Impurity importance per model feature (CART's axis-aligned splits); empty for other trees.
    Eigen::VectorXd impurity;
    std::vector<std::string> features;  // the model's feature names, impurity's labels
    PermutationImportance permutation;  // per table column, on the test rows
    int repeats = 0;
    std::uint32_t seed = 0;
};

// The repeats of the permutation importance the Results detail shows (scikit-learn's default).
constexpr int kPermutationRepeats = 5;

// Both parts for `run` (which must have test rows and predictions), in the calling thread.
RunScoresDetail run_scores_detail(std::shared_ptr<const RunOutcome> run);
// `go_on` is asked before each column (columns done, total); nullopt when it said stop.
std::optional<RunImportance> run_importance(std::shared_ptr<const RunOutcome> run, const std::function<bool(int done, int total)>& go_on = {});

class RunAnalysisSession : public QObject {
    Q_OBJECT
public:
    explicit RunAnalysisSession(QObject* parent = nullptr);
    ~RunAnalysisSession() override;  // stops a running analysis and waits for it

    // Analyses `run`; one going on for another run stops and this one starts after it.
    void analyse(std::shared_ptr<const RunOutcome> run);
    void stop();  // the analysis going on stops between two columns; nothing more is emitted for it
    bool isRunning() const;

signals:
    void scoresReady(std::shared_ptr<const treelab::RunScoresDetail> detail);
    void importanceProgressed(int columns, int total);
    void importanceReady(std::shared_ptr<const treelab::RunImportance> importance);
    void failed(const QString& message);

private:
    void startNext();       // the GUI thread: analyses next_, if any
    void startNextLater();  // from the worker's last emission
    WorkerThread worker_;
    std::shared_ptr<const RunOutcome> next_;
};

}  // namespace treelab
