#pragma once
// The starts of a multi-start run (GET's N_start, GradTree's restarts) as small multiples: one small
// plot per start of its training metric per epoch, on shared axes so that starts compare at a
// glance, each titled with its best score; the highest is set in bold. Only the run's returned tree
// is kept by the learners (TrainResult holds one model), so a start's tree cannot be picked here.
#include <limits>
#include <string>
#include <vector>

#include <QWidget>

#include "app/session/epoch_point.h"

class QCustomPlot;
class QCPAxisRect;
class QCPGraph;
class QCPTextElement;

namespace treelab {

class StartMultiples : public QWidget {
    Q_OBJECT
public:
    explicit StartMultiples(QWidget* parent = nullptr);

    void clear();                            // a new run
    void addEpoch(const EpochPoint& point);  // grows the grid at the run's first report
    void replot(int priority);               // QCustomPlot::RefreshPriority, after coalescing
    int shownStarts() const;                 // small plots on screen
    QString startTitle(int start) const;     // e.g. "start 3 · best R² 0.812"
    QCustomPlot* plot() const { return plot_; }

private:
    struct Start {
        QCPAxisRect* rect = nullptr;
        QCPTextElement* title = nullptr;
        QCPGraph* train = nullptr;
        QCPGraph* valid = nullptr;
        double best = -std::numeric_limits<double>::infinity();  // best training metric (higher is better)
    };

    void buildGrid(int starts);
    void retitle();

    QCustomPlot* plot_ = nullptr;
    std::vector<Start> starts_;
    int runStarts_ = 0;      // starts the run makes (may exceed those shown)
    QString metricLabel_;
    bool dirty_ = false;
};

}  // namespace treelab
