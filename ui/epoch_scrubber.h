#pragma once
// A slider over the live trees a run recorded (issue 7 item 6): during training it follows the
// newest snapshot; afterwards the user scrubs back to see the tree as it was at any recorded
// epoch, nodes emptying out as pruning bites. Feed it TrainingSession::epochReported's snapshots.
#include <memory>

#include <QWidget>

#include "app/session/epoch_point.h"
#include "core/model/tree_model.h"

namespace treelab {

class EpochScrubber : public QWidget {
    Q_OBJECT
public:
    explicit EpochScrubber(QWidget* parent = nullptr);
    ~EpochScrubber() override;

    // Records the point's tree (points without one are ignored). The slider moves to it when it was
    // on the newest snapshot before (following the run), and stays where the user put it otherwise.
    // A run with restarts numbers each start's epochs from 1; the label then names the start. A run
    // that counts loss queries (bandit feedback) is labelled by them.
    void addSnapshot(const EpochPoint& point);
    void clear();  // a new run

    int snapshotCount() const;
    int currentEpoch() const;  // epoch (within its start) of the snapshot shown; 0 when there is none
    QString label() const;     // what the label beside the slider says
    void setCurrentIndex(int index);  // as if the user moved the slider to the index-th snapshot

signals:
    // The user (or addSnapshot while following the run) chose this recorded tree.
    void snapshotChosen(std::shared_ptr<const treelab::TreeModel> tree);

private:
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
