#pragma once
// The two plots of the Sweep tab, as sklearn's pruning example and rpart's plotcp draw them: a
// metric (train, valid, test; mean with ± std error bars over seeds) against the swept parameter,
// and against the number of active nodes. A cursor marks the chosen grid value on both; a click on
// a point chooses its grid value.
#include <memory>
#include <string>
#include <vector>

#include <QWidget>

#include "core/run/sweep_summary.h"

class QCustomPlot;

namespace treelab {

struct SweepAxis {
    QString label;        // e.g. "Pruning alpha (ccp_alpha)"
    bool log = false;     // geometric x axis; values <= 0 sit one decade below the smallest positive one
    bool steps = false;   // a pruning path: each tree holds from its alpha up to the next one
};

class SweepPlots : public QWidget {
    Q_OBJECT
public:
    explicit SweepPlots(QWidget* parent = nullptr);
    ~SweepPlots() override;

    // `points` in increasing order of `xs` (their numeric grid values).
    void showPoints(const std::vector<SweepPoint>& points, const std::vector<double>& xs, const std::string& metric,
                    const SweepAxis& axis);
    void clear();
    void moveCursorTo(int point);  // -1 hides the cursors

    QList<QCustomPlot*> plots() const;  // metric vs parameter, metric vs active nodes
    int pointCount(int plot) const;     // points drawn on plot 0 or 1 (one graph per split)

signals:
    void pointClicked(int point);

private:
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
