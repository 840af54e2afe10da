#include "ui/epoch_scrubber.h"

#include <utility>
#include <vector>

#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>

namespace treelab {

struct EpochScrubber::Parts {
    QSlider* slider = nullptr;
    QLabel* label = nullptr;
    std::vector<EpochPoint> snapshots;  // in the order the run reported them

    bool onNewest() const { return slider->value() == static_cast<int>(snapshots.size()) - 1; }
    const EpochPoint& current() const { return snapshots[static_cast<std::size_t>(slider->value())]; }

    void showLabel() {
        if (snapshots.empty()) {
            label->setText(EpochScrubber::tr("no trees recorded"));
        } else if (current().loss_queries >= 0) {  // an online run: the tree after so many loss queries
            label->setText(EpochScrubber::tr("after %1 of %2 loss queries").arg(current().loss_queries).arg(snapshots.back().loss_queries));
        } else if (current().starts > 1) {  // epochs count from 1 in every start
            label->setText(EpochScrubber::tr("start %1 of %2, epoch %3")
                               .arg(current().start + 1)
                               .arg(current().starts)
                               .arg(current().epoch));
        } else {
            label->setText(EpochScrubber::tr("epoch %1 of %2").arg(current().epoch).arg(snapshots.back().epoch));
        }
    }
};

EpochScrubber::EpochScrubber(QWidget* parent) : QWidget(parent), parts_(std::make_unique<Parts>()) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 0, 6, 0);  // as the Tree tab's footer: the label off the window's edge
    parts_->slider = new QSlider(Qt::Horizontal, this);
    parts_->slider->setToolTip(tr("The tree as it was at a recorded epoch of the last run"));
    parts_->label = new QLabel(this);
    layout->addWidget(new QLabel(tr("Tree at"), this));
    layout->addWidget(parts_->slider, 1);
    layout->addWidget(parts_->label);
    connect(parts_->slider, &QSlider::valueChanged, this, [this](int index) {
        if (index < 0 || index >= snapshotCount()) return;
        parts_->showLabel();
        emit snapshotChosen(parts_->current().snapshot);
    });
    clear();
}

EpochScrubber::~EpochScrubber() = default;

void EpochScrubber::addSnapshot(const EpochPoint& point) {
    if (!point.snapshot) return;
    const bool follow = parts_->snapshots.empty() || parts_->onNewest();
    parts_->snapshots.push_back(point);
    const int newest = snapshotCount() - 1;
    {
        const QSignalBlocker blocker(parts_->slider);
        parts_->slider->setRange(0, newest);
    }
    parts_->slider->setEnabled(true);
    if (follow) setCurrentIndex(newest);
    else parts_->showLabel();
}

void EpochScrubber::clear() {
    parts_->snapshots.clear();
    const QSignalBlocker blocker(parts_->slider);
    parts_->slider->setRange(0, 0);
    parts_->slider->setEnabled(false);
    parts_->showLabel();
}

int EpochScrubber::snapshotCount() const { return static_cast<int>(parts_->snapshots.size()); }

int EpochScrubber::currentEpoch() const { return parts_->snapshots.empty() ? 0 : parts_->current().epoch; }

QString EpochScrubber::label() const { return parts_->label->text(); }

void EpochScrubber::setCurrentIndex(int index) {
    if (index < 0 || index >= snapshotCount()) return;
    if (parts_->slider->value() == index) {
        parts_->showLabel();
        emit snapshotChosen(parts_->current().snapshot);
    } else {
        parts_->slider->setValue(index);
    }
}

}  // namespace treelab
