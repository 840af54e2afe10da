#pragma once
// The starts of a multi-start run (GET's N_start, GradTree's restarts) as small multiples: one small
// plot per start of its training metric per epoch, on shared axes so that starts compare at a
// glance, each titled with its best score; the highest is set in bold. Once a finished run's start
// trees are at hand (TrainResult::starts), a click on a start's plot selects it (outlined, nothing
// else changes); keeping its tree in place of the run's choice is an explicit command, the "Keep
// start N's tree" button or the plot's context menu. The kept start is marked, and while one is
// kept a "Back to the run's tree" button is in sight.
#include <limits>
#include <string>
#include <vector>

#include <QWidget>

#include "app/session/epoch_point.h"

class QCustomPlot;
class QCPAxisRect;
class QLabel;
class QMouseEvent;
class QPushButton;
class QCPGraph;
class QCPTextElement;

namespace treelab {

class StartMultiples : public QWidget {
    Q_OBJECT
public:
    explicit StartMultiples(QWidget* parent = nullptr);

    void clear();                            // a new run (not pickable, nothing picked)
    void addEpoch(const EpochPoint& point);  // grows the grid at the run's first report
    void replot(int priority);               // QCustomPlot::RefreshPriority, after coalescing
    int shownStarts() const;                 // small plots on screen
    QString startTitle(int start) const;     // e.g. "start 3 · best R² 0.812", "start 3 (picked) · …"
    QCustomPlot* plot() const { return plot_; }
    // Starts can be selected and kept only while the shown run has a tree per start.
    void setPickable(bool pickable);
    void select(int start);  // as a click on its plot; -1 = none
    int selected() const { return selected_; }
    // The start (0-based) whose tree the shown run's model holds; -1 = the run's own choice.
    void setPicked(int start);
    int picked() const { return picked_; }
    QRect startRect(int start) const;        // where start's plot is, in plot() coordinates
    QPushButton* backButton() const { return back_; }
    QPushButton* keepButton() const { return keep_; }

signals:
    void startPicked(int start);  // 0-based: the user asks to keep this start's tree
    void runTreeRequested();      // the user asks for the run's own tree back

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
    void onPress(QMouseEvent* event);
    int startAt(const QPoint& position) const;  // -1 = no start's plot there
    void refreshButtons();

    QCustomPlot* plot_ = nullptr;
    QLabel* hint_ = nullptr;
    QPushButton* back_ = nullptr;
    QPushButton* keep_ = nullptr;
    std::vector<Start> starts_;
    bool pickable_ = false;
    int picked_ = -1;
    int selected_ = -1;
    int runStarts_ = 0;      // starts the run makes (may exceed those shown)
    QString metricLabel_;
    bool dirty_ = false;
};

}  // namespace treelab
