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
    std::vector<std::pair<int, std::shared_ptr<const TreeModel>>> snapshots;  // in epoch order

    bool onNewest() const { return slider->value() == static_cast<int>(snapshots.size()) - 1; }

    void showLabel() {
        label->setText(snapshots.empty() ? EpochScrubber::tr("no trees recorded")
                                         : EpochScrubber::tr("epoch %1 of %2")
                                               .arg(snapshots[static_cast<std::size_t>(slider->value())].first)
                                               .arg(snapshots.back().first));
    }
};

EpochScrubber::EpochScrubber(QWidget* parent) : QWidget(parent), parts_(std::make_unique<Parts>()) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    parts_->slider = new QSlider(Qt::Horizontal, this);
    parts_->slider->setToolTip(tr("The tree as it was at a recorded epoch of the last run"));
    parts_->label = new QLabel(this);
    layout->addWidget(new QLabel(tr("Tree at"), this));
    layout->addWidget(parts_->slider, 1);
    layout->addWidget(parts_->label);
    connect(parts_->slider, &QSlider::valueChanged, this, [this](int index) {
        if (index < 0 || index >= snapshotCount()) return;
        parts_->showLabel();
        emit snapshotChosen(parts_->snapshots[static_cast<std::size_t>(index)].second);
    });
    clear();
}

EpochScrubber::~EpochScrubber() = default;

void EpochScrubber::addSnapshot(int epoch, std::shared_ptr<const TreeModel> tree) {
    if (!tree) return;
    const bool follow = parts_->snapshots.empty() || parts_->onNewest();
    parts_->snapshots.emplace_back(epoch, std::move(tree));
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

int EpochScrubber::currentEpoch() const {
    return parts_->snapshots.empty() ? 0 : parts_->snapshots[static_cast<std::size_t>(parts_->slider->value())].first;
}

void EpochScrubber::setCurrentIndex(int index) {
    if (index < 0 || index >= snapshotCount()) return;
    if (parts_->slider->value() == index) {
        parts_->showLabel();
        emit snapshotChosen(parts_->snapshots[static_cast<std::size_t>(index)].second);
    } else {
        parts_->slider->setValue(index);
    }
}

}  // namespace treelab
