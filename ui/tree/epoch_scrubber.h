#pragma once
// A slider over the trees a run recorded (app/session/tree_timeline.h): during training it follows
// the newest of a start; for a finished or selected run its positions are the run's recorded trees and, last,
// the model the run returned, so that scrubbing back and forth always ends on the tree that is
// saved and exported. The label names the start and epoch of the tree the canvas shows; a tree
// with nothing to scrub (CART, a model file, a sweep's tree) leaves the slider disabled, saying why.
#include <memory>

#include <QWidget>

#include "app/session/epoch_point.h"
#include "core/run/training_run.h"

class QSlider;

namespace treelab {

class EpochScrubber : public QWidget {
    Q_OBJECT
public:
    explicit EpochScrubber(QWidget* parent = nullptr);
    ~EpochScrubber() override;

    // Live: records the point's tree (points without one are ignored), thinned as the session
    // thins them; the positions are start by start, each start's trees in epoch order, however
    // the starts' reports interleave. The slider follows the newest tree of one start (the first
    // to report; another once the followed one has reached its last epoch or stopped recording)
    // while the user leaves it there or moves it back there, and stays on the start and epoch the
    // user chose otherwise; the canvas follows at most every kLiveIntervalMs.
    void addSnapshot(const EpochPoint& point);
    void clear();  // a new run: nothing recorded yet
    // A finished or selected run: its recorded trees, then its returned model, which is where the
    // slider stands (the canvas already shows it: nothing is emitted).
    void showRun(std::shared_ptr<const RunOutcome> outcome);
    // A tree without recorded epochs (a sweep's tree) or none: the slider disabled, the label saying `why`.
    void showSingle(const QString& why);

    int snapshotCount() const;  // positions of the slider
    int currentIndex() const;
    int currentEpoch() const;  // epoch (within its start) of the tree shown; 0 when unknown
    int currentStart() const;  // 0-based start of the tree shown; -1 when unknown
    bool onReturnedModel() const;
    QString label() const;     // what the label beside the slider says
    QSlider* slider() const;
    void setCurrentIndex(int index);  // as if the user moved the slider to the index-th position

    static constexpr int kLiveIntervalMs = 200;

signals:
    // The user (or addSnapshot while following the run) chose this tree.
    void snapshotChosen(std::shared_ptr<const treelab::TreeModel> tree);

private:
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
