#include "ui/tree/epoch_scrubber.h"

#include <algorithm>
#include <utility>
#include <vector>

#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QTimer>

#include "app/session/tree_timeline.h"

namespace treelab {

struct EpochScrubber::Parts {
    QSlider* slider = nullptr;
    QLabel* label = nullptr;
    QTimer liveTimer;        // spaces the canvas's live redraws
    bool livePending = false;  // a newer tree than the canvas's waits for the timer
    TreeTimeline live;       // the run in progress
    // Starts that train at once report interleaved; a live slider follows one of them, so that
    // the canvas shows one start learning rather than alternating between starts' trees. It moves
    // on to another start when the followed one has recorded its last epoch's tree, or once the
    // other has recorded kSwitchAfter trees since the followed one's last (the followed start
    // stopped early, or lags far behind).
    bool following = true;   // the slider is on the followed start's newest tree and stays there
    int followed = -1;       // the start followed; -1 = none yet
    bool followedEnded = false;  // the followed start recorded the tree of its last epoch
    std::vector<int> sinceFollowed;  // by start: trees recorded since the followed start's last
    static constexpr int kSwitchAfter = 3;
    std::shared_ptr<const RunOutcome> run;  // a finished or selected run (its trees and model)
    QString returnedText;    // the label of the run's last position
    QString singleText;      // the label when there is nothing to scrub

    const std::vector<RecordedTree>& trees() const { return run ? run->recorded_trees : live.trees(); }
    int count() const { return static_cast<int>(trees().size()) + (run ? 1 : 0); }
    bool onReturned(int index) const { return run && index == static_cast<int>(trees().size()); }
    bool onFollowed(int index) const { return !run && index == live.newestOf(followed); }
    // The start whose newest tree a live slider shows after `point`'s start recorded one.
    int startToFollow(const EpochPoint& point) {
        const auto start = static_cast<std::size_t>(point.start);
        if (start >= sinceFollowed.size()) sinceFollowed.resize(start + 1, 0);
        if (followed >= 0 && point.start != followed && !followedEnded && ++sinceFollowed[start] < kSwitchAfter) return followed;
        std::fill(sinceFollowed.begin(), sinceFollowed.end(), 0);
        followedEnded = point.total > 0 && point.epoch >= point.total;
        return point.start;
    }
    std::shared_ptr<const TreeModel> treeAt(int index) const {
        if (onReturned(index)) return std::shared_ptr<const TreeModel>(run, &run->model.tree);
        return trees()[static_cast<std::size_t>(index)].tree;
    }

    QString recordedText(const RecordedTree& tree) const {
        int last = tree.epoch;  // the start's last recorded epoch
        long long lastQueries = tree.loss_queries;
        for (const RecordedTree& other : trees())
            if (other.start == tree.start) {
                last = other.epoch;
                lastQueries = other.loss_queries;
            }
        const QString start = tree.starts > 1 ? tr("start %1 of %2, ").arg(tree.start + 1).arg(tree.starts) : QString();
        if (tree.loss_queries >= 0)  // an online run: the tree after so many loss queries
            return start + tr("after %1 of %2 loss queries").arg(tree.loss_queries).arg(lastQueries);
        return start + (tree.starts > 1 ? tr("epoch %1").arg(tree.epoch) : tr("epoch %1 of %2").arg(tree.epoch).arg(last));
    }

    void showLabel() {
        const int index = slider->value();
        if (count() == 0) label->setText(singleText);
        else if (onReturned(index)) label->setText(returnedText);
        else label->setText(recordedText(trees()[static_cast<std::size_t>(index)]));
    }

    void enable() {
        slider->setEnabled(count() > 1);
        label->setEnabled(true);
    }

    static QString tr(const char* text) { return EpochScrubber::tr(text); }
};

namespace {

// What the run's last position holds: the tree it returned, and where it comes from.
QString returned_text(const RunOutcome& run) {
    const int starts = static_cast<int>(run.starts.size());
    if (run.picked) {
        const int epoch = run.starts[static_cast<std::size_t>(run.picked->start)].best_epoch;
        return EpochScrubber::tr("returned model: start %1, epoch %2 (kept in place of the run's choice)")
            .arg(run.picked->start + 1)
            .arg(epoch);
    }
    // An online run's periods are evaluations (bandit feedback counts loss queries).
    const bool online = !run.history.empty() && run.history.back().loss_queries >= 0;
    if (run.chosen_epoch > 0 && online)
        return EpochScrubber::tr("returned model: evaluation %1 (the run's choice)").arg(run.chosen_epoch);
    if (run.chosen_epoch > 0)
        return starts > 1 ? EpochScrubber::tr("returned model: start %1, epoch %2 (the run's choice)").arg(run.chosen_start + 1).arg(run.chosen_epoch)
                          : EpochScrubber::tr("returned model: epoch %1 (the run's choice)").arg(run.chosen_epoch);
    if (!run.recorded_trees.empty()) return EpochScrubber::tr("returned model (the learner's fallback, not a trained epoch's tree)");
    return EpochScrubber::tr("the returned model: no trees were recorded epoch by epoch for this run");
}

}  // namespace

EpochScrubber::EpochScrubber(QWidget* parent) : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& p = *parts_;
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 0, 6, 0);  // as the Tree tab's footer: the label off the window's edge
    p.slider = new QSlider(Qt::Horizontal, this);
    p.slider->setObjectName(QStringLiteral("epochSlider"));
    p.slider->setToolTip(tr("The tree as it was at a recorded epoch of the selected run; the last position is the model the run returned"));
    p.label = new QLabel(this);
    p.label->setObjectName(QStringLiteral("epochLabel"));
    layout->addWidget(new QLabel(tr("Tree at"), this));
    layout->addWidget(p.slider, 1);
    layout->addWidget(p.label);
    connect(p.slider, &QSlider::valueChanged, this, [this](int index) {
        if (index < 0 || index >= snapshotCount()) return;
        parts_->following = parts_->onFollowed(index);  // back on the followed start's newest tree: following again
        parts_->livePending = false;
        parts_->showLabel();
        emit snapshotChosen(parts_->treeAt(index));
    });
    p.liveTimer.setSingleShot(true);
    p.liveTimer.setInterval(kLiveIntervalMs);
    connect(&p.liveTimer, &QTimer::timeout, this, [this] {
        Parts& parts = *parts_;
        if (!parts.livePending) return;
        parts.livePending = false;
        parts.showLabel();
        emit snapshotChosen(parts.treeAt(parts.slider->value()));
        parts.liveTimer.start();  // the next tree waits its turn
    });
    clear();
}

EpochScrubber::~EpochScrubber() = default;

void EpochScrubber::addSnapshot(const EpochPoint& point) {
    Parts& p = *parts_;
    if (!point.snapshot || p.run) return;
    const bool follow = p.count() == 0 || p.following;
    const std::shared_ptr<const TreeModel> looked = p.count() == 0 ? nullptr : p.treeAt(p.slider->value());
    const auto [lookedStart, lookedEpoch] = std::pair{currentStart(), currentEpoch()};
    p.live.record({point.start, point.starts, point.epoch, point.loss_queries, point.snapshot});
    {
        const QSignalBlocker blocker(p.slider);
        p.slider->setRange(0, p.count() - 1);
        if (follow) {
            p.followed = p.startToFollow(point);
            p.slider->setValue(p.live.newestOf(p.followed));
        } else {  // trees inserted before it or thinning may have moved (or dropped) the tree the user looks at: the nearest earlier one
            int index = 0;
            for (int k = 0; k < p.count(); ++k) {
                const RecordedTree& tree = p.trees()[static_cast<std::size_t>(k)];
                if (tree.start < lookedStart || (tree.start == lookedStart && tree.epoch <= lookedEpoch)) index = k;
            }
            p.slider->setValue(index);
        }
    }
    p.following = follow;
    p.enable();
    const bool moved = p.treeAt(p.slider->value()) != looked;
    if (!follow) {
        p.showLabel();
        if (moved) emit snapshotChosen(p.treeAt(p.slider->value()));
        return;
    }
    if (!moved) return;  // another start's tree: the followed start's stays on the canvas
    if (p.liveTimer.isActive()) {
        p.livePending = true;
        return;
    }
    p.livePending = false;
    p.showLabel();
    emit snapshotChosen(p.treeAt(p.slider->value()));
    p.liveTimer.start();
}

void EpochScrubber::clear() {
    Parts& p = *parts_;
    p.run.reset();
    p.live = TreeTimeline();
    p.following = true;
    p.followed = -1;
    p.followedEnded = false;
    p.sinceFollowed.clear();
    p.livePending = false;
    p.liveTimer.stop();
    p.singleText = tr("no trees recorded yet");
    const QSignalBlocker blocker(p.slider);
    p.slider->setRange(0, 0);
    p.slider->setEnabled(false);
    p.showLabel();
}

void EpochScrubber::showRun(std::shared_ptr<const RunOutcome> outcome) {
    if (!outcome) {
        showSingle(tr("no tree"));
        return;
    }
    clear();
    Parts& p = *parts_;
    p.run = std::move(outcome);
    p.returnedText = returned_text(*p.run);
    if (p.run->recorded_trees_dropped)
        p.returnedText += tr(" — the trees recorded during older runs are dropped to keep memory bounded; the final tree is kept");
    {
        const QSignalBlocker blocker(p.slider);
        p.slider->setRange(0, p.count() - 1);
        p.slider->setValue(p.count() - 1);
    }
    p.enable();
    p.showLabel();
}

void EpochScrubber::showSingle(const QString& why) {
    clear();
    parts_->singleText = why;
    parts_->showLabel();
}

int EpochScrubber::snapshotCount() const { return parts_->count(); }

int EpochScrubber::currentIndex() const { return parts_->slider->value(); }

int EpochScrubber::currentEpoch() const {
    const Parts& p = *parts_;
    if (p.count() == 0) return 0;
    if (!p.onReturned(p.slider->value())) return p.trees()[static_cast<std::size_t>(p.slider->value())].epoch;
    if (p.run->picked) return p.run->starts[static_cast<std::size_t>(p.run->picked->start)].best_epoch;
    return p.run->chosen_epoch;
}

int EpochScrubber::currentStart() const {
    const Parts& p = *parts_;
    if (p.count() == 0) return -1;
    if (!p.onReturned(p.slider->value())) return p.trees()[static_cast<std::size_t>(p.slider->value())].start;
    if (p.run->picked) return p.run->picked->start;
    return p.run->chosen_epoch > 0 ? p.run->chosen_start : -1;
}

bool EpochScrubber::onReturnedModel() const { return parts_->count() > 0 && parts_->onReturned(parts_->slider->value()); }

QString EpochScrubber::label() const { return parts_->label->text(); }

QSlider* EpochScrubber::slider() const { return parts_->slider; }

void EpochScrubber::setCurrentIndex(int index) {
    Parts& p = *parts_;
    if (index < 0 || index >= snapshotCount()) return;
    if (p.slider->value() == index) {
        p.livePending = false;
        p.showLabel();
        emit snapshotChosen(p.treeAt(index));
    } else {
        p.slider->setValue(index);
    }
}

}  // namespace treelab
