#include "app/render/box_plot_figure.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include <QFontMetricsF>
#include <QPainter>

#include "app/render/plot_panel.h"
#include "app/render/plot_ticks.h"

namespace treelab {
namespace {

constexpr double kMargin = 12, kBoxSlot = 64, kPlotHeight = 220, kTickLength = 3, kCaptionGap = 8;
const QColor kInk(0x222222), kFrame(0x777777), kGrid(0xe6e6e6), kBox(0x4c72b0);

double percentile(const std::vector<double>& sorted, double q) {
    const double position = q * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (position - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

QRectF caption_rect(const std::string& caption, double width) {
    if (caption.empty()) return {};
    return QFontMetricsF(plot_font(8)).boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap | Qt::AlignLeft, QString::fromStdString(caption));
}

struct Layout {
    double width = 0, axis_label = 0, tick_labels = 0, names_height = 0, caption_height = 0;
};

Layout layout_of(const BoxPlotData& data, const AxisTicks& ticks) {
    Layout layout;
    const QFontMetricsF tick_metrics(plot_font(7)), label_metrics(plot_font(8));
    for (const std::string& label : ticks.labels)
        layout.tick_labels = std::max(layout.tick_labels, tick_metrics.horizontalAdvance(QString::fromStdString(label)));
    layout.axis_label = label_metrics.height() + 2;
    layout.width = layout.axis_label + layout.tick_labels + kTickLength + 4 + kBoxSlot * std::max<std::size_t>(data.names.size(), 1) + 8;
    layout.width = std::max(layout.width, 260.0);
    // Method names under their boxes, wrapped within the slot.
    for (const std::string& name : data.names)
        layout.names_height = std::max(layout.names_height, label_metrics.boundingRect(QRectF(0, 0, kBoxSlot - 4, 1e6), Qt::TextWordWrap | Qt::AlignHCenter,
                                                                                         QString::fromStdString(name)).height());
    layout.caption_height = caption_rect(data.caption, layout.width).height();
    return layout;
}

AxisTicks value_ticks(const BoxPlotData& data) {
    double low = 0, high = 0;
    bool any = false;
    for (const std::vector<double>& values : data.values)
        for (const double value : values) {
            if (!std::isfinite(value)) continue;
            low = any ? std::min(low, value) : value;
            high = any ? std::max(high, value) : value;
            any = true;
        }
    if (!any) return linear_ticks(0, 1, 5);
    const double margin = 0.05 * (high - low);
    return linear_ticks(low - margin, high + margin, 5);
}

void paint_box_plot(QPainter& painter, const BoxPlotData& data, const AxisTicks& ticks, const Layout& layout) {
    const QFontMetricsF tick_metrics(plot_font(7));
    const QRectF frame(QPointF(kMargin + layout.axis_label + layout.tick_labels + kTickLength + 4, kMargin + 6),
                       QSizeF(kBoxSlot * std::max<std::size_t>(data.names.size(), 1), kPlotHeight));
    auto y = [&](double value) { return frame.bottom() - (value - ticks.low) / (ticks.high - ticks.low) * frame.height(); };
    painter.setFont(plot_font(7));
    for (std::size_t k = 0; k < ticks.values.size(); ++k) {
        const double py = y(ticks.values[k]);
        painter.setPen(QPen(kGrid, 0.5));
        painter.drawLine(QPointF(frame.left(), py), QPointF(frame.right(), py));
        painter.setPen(QPen(kFrame, 0.6));
        painter.drawLine(QPointF(frame.left() - kTickLength, py), QPointF(frame.left(), py));
        painter.setPen(kInk);
        painter.drawText(QRectF(kMargin + layout.axis_label, py - tick_metrics.height() / 2, layout.tick_labels, tick_metrics.height()),
                         Qt::AlignRight | Qt::AlignVCenter, QString::fromStdString(ticks.labels[k]));
    }
    painter.save();
    painter.setFont(plot_font(8));
    painter.setPen(kInk);
    painter.translate(kMargin, frame.center().y());
    painter.rotate(-90);
    painter.drawText(QRectF(-frame.height() / 2, 0, frame.height(), layout.axis_label), Qt::AlignCenter, QString::fromStdString(data.value_label));
    painter.restore();
    for (std::size_t box = 0; box < data.names.size(); ++box) {
        const double centre = frame.left() + kBoxSlot * (static_cast<double>(box) + 0.5);
        const std::vector<double>& values = box < data.values.size() ? data.values[box] : std::vector<double>{};
        const bool any = std::any_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
        if (any) {
            const BoxStats stats = box_stats(values);
            const double half = kBoxSlot * 0.2;
            painter.setPen(QPen(kInk, 0.8));
            painter.drawLine(QPointF(centre, y(stats.lower_whisker)), QPointF(centre, y(stats.lower_quartile)));
            painter.drawLine(QPointF(centre, y(stats.upper_quartile)), QPointF(centre, y(stats.upper_whisker)));
            painter.drawLine(QPointF(centre - half / 2, y(stats.lower_whisker)), QPointF(centre + half / 2, y(stats.lower_whisker)));
            painter.drawLine(QPointF(centre - half / 2, y(stats.upper_whisker)), QPointF(centre + half / 2, y(stats.upper_whisker)));
            QColor fill = kBox;
            fill.setAlpha(70);
            painter.setBrush(fill);
            painter.setPen(QPen(kBox.darker(120), 0.9));
            painter.drawRect(QRectF(QPointF(centre - half, y(stats.upper_quartile)), QPointF(centre + half, y(stats.lower_quartile))));
            painter.setPen(QPen(kInk, 1.4));
            painter.drawLine(QPointF(centre - half, y(stats.median)), QPointF(centre + half, y(stats.median)));
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(kInk, 0.7));
            for (const double outlier : stats.outliers) painter.drawEllipse(QPointF(centre, y(outlier)), 2.2, 2.2);
            // Every fold's score, beside the box, so a few folds are not hidden in a box.
            painter.setPen(Qt::NoPen);
            painter.setBrush(QColor(0x55a868));
            for (const double value : values)
                if (std::isfinite(value)) painter.drawEllipse(QPointF(centre + half + 5, y(value)), 1.5, 1.5);
            painter.setBrush(Qt::white);
            painter.setPen(QPen(kInk, 0.8));
            const double my = y(stats.mean);
            painter.drawPolygon(QPolygonF({QPointF(centre, my - 3), QPointF(centre + 3, my), QPointF(centre, my + 3), QPointF(centre - 3, my)}));
            painter.setBrush(Qt::NoBrush);
        }
        painter.setFont(plot_font(8));
        painter.setPen(kInk);
        painter.drawText(QRectF(centre - kBoxSlot / 2 + 2, frame.bottom() + 4, kBoxSlot - 4, layout.names_height + 2),
                         Qt::TextWordWrap | Qt::AlignHCenter | Qt::AlignTop, QString::fromStdString(data.names[box]) + (any ? QString() : QStringLiteral("\n(failed)")));
    }
    painter.setPen(QPen(kFrame, 0.8));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(frame);
    if (!data.caption.empty()) {
        painter.setFont(plot_font(8));
        painter.setPen(QColor(0x444444));
        const double top = frame.bottom() + 4 + layout.names_height + kCaptionGap;
        painter.drawText(QRectF(kMargin, top, layout.width, layout.caption_height + 2), Qt::TextWordWrap | Qt::AlignLeft,
                         QString::fromStdString(data.caption));
    }
}

}  // namespace

BoxStats box_stats(std::vector<double> values) {
    values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return !std::isfinite(v); }), values.end());
    BoxStats stats;
    if (values.empty()) return stats;
    std::sort(values.begin(), values.end());
    stats.lower_quartile = percentile(values, 0.25);
    stats.median = percentile(values, 0.5);
    stats.upper_quartile = percentile(values, 0.75);
    const double reach = 1.5 * (stats.upper_quartile - stats.lower_quartile);
    stats.lower_whisker = stats.lower_quartile;
    stats.upper_whisker = stats.upper_quartile;
    double sum = 0;
    for (const double value : values) {
        sum += value;
        if (value < stats.lower_quartile - reach || value > stats.upper_quartile + reach) stats.outliers.push_back(value);
        else {
            stats.lower_whisker = std::min(stats.lower_whisker, value);
            stats.upper_whisker = std::max(stats.upper_whisker, value);
        }
    }
    stats.mean = sum / static_cast<double>(values.size());
    return stats;
}

FigureDrawing box_plot_figure(const BoxPlotData& data) {
    const AxisTicks ticks = value_ticks(data);
    const Layout layout = layout_of(data, ticks);
    const double height = kMargin + 6 + kPlotHeight + 4 + layout.names_height + (data.caption.empty() ? 0 : kCaptionGap + layout.caption_height) + kMargin;
    const QSizeF natural(layout.width + 2 * kMargin, height);
    auto shared = std::make_shared<const BoxPlotData>(data);
    FigureDrawing drawing;
    drawing.natural = natural;
    drawing.caption = data.caption;
    drawing.paint = [shared, ticks, layout, natural](QPainter& painter, const QRectF& target) {
        painter.save();
        painter.fillRect(target, Qt::white);
        const double scale = std::min(target.width() / natural.width(), target.height() / natural.height());
        painter.translate(target.center().x() - 0.5 * scale * natural.width(), target.center().y() - 0.5 * scale * natural.height());
        painter.scale(scale, scale);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        paint_box_plot(painter, *shared, ticks, layout);
        painter.restore();
    };
    return drawing;
}

}  // namespace treelab
