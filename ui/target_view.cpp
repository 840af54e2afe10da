#include "ui/target_view.h"

#include <numeric>

#include <QHeaderView>
#include <QLabel>
#include <QStackedWidget>
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
    layout->setContentsMargins(0, 0, 0, 0);
    caption_ = new QLabel(this);
    caption_->setWordWrap(true);
    layout->addWidget(caption_);

    pages_ = new QStackedWidget(this);
    classBalance_ = new QTableWidget(0, 3, this);
    classBalance_->setObjectName(QStringLiteral("classBalance"));
    classBalance_->setHorizontalHeaderLabels({tr("Class"), tr("Rows"), tr("Share")});
    classBalance_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    classBalance_->verticalHeader()->hide();
    classBalance_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    pages_->addWidget(classBalance_);

    histogram_ = new QCustomPlot(this);
    histogram_->setObjectName(QStringLiteral("targetHistogram"));
    histogram_->setMinimumHeight(140);
    histogram_->yAxis->setLabel(tr("rows"));
    pages_->addWidget(histogram_);
    layout->addWidget(pages_, 1);
    clear();
}

void TargetView::clear() {
    caption_->setText(tr("No target yet."));
    classBalance_->setRowCount(0);
    pages_->setCurrentWidget(classBalance_);
}

void TargetView::showProblem(const QString& message) {
    clear();
    caption_->setText(QStringLiteral("<span style='color:#b00020'>%1</span>").arg(message.toHtmlEscaped()));
}

void TargetView::showSummary(const QString& column, const TargetSummary& summary) {
    if (summary.task == Task::Classification) {
        const std::size_t total = std::accumulate(summary.class_counts.begin(), summary.class_counts.end(), std::size_t{0});
        caption_->setText(tr("Class balance of <b>%1</b>: %n class(es)", nullptr, static_cast<int>(summary.class_names.size()))
                              .arg(column.toHtmlEscaped()));
        classBalance_->setRowCount(static_cast<int>(summary.class_names.size()));
        for (std::size_t k = 0; k < summary.class_names.size(); ++k) {
            const int row = static_cast<int>(k);
            const double share = total ? 100.0 * static_cast<double>(summary.class_counts[k]) / static_cast<double>(total) : 0.0;
            classBalance_->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(summary.class_names[k])));
            classBalance_->setItem(row, 1, numberItem(QString::number(summary.class_counts[k])));
            classBalance_->setItem(row, 2, numberItem(QStringLiteral("%1 %").arg(share, 0, 'f', 1)));
        }
        pages_->setCurrentWidget(classBalance_);
        return;
    }
    const Histogram& bins = summary.histogram;
    caption_->setText(tr("Distribution of <b>%1</b> (regression): %2 to %3")
                          .arg(column.toHtmlEscaped())
                          .arg(bins.low, 0, 'g', 4)
                          .arg(bins.high, 0, 'g', 4));
    histogram_->clearPlottables();
    auto* bars = new QCPBars(histogram_->xAxis, histogram_->yAxis);
    const double width = (bins.high - bins.low) / static_cast<double>(bins.counts.size());
    QVector<double> centers, counts;
    double highest = 0.0;
    for (std::size_t k = 0; k < bins.counts.size(); ++k) {
        centers.append(bins.low + (static_cast<double>(k) + 0.5) * width);
        counts.append(static_cast<double>(bins.counts[k]));
        highest = std::max(highest, counts.back());
    }
    bars->setData(centers, counts, true);
    bars->setWidth(width > 0.0 ? width : 1.0);
    bars->setPen(QPen(palette().color(QPalette::Window)));
    bars->setBrush(QColor(70, 130, 180));
    histogram_->xAxis->setRange(bins.low - width, bins.high + width);
    histogram_->yAxis->setRange(0, highest * 1.1 + 1);
    histogram_->replot();
    pages_->setCurrentWidget(histogram_);
}

}  // namespace treelab
