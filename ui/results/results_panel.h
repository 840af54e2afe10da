#pragma once
// The Results tab: a history of runs like Weka's result list (method, key parameters, metrics,
// time); selecting one shows its confusion matrix (classification) or predicted-vs-true plot
// (regression) here and asks the window to show its curves and tree; rename, delete, save the
// model, compare two runs' metrics side by side, export the metrics table as CSV.
#include <memory>
#include <optional>

#include <QWidget>

class QDialog;

#include "app/render/plot_sheet.h"
#include "core/compare/comparison.h"
#include "core/run/training_run.h"

namespace treelab {

class RunDetailView;

class ResultsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ResultsPanel(QWidget* parent = nullptr);
    ~ResultsPanel() override;

    // Only the last kRunsWithRecordedTrees runs keep the trees recorded while they trained (the Tree
    // tab's slider) and their test rows' class probabilities; addRun replaces an older run by a copy
    // without them (RunOutcome::recorded_trees_dropped; the ROC page predicts the probabilities
    // again), so that a long session's memory stays bounded. Each run keeps its model, scores,
    // test predictions, history and curves; runs on the same data share one PreparedData
    // (TrainingSession).
    static constexpr std::size_t kRunsWithRecordedTrees = 10;

    // Appends a run named `name` (e.g. "3 latent λ=0.001") and selects it; returns its row.
    // `config` is how it was trained (a project saves it); none for a model opened from a file and
    // for a refit, which has `refit`: the comparison it was refitted from (ProjectRun::refit).
    int addRun(const QString& name, std::shared_ptr<const RunOutcome> outcome, std::optional<RunConfig> config = std::nullopt,
               std::optional<RefitSource> refit = std::nullopt);
    int runCount() const;
    std::shared_ptr<const RunOutcome> run(int row) const;
    QString runName(int row) const;
    int currentRow() const;  // -1 when none
    void selectRun(int row);
    void renameRun(int row, const QString& name);
    // Puts `outcome` (the same run with another tree kept, start_pick.h) in `row`, keeping its
    // name; a current row is shown again. Returns false when there is no such row.
    bool replaceRun(int row, std::shared_ptr<const RunOutcome> outcome);
    int rowOf(const RunOutcome* outcome) const;  // -1 when the list does not hold it
    const std::optional<RunConfig>& runConfig(int row) const;  // as given to addRun; none for a bad row
    const std::optional<RefitSource>& refitSource(int row) const;  // as given to addRun; none for a bad row
    void removeRun(int row);
    void clear();  // every run goes; runSelected(null) follows

    // Opens the side-by-side metrics of two runs (non-modal; deletes itself when closed).
    QDialog* compareRuns(int first, int second);

    // The detail of the selected run (confusion matrix, curves, per-class table, importance).
    RunDetailView* detailView() const;
    // The figure of the detail's page shown (RunDetailView::figure) for the selected run.
    std::optional<PlotSheet> figure() const;

    // Metrics of every run (rows) by score name (columns), as CSV text.
    QString metricsCsv() const;
    // Writes metricsCsv() atomically; false and a dialog on failure.
    bool exportMetricsCsv(const QString& file);

signals:
    void runSelected(std::shared_ptr<const treelab::RunOutcome> outcome);  // null when none left
    void saveModelRequested(std::shared_ptr<const treelab::RunOutcome> outcome);
    void runsChanged();  // a run was added, replaced, renamed or removed (the project changed)

private:
    void showCurrentRun();  // detail view and runSelected for the current row
    void setRunCells(int row, const RunOutcome& outcome);  // every column but the name
    void trimOlderRuns();  // see kRunsWithRecordedTrees

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
