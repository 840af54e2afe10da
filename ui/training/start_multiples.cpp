#include "ui/training/start_multiples.h"

#include <algorithm>
#include <cmath>

#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QPushButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "core/run/evaluation.h"
#include "ui/common/plot_style.h"

namespace treelab {
namespace {

// Beyond this many small plots they are too small to read (starts may go to 1000); the title says
// how many are left out.
constexpr int kMaxShown = 20;
constexpr int kColumns = 5;
// Behind the picked start's axes: pale, so its curves read as before.
const QColor kPickedBackground{255, 243, 205};
// Behind the selected (clicked, not kept) start's axes.
const QColor kSelectedBackground{222, 235, 250};

}  // namespace

StartMultiples::StartMultiples(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* header = new QHBoxLayout;
    hint_ = new QLabel(tr("Click a start's plot to select it; its tree replaces the run's only with \"Keep\"."), this);
    keep_ = new QPushButton(tr("Keep the selected start's tree"), this);
    keep_->setObjectName(QStringLiteral("keepStartTree"));
    keep_->setToolTip(tr("Use the selected start's tree as the run's model: shown, saved and exported in place of the run's choice"));
    back_ = new QPushButton(tr("Back to the run's tree"), this);
    back_->setObjectName(QStringLiteral("backToRunTree"));
    back_->setToolTip(tr("Show the tree the run chose again (the best start, or the learner's fallback)"));
    header->addWidget(hint_, 1);
    header->addWidget(keep_);
    header->addWidget(back_);
    layout->addLayout(header);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName(QStringLiteral("startMultiples"));
    plot_->setMinimumHeight(220);
    layout->addWidget(plot_);
    connect(plot_, &QCustomPlot::mousePress, this, &StartMultiples::onPress);
    connect(back_, &QPushButton::clicked, this, &StartMultiples::runTreeRequested);
    connect(keep_, &QPushButton::clicked, this, [this] {
        if (selected_ >= 0) emit startPicked(selected_);
    });
    plot_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(plot_, &QWidget::customContextMenuRequested, this, [this](const QPoint& position) {
        const int start = startAt(position);
        if (!pickable_ || start < 0) return;
        select(start);
        QMenu menu(this);
        QAction* keep = menu.addAction(tr("Keep start %1's tree").arg(start + 1));
        keep->setEnabled(start != picked_);
        QAction* back = menu.addAction(tr("Back to the run's tree"));
        back->setEnabled(picked_ >= 0);
        QAction* chosen = menu.exec(plot_->mapToGlobal(position));
        if (chosen == keep) emit startPicked(start);
        else if (chosen == back) emit runTreeRequested();
    });
    clear();  // no default axis rect: the grid is built at a run's first report
}

void StartMultiples::clear() {
    plot_->clearGraphs();
    plot_->plotLayout()->clear();  // deletes the axis rects and titles
    starts_.clear();
    runStarts_ = 0;
    metricLabel_.clear();
    selected_ = -1;
    setPickable(false);
    setPicked(-1);
    dirty_ = true;
}

void StartMultiples::setPickable(bool pickable) {
    pickable_ = pickable;
    if (!pickable) selected_ = -1;
    plot_->setCursor(pickable ? Qt::PointingHandCursor : Qt::ArrowCursor);
    refreshButtons();
}

void StartMultiples::setPicked(int start) {
    picked_ = start;
    refreshButtons();
}

void StartMultiples::select(int start) {
    selected_ = pickable_ && start >= 0 && start < shownStarts() ? start : -1;
    refreshButtons();
}

// The buttons name what they do to which start; the way back shows only while a start is kept.
void StartMultiples::refreshButtons() {
    hint_->setVisible(pickable_);
    keep_->setVisible(pickable_);
    keep_->setEnabled(selected_ >= 0 && selected_ != picked_);
    keep_->setText(selected_ >= 0 ? tr("Keep start %1's tree").arg(selected_ + 1) : tr("Keep the selected start's tree"));
    back_->setVisible(pickable_ && picked_ >= 0);
    back_->setEnabled(picked_ >= 0);
    for (std::size_t k = 0; k < starts_.size(); ++k) {
        const int start = static_cast<int>(k);
        starts_[k].rect->setBackground(start == picked_     ? QBrush(kPickedBackground)
                                       : start == selected_ ? QBrush(kSelectedBackground)
                                                            : QBrush(Qt::NoBrush));
    }
    dirty_ = true;
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

QRect StartMultiples::startRect(int start) const {
    const Start& s = starts_.at(static_cast<std::size_t>(start));
    return s.rect->outerRect().united(s.title->outerRect());
}

int StartMultiples::startAt(const QPoint& position) const {
    for (int k = 0; k < shownStarts(); ++k)
        if (startRect(k).contains(position)) return k;
    return -1;
}

// A click only selects: replacing the run's model takes the Keep button or the context menu.
void StartMultiples::onPress(QMouseEvent* event) {
    if (!pickable_ || event->button() != Qt::LeftButton) return;
    select(startAt(event->position().toPoint()));
}

void StartMultiples::buildGrid(int starts) {
    runStarts_ = starts;
    const int shown = std::min(starts, kMaxShown);
    QCPLayoutGrid* grid = plot_->plotLayout();
    QFont bold = plot_->font();
    bold.setBold(true);
    grid->addElement(0, 0, new QCPTextElement(plot_, starts > shown ? tr("Starts (the first %1 of %2)").arg(shown).arg(starts) : tr("Starts"), bold));
    auto* cells = new QCPLayoutGrid;
    grid->addElement(1, 0, cells);
    starts_.resize(static_cast<std::size_t>(shown));
    for (int k = 0; k < shown; ++k) {
        Start& start = starts_[static_cast<std::size_t>(k)];
        auto* cell = new QCPLayoutGrid;
        cells->addElement(k / kColumns, k % kColumns, cell);
        start.title = new QCPTextElement(plot_, QString(), plot_->font());
        start.rect = new QCPAxisRect(plot_);
        cell->addElement(0, 0, start.title);
        cell->addElement(1, 0, start.rect);
        cell->setRowStretchFactor(0, 0.001);  // the title takes only its text's height
        QFont small = plot_->font();
        small.setPointSizeF(small.pointSizeF() * 0.8);
        for (QCPAxis* axis : start.rect->axes()) {
            axis->setTickLabelFont(small);
            axis->ticker()->setTickCount(3);  // a fifth of the panel's width: more labels run together
        }
        start.train = plot_->addGraph(start.rect->axis(QCPAxis::atBottom), start.rect->axis(QCPAxis::atLeft));
        start.train->setPen(QPen(kTrainColour, 1.5));
        start.valid = plot_->addGraph(start.rect->axis(QCPAxis::atBottom), start.rect->axis(QCPAxis::atLeft));
        start.valid->setPen(QPen(kHeldOutColour, 1.5));
    }
}

void StartMultiples::addEpoch(const EpochPoint& point) {
    if (starts_.empty()) buildGrid(point.starts);
    if (!point.metric.empty()) metricLabel_ = QString::fromStdString(score_label(point.metric));
    if (point.start >= static_cast<int>(starts_.size())) return;
    Start& start = starts_[static_cast<std::size_t>(point.start)];
    if (std::isfinite(point.train_metric)) {
        start.train->addData(point.epoch, point.train_metric);
        start.best = std::max(start.best, point.train_metric);
    }
    if (std::isfinite(point.valid_metric)) start.valid->addData(point.epoch, point.valid_metric);
    dirty_ = true;
}

QString StartMultiples::startTitle(int start) const {
    const Start& s = starts_.at(static_cast<std::size_t>(start));
    const QString name = start == picked_ ? tr("start %1 (picked)").arg(start + 1) : tr("start %1").arg(start + 1);
    return std::isfinite(s.best) ? tr("%1 · best %2 %3").arg(name, metricLabel_).arg(s.best, 0, 'g', 3) : name;
}

void StartMultiples::retitle() {
    double highest = -std::numeric_limits<double>::infinity();
    for (const Start& start : starts_) highest = std::max(highest, start.best);
    for (std::size_t k = 0; k < starts_.size(); ++k) {
        starts_[k].title->setText(startTitle(static_cast<int>(k)));
        QFont font = plot_->font();
        font.setBold(std::isfinite(highest) && starts_[k].best == highest);
        starts_[k].title->setFont(font);
    }
}

void StartMultiples::replot(int priority) {
    if (!dirty_) return;
    dirty_ = false;
    retitle();
    // Shared axes: every small plot spans the epochs and metric values of all of them.
    QCPRange epochs, values;
    bool any = false;
    for (const Start& start : starts_)
        for (QCPGraph* graph : {start.train, start.valid}) {
            bool found = false;
            const QCPRange keys = graph->getKeyRange(found);
            if (!found) continue;
            const QCPRange range = graph->getValueRange(found);
            epochs = any ? QCPRange(std::min(epochs.lower, keys.lower), std::max(epochs.upper, keys.upper)) : keys;
            values = any ? QCPRange(std::min(values.lower, range.lower), std::max(values.upper, range.upper)) : range;
            any = true;
        }
    if (any) {
        values = values.size() > 0 ? values : QCPRange(values.lower - 0.5, values.upper + 0.5);
        for (const Start& start : starts_) {
            start.rect->axis(QCPAxis::atBottom)->setRange(epochs);
            start.rect->axis(QCPAxis::atLeft)->setRange(values);
            start.rect->axis(QCPAxis::atLeft)->scaleRange(1.1);
        }
    }
    plot_->replot(static_cast<QCustomPlot::RefreshPriority>(priority));
}

int StartMultiples::shownStarts() const { return static_cast<int>(starts_.size()); }

}  // namespace treelab
