#include "ui/data/target_view.h"

#include <algorithm>
#include <numeric>

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "qcustomplot.h"

namespace treelab {
namespace {

QTableWidgetItem* numberItem(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

}  // namespace

TargetView::TargetView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    caption_ = new QLabel(this);
    caption_->setWordWrap(true);
    layout->addWidget(caption_);

    classBalance_ = new QTableWidget(0, 3, this);
    classBalance_->setObjectName(QStringLiteral("classBalance"));
    classBalance_->setHorizontalHeaderLabels({tr("Class"), tr("Rows"), tr("Share")});
    classBalance_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    classBalance_->verticalHeader()->hide();
    classBalance_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    classBalance_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    layout->addWidget(classBalance_);

    histogram_ = new QCustomPlot(this);
    histogram_->setObjectName(QStringLiteral("targetHistogram"));
    histogram_->setMinimumHeight(160);
    histogram_->yAxis->setLabel(tr("rows"));
    layout->addWidget(histogram_, 1);
    clear();
}

void TargetView::clear() {
    caption_->setText(tr("No target yet."));
    classBalance_->setRowCount(0);
    classBalance_->hide();
    histogram_->clearPlottables();
    histogram_->hide();
}

void TargetView::showProblem(const QString& message) {
    clear();
    caption_->setText(QStringLiteral("<span style='color:#b00020'>%1</span>").arg(message.toHtmlEscaped()));
}

void TargetView::showSummary(const QString& column, const TargetSummary& summary) {
    QVector<double> positions, counts;
    if (summary.task == Task::Classification) {
        const std::size_t total = std::accumulate(summary.class_counts.begin(), summary.class_counts.end(), std::size_t{0});
        caption_->setText(tr("Class balance of <b>%1</b>: %n class(es)", nullptr, static_cast<int>(summary.class_names.size()))
                              .arg(column.toHtmlEscaped()));
        classBalance_->setRowCount(static_cast<int>(summary.class_names.size()));
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (std::size_t k = 0; k < summary.class_names.size(); ++k) {
            const int row = static_cast<int>(k);
            const double share = total ? 100.0 * static_cast<double>(summary.class_counts[k]) / static_cast<double>(total) : 0.0;
            const QString name = QString::fromStdString(summary.class_names[k]);
            classBalance_->setItem(row, 0, new QTableWidgetItem(name));
            classBalance_->setItem(row, 1, numberItem(QString::number(summary.class_counts[k])));
            classBalance_->setItem(row, 2, numberItem(QStringLiteral("%1 %").arg(share, 0, 'f', 1)));
            positions.append(row);
            counts.append(static_cast<double>(summary.class_counts[k]));
            ticker->addTick(row, name);
        }
        // Tall enough for a handful of classes; many classes scroll, and the bars show them all.
        const int shown = std::min(classBalance_->rowCount(), 8);
        classBalance_->setFixedHeight(classBalance_->horizontalHeader()->sizeHint().height() +
                                      shown * classBalance_->verticalHeader()->defaultSectionSize() +
                                      2 * classBalance_->frameWidth());
        classBalance_->show();
        histogram_->xAxis->setTicker(ticker);
        histogram_->xAxis->grid()->setVisible(false);  // classes are categories, not positions
        histogram_->xAxis->setLabel(column);
        showBars(positions, counts, 1.0);
        histogram_->xAxis->setRange(-0.7, static_cast<double>(counts.size()) - 0.3);
        histogram_->replot();
        return;
    }
    const Histogram& bins = summary.histogram;
    caption_->setText(tr("Distribution of <b>%1</b> (regression): %2 to %3")
                          .arg(column.toHtmlEscaped())
                          .arg(bins.low, 0, 'g', 4)
                          .arg(bins.high, 0, 'g', 4));
    classBalance_->hide();
    const double width = (bins.high - bins.low) / static_cast<double>(bins.counts.size());
    for (std::size_t k = 0; k < bins.counts.size(); ++k) {
        positions.append(bins.low + (static_cast<double>(k) + 0.5) * width);
        counts.append(static_cast<double>(bins.counts[k]));
    }
    histogram_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    histogram_->xAxis->grid()->setVisible(true);
    histogram_->xAxis->setLabel(column);
    showBars(positions, counts, width > 0.0 ? width : 1.0);
    histogram_->xAxis->setRange(bins.low - width, bins.high + width);
    histogram_->replot();
}

void TargetView::showBars(const QVector<double>& positions, const QVector<double>& counts, double width) {
    histogram_->clearPlottables();
    auto* bars = new QCPBars(histogram_->xAxis, histogram_->yAxis);
    bars->setData(positions, counts, true);
    bars->setWidth(width * 0.9);  // a thin gap between bars
    bars->setPen(Qt::NoPen);
    bars->setBrush(QColor(70, 130, 180));
    const double highest = counts.isEmpty() ? 0.0 : *std::max_element(counts.begin(), counts.end());
    histogram_->yAxis->setRange(0, highest * 1.1 + 1);
    histogram_->show();
}

}  // namespace treelab
