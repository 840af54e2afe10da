#pragma once
// The Sweep tab: pick a hyperparameter of the current method (λ, α, depth, any numeric one from
// its description, or one field of one stage of a schedule, "Scale-factor schedule: stage 2 α"), a grid (list, linear or log range, or CART's automatic α path) and a number of
// seeds; the sweep runs in a worker thread with progress and cancel; plots of the metric (train,
// valid, test; mean ± std over seeds) against the parameter and against active nodes (like
// sklearn's pruning example and rpart's plotcp); a scrubber over the grid and clicks on points
// load that tree into the canvas; the sweep table exports as CSV. Same sweep as `treelab-cli sweep`.
#include <functional>
#include <memory>
#include <optional>

#include <QList>
#include <QWidget>

#include "app/render/plot_sheet.h"
#include "core/model/model_file.h"
#include "core/run/prepared_data.h"
#include "core/run/run_config.h"
#include "core/run/slurm_job.h"

class QCustomPlot;

namespace treelab {

class FigureView;

class SweepPanel : public QWidget {
    Q_OBJECT
public:
    explicit SweepPanel(QWidget* parent = nullptr);
    ~SweepPanel() override;

    // The run to sweep around (data, target, method and its other parameters); empty = not ready.
    void setConfigSource(std::function<std::optional<RunConfig>()> source);
    // Re-reads the method from the config source and lists its numeric parameters and the stage
    // fields of its current schedules (sweep_target.h); done on setConfigSource, when the tab is
    // shown and before a start. Call it when the method or its values change; the user's choice
    // and grid stay while the list is the same.
    void refreshParameters();
    // Asked before a sweep starts; false = start nothing (the check told the user why): the data
    // panel's file changed on disk since it was read.
    void setStartCheck(std::function<bool()> check);

    void start();  // reads the config source and the grid; refused while running
    void stop();
    bool isRunning() const;
    int rowCount() const;  // value × seed rows of the last sweep
    // The last sweep (null before one), and showing a saved one in its place (a project's; null
    // empties the tab). Showing emits no finished().
    std::shared_ptr<const SweepResult> result() const;
    void showSweep(std::shared_ptr<const SweepResult> result);

    // Writes the last sweep's table (sweep_to_csv: every score) to `file` atomically; on failure
    // shows a non-modal dialog and returns false. The "Export CSV…" button asks for the file.
    bool exportCsv(const QString& file);
    // Writes the sweep the form describes (not the last one run) as a Slurm job array and its
    // merge job (core/run/slurm_job.h); on success a non-modal dialog names the files and how to
    // submit them, on failure one says why; returns whether they were written. The "Export as
    // Slurm job…" button asks for the settings (SlurmJobDialog).
    bool exportSlurmJob(const SlurmSettings& settings);
    QList<QCustomPlot*> plots() const;
    // The last sweep's plots for the chosen metric as a figure (app/render/sweep_figure.h), captioned
    // with the sweep (method, parameter and grid, seeds, data file, the command); nullopt before one.
    std::optional<PlotSheet> figure() const;
    // "Compare trees…": opens a window with the first seed's tree of every grid value of the last
    // sweep side by side, in grid order, aligned node for node (000 Fig. 3), and returns its view;
    // null without a finished sweep.
    FigureView* compareTrees();  // metric vs the parameter, metric vs active nodes (for figure export)

signals:
    void finished();  // the sweep ended: all rows, stopped, or failed (then a dialog says why)
    // The user picked a grid value (scrubber or a click on a point): the model of its first seed;
    // or a row of the table: that row's model.
    void modelChosen(std::shared_ptr<const treelab::ModelFile> model, std::shared_ptr<const treelab::PreparedData> data);

protected:
    void showEvent(QShowEvent* event) override;

private:
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
