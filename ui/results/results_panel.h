#pragma once
// The Results tab: a history of runs like Weka's result list (method, key parameters, metrics,
// time); selecting one shows its confusion matrix (classification) or predicted-vs-true plot
// (regression) here and asks the window to show its curves and tree; rename, delete, save the
// model, compare two runs' metrics side by side, export the metrics table as CSV.
#include <functional>
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

    // The last kRunsInMemory runs and the selected one are kept whole in memory; an older run
    // goes to disk (run_spill.h) and keeps only its row, its metrics and its prepared data, which
    // runs on the same data share (TrainingSession), so that a long session's memory stays
    // bounded. Selecting a run on disk reads it back in a worker; the views are empty meanwhile.
    static constexpr std::size_t kRunsInMemory = 10;

    // Appends a run named `name` (e.g. "3 latent λ=0.001") and selects it; returns its row.
    // `config` is how it was trained (a project saves it); none for a model opened from a file and
    // for a refit, which has `refit`: the comparison it was refitted from (ProjectRun::refit).
    int addRun(const QString& name, std::shared_ptr<const RunOutcome> outcome, std::optional<RunConfig> config = std::nullopt,
               std::optional<RefitSource> refit = std::nullopt);
    int runCount() const;
    std::shared_ptr<const RunOutcome> run(int row) const;  // null when none, or while it is on disk only
    bool isInMemory(int row) const;
    // The part of the run a project stores (stored_part), to call on any thread: from memory, or
    // read from its file on disk.
    std::function<RunOutcome()> storedRun(int row) const;
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
    void problem(const QString& message);  // an older run could not be written to disk or read back

private:
    void showCurrentRun();  // detail view and runSelected for the current row
    void setRunCells(int row, const RunOutcome& outcome);  // every column but the name
    void keepMemoryBounded();  // see kRunsInMemory

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
