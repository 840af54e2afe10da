#pragma once
// The Training tab: live curves (QCustomPlot) of training and validation loss and metric per
// epoch, or against the loss queries made so far when the run counts them (bandit feedback), and
// active nodes for learners that prune; a learner's schedule value (GET's α) on a second axis of
// the loss plot; for multi-start runs one small plot per start; a log-scale toggle; replots
// coalesced to at most ~20 per second. For CART, which is not iterative, the
// cost-complexity path: total leaf impurity and test metric against α.
#include <memory>
#include <vector>

#include <QWidget>

#include "app/session/epoch_point.h"
#include "core/run/training_run.h"

class QCustomPlot;

namespace treelab {
class StartMultiples;
}

namespace treelab {

class TrainingPanel : public QWidget {
    Q_OBJECT
public:
    explicit TrainingPanel(QWidget* parent = nullptr);
    ~TrainingPanel() override;

    // Empties the plots for a new run of `method` (its label goes in the titles).
    void startRun(const QString& methodLabel);
    void addEpoch(const EpochPoint& point);  // live; replot coalesced
    // A learner's preliminary phase (TrainingSession::phaseReported, e.g. GET choosing its depth)
    // before its first epoch: said in the caption and over the empty loss plot.
    void showPhase(const QString& phase, int step, int total);
    // A finished (or selected) run: its epoch history, or CART's pruning path.
    void showOutcome(const RunOutcome& outcome);
    // Nothing to plot (no run selected, a sweep's tree): empty plots and `why` as the caption.
    void showNoCurves(const QString& why);

    void setLogScale(bool on);
    bool logScale() const;
    int replotCount() const;  // replots done so far (for the bench and tests)
    QList<QCustomPlot*> plots() const;
    StartMultiples* startMultiples() const;  // the small plots of a multi-start run

private:
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
