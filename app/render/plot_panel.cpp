#include "app/render/plot_panel.h"

#include <algorithm>
#include <cmath>

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include "app/render/plot_ticks.h"

namespace treelab {
namespace {

constexpr int kTickFont = 7, kLabelFont = 8, kTitleFont = 9, kLegendFont = 8;
constexpr double kTitleBand = 14, kTickLength = 3, kGap = 3, kLegendRow = 12, kSample = 14;
const QColor kInk(0x222222), kFrame(0x777777), kGrid(0xe6e6e6);

bool usable(double value, bool log) { return std::isfinite(value) && (!log || value > 0); }

void widen(double& low, double& high, bool& any, double value) {
    low = any ? std::min(low, value) : value;
    high = any ? std::max(high, value) : value;
    any = true;
}

// The axis of `low..high`: padded by 5 % of the range (a factor on a log axis), with nice ticks.
AxisTicks axis_ticks(double low, double high, bool log, int count, bool whole, double zero_at, bool pad) {
    if (log) {
        const double factor = pad ? std::pow(high / low, 0.05) : 1.0;
        if (!(high > low)) return log_ticks(low / 2, high * 2, zero_at);
        return log_ticks(low / factor, high * factor, zero_at);
    }
    const double margin = pad ? 0.05 * (high - low) : 0.0;
    return linear_ticks(low - margin, high + margin, count, whole);
}

// Maps a value onto [from, to] of the frame along an axis.
struct Scale {
    double low, high, from, to;
    bool log;
    double operator()(double value) const {
        const double t = log ? (std::log10(value) - std::log10(low)) / (std::log10(high) - std::log10(low)) : (value - low) / (high - low);
        return from + t * (to - from);
    }
};

double widest(const std::vector<std::string>& labels, const QFontMetricsF& metrics) {
    double width = 0;
    for (const std::string& label : labels) width = std::max(width, metrics.horizontalAdvance(QString::fromStdString(label)));
    return width;
}

QPen series_pen(const PlotSeries& series) {
    QPen pen(series.colour, 1.3);
    pen.setCapStyle(Qt::FlatCap);
    pen.setJoinStyle(Qt::RoundJoin);
    return pen;
}

void paint_marker(QPainter& painter, const PlotSeries& series, QPointF at) {
    painter.setPen(QPen(Qt::white, 0.5));
    painter.setBrush(series.colour);
    painter.drawEllipse(at, 2.4, 2.4);
    painter.setBrush(Qt::NoBrush);
}

bool has_line(const PlotSeries& series) { return series.line != SeriesLine::None; }

void paint_series(QPainter& painter, const PlotSeries& series, const Scale& x, const Scale& y, bool log_x, bool log_y) {
    const std::size_t count = std::min(series.x.size(), series.y.size());
    auto usable_at = [&](std::size_t k) { return usable(series.x[k], log_x) && usable(series.y[k], log_y); };
    if (!series.error.empty()) {
        painter.setPen(QPen(series.colour.lighter(125), 0.8));
        for (std::size_t k = 0; k < count && k < series.error.size(); ++k) {
            if (!usable_at(k) || !(series.error[k] > 0)) continue;
            const double low = series.y[k] - series.error[k], high = series.y[k] + series.error[k];
            if (log_y && low <= 0) continue;
            const double px = x(series.x[k]);
            painter.drawLine(QPointF(px, y(low)), QPointF(px, y(high)));
            painter.drawLine(QPointF(px - 2, y(low)), QPointF(px + 2, y(low)));
            painter.drawLine(QPointF(px - 2, y(high)), QPointF(px + 2, y(high)));
        }
    }
    if (has_line(series)) {
        QPainterPath path;
        bool open = false;
        for (std::size_t k = 0; k < count; ++k) {
            if (!usable_at(k)) {
                open = false;
                continue;
            }
            const QPointF point(x(series.x[k]), y(series.y[k]));
            if (!open) {
                path.moveTo(point);
            } else if (series.line == SeriesLine::Steps) {
                path.lineTo(point.x(), path.currentPosition().y());
                path.lineTo(point);
            } else {
                path.lineTo(point);
            }
            open = true;
        }
        painter.setPen(series_pen(series));
        painter.drawPath(path);
    }
    if (series.markers)
        for (std::size_t k = 0; k < count; ++k)
            if (usable_at(k)) paint_marker(painter, series, QPointF(x(series.x[k]), y(series.y[k])));
}

std::vector<const PlotSeries*> legend_entries(const std::vector<PlotSeries>& series) {
    std::vector<const PlotSeries*> entries;
    for (const PlotSeries& s : series)
        if (!s.name.empty()) entries.push_back(&s);
    return entries;
}

double entry_width(const PlotSeries& series, const QFontMetricsF& metrics) {
    return kSample + 4 + metrics.horizontalAdvance(QString::fromStdString(series.name)) + 12;
}

// The entries of each legend row within `width`.
std::vector<std::vector<const PlotSeries*>> legend_rows(const std::vector<PlotSeries>& series, double width) {
    const QFontMetricsF metrics(plot_font(kLegendFont));
    std::vector<std::vector<const PlotSeries*>> rows;
    double used = 0;
    for (const PlotSeries* entry : legend_entries(series)) {
        const double w = entry_width(*entry, metrics);
        if (rows.empty() || (used + w > width && !rows.back().empty())) {
            rows.emplace_back();
            used = 0;
        }
        rows.back().push_back(entry);
        used += w;
    }
    return rows;
}

}  // namespace

DataExtent& DataExtent::operator+=(const DataExtent& other) {
    if (other.x) widen(x_low, x_high, x, other.x_low), widen(x_low, x_high, x, other.x_high);
    if (other.y) widen(y_low, y_high, y, other.y_low), widen(y_low, y_high, y, other.y_high);
    if (other.right) widen(right_low, right_high, right, other.right_low), widen(right_low, right_high, right, other.right_high);
    return *this;
}

DataExtent data_extent(const PlotPanel& panel) {
    DataExtent extent;
    for (const PlotSeries& series : panel.series)
        for (std::size_t k = 0; k < std::min(series.x.size(), series.y.size()); ++k) {
            if (!usable(series.x[k], panel.log_x) || !usable(series.y[k], series.right_axis ? false : panel.log_y)) continue;
            widen(extent.x_low, extent.x_high, extent.x, series.x[k]);
            const double error = k < series.error.size() && std::isfinite(series.error[k]) ? series.error[k] : 0.0;
            for (const double value : {series.y[k] - error, series.y[k] + error}) {
                if (series.right_axis) widen(extent.right_low, extent.right_high, extent.right, value);
                else if (usable(value, panel.log_y)) widen(extent.y_low, extent.y_high, extent.y, value);
            }
        }
    return extent;
}

QFont plot_font(int pixels, bool bold) {
    QFont font;
    font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

double legend_height(const std::vector<PlotSeries>& series, double width) {
    const std::size_t rows = legend_rows(series, width).size();
    return rows == 0 ? 0.0 : rows * kLegendRow + 4;
}

void paint_legend(QPainter& painter, const std::vector<PlotSeries>& series, const QRectF& band) {
    painter.save();
    painter.setFont(plot_font(kLegendFont));
    const QFontMetricsF metrics(painter.font());
    double top = band.top() + 4;
    for (const auto& row : legend_rows(series, band.width())) {
        double width = 0;
        for (const PlotSeries* entry : row) width += entry_width(*entry, metrics);
        double left = band.center().x() - (width - 12) / 2;
        const double middle = top + kLegendRow / 2;
        for (const PlotSeries* entry : row) {
            if (has_line(*entry)) {
                painter.setPen(series_pen(*entry));
                painter.drawLine(QPointF(left, middle), QPointF(left + kSample, middle));
            }
            if (entry->markers) paint_marker(painter, *entry, QPointF(left + kSample / 2, middle));
            painter.setPen(kInk);
            const QString name = QString::fromStdString(entry->name);
            painter.drawText(QRectF(left + kSample + 4, top, metrics.horizontalAdvance(name) + 2, kLegendRow),
                             Qt::AlignLeft | Qt::AlignVCenter, name);
            left += entry_width(*entry, metrics);
        }
        top += kLegendRow;
    }
    painter.restore();
}

void paint_plot_panel(QPainter& painter, const PlotPanel& panel, const QRectF& cell, const DataExtent& extent, bool legend) {
    painter.save();
    const QFontMetricsF tick_metrics(plot_font(kTickFont)), label_metrics(plot_font(kLabelFont));
    const bool right = extent.right;
    // Markers at the ends of the x range would sit on the frame: padded like the y axis.
    const bool x_markers_only = std::any_of(panel.series.begin(), panel.series.end(), [](const PlotSeries& s) { return s.markers; });
    const int x_count = std::max(2, static_cast<int>(cell.width() / 60));
    const int y_count = cell.height() < 140 ? 3 : 5;
    const AxisTicks xs = extent.x ? axis_ticks(extent.x_low, extent.x_high, panel.log_x, x_count, false, panel.x_zero_at, x_markers_only)
                                  : linear_ticks(0, 1, x_count);
    const AxisTicks ys = extent.y ? axis_ticks(extent.y_low, extent.y_high, panel.log_y, y_count, panel.whole_y, 0.0, true)
                                  : linear_ticks(0, 1, y_count);
    // From zero, the schedule's values read in proportion; a little room above its highest value.
    const double right_low = panel.right_from_zero ? std::min(0.0, extent.right_low) : extent.right_low;
    const AxisTicks rs = right ? panel.right_from_zero ? linear_ticks(right_low, extent.right_high + 0.05 * (extent.right_high - right_low), y_count)
                                                       : axis_ticks(right_low, extent.right_high, false, y_count, false, 0.0, true)
                               : AxisTicks{};

    const double title = panel.title.empty() ? 0.0 : kTitleBand;
    const double legend_band = legend ? legend_height(panel.series, cell.width()) : 0.0;
    const double x_label = panel.x_label.empty() ? 0.0 : label_metrics.height() + 1;
    const double y_label = panel.y_label.empty() ? 0.0 : label_metrics.height() + 1;
    const double right_label = right && !panel.right_label.empty() ? label_metrics.height() + 1 : 0.0;
    const double left = cell.left() + y_label + widest(ys.labels, tick_metrics) + kTickLength + kGap;
    const double right_edge = cell.right() - (right ? right_label + widest(rs.labels, tick_metrics) + kTickLength + kGap : 8.0);
    const double top = cell.top() + title + 4;
    const double bottom = cell.bottom() - legend_band - x_label - tick_metrics.height() - kTickLength - 1;
    const QRectF frame(QPointF(left, top), QPointF(right_edge, std::max(top + 10, bottom)));

    if (title > 0) {
        painter.setFont(plot_font(kTitleFont, panel.bold_title));
        painter.setPen(kInk);
        const QString text = QFontMetricsF(painter.font()).elidedText(QString::fromStdString(panel.title), Qt::ElideRight, cell.width());
        painter.drawText(QRectF(cell.left(), cell.top(), cell.width(), kTitleBand), Qt::AlignCenter, text);
    }
    const Scale x{xs.low, xs.high, frame.left(), frame.right(), panel.log_x};
    const Scale y{ys.low, ys.high, frame.bottom(), frame.top(), panel.log_y};
    const Scale r{rs.low, rs.high, frame.bottom(), frame.top(), false};

    // Grid, ticks and tick labels.
    painter.setFont(plot_font(kTickFont));
    for (std::size_t k = 0; k < xs.values.size(); ++k) {
        const double px = x(xs.values[k]);
        painter.setPen(QPen(kGrid, 0.5));
        painter.drawLine(QPointF(px, frame.top()), QPointF(px, frame.bottom()));
        painter.setPen(QPen(kFrame, 0.6));
        painter.drawLine(QPointF(px, frame.bottom()), QPointF(px, frame.bottom() + kTickLength));
        painter.setPen(kInk);
        painter.drawText(QRectF(px - 40, frame.bottom() + kTickLength, 80, tick_metrics.height()), Qt::AlignHCenter | Qt::AlignTop,
                         QString::fromStdString(xs.labels[k]));
    }
    for (std::size_t k = 0; k < ys.values.size(); ++k) {
        const double py = y(ys.values[k]);
        painter.setPen(QPen(kGrid, 0.5));
        painter.drawLine(QPointF(frame.left(), py), QPointF(frame.right(), py));
        painter.setPen(QPen(kFrame, 0.6));
        painter.drawLine(QPointF(frame.left() - kTickLength, py), QPointF(frame.left(), py));
        painter.setPen(kInk);
        painter.drawText(QRectF(cell.left(), py - tick_metrics.height() / 2, frame.left() - kTickLength - 2 - cell.left(), tick_metrics.height()),
                         Qt::AlignRight | Qt::AlignVCenter, QString::fromStdString(ys.labels[k]));
    }
    for (std::size_t k = 0; k < rs.values.size(); ++k) {
        const double py = r(rs.values[k]);
        painter.setPen(QPen(kFrame, 0.6));
        painter.drawLine(QPointF(frame.right(), py), QPointF(frame.right() + kTickLength, py));
        painter.setPen(kInk);
        painter.drawText(QRectF(frame.right() + kTickLength + 2, py - tick_metrics.height() / 2, 60, tick_metrics.height()),
                         Qt::AlignLeft | Qt::AlignVCenter, QString::fromStdString(rs.labels[k]));
    }

    // Axis labels: x under the tick labels, y turned along the left edge, the right axis's along the right.
    painter.setFont(plot_font(kLabelFont));
    painter.setPen(kInk);
    if (x_label > 0)
        painter.drawText(QRectF(frame.left(), frame.bottom() + kTickLength + tick_metrics.height(), frame.width(), x_label),
                         Qt::AlignHCenter | Qt::AlignTop,
                         label_metrics.elidedText(QString::fromStdString(panel.x_label), Qt::ElideRight, cell.width()));
    const auto turned_label = [&](const std::string& text, double at_x, double angle) {
        painter.save();
        painter.translate(at_x, frame.center().y());
        painter.rotate(angle);
        painter.drawText(QRectF(-frame.height() / 2 - 20, -label_metrics.height() / 2, frame.height() + 40, label_metrics.height()),
                         Qt::AlignCenter, label_metrics.elidedText(QString::fromStdString(text), Qt::ElideRight, frame.height() + 40));
        painter.restore();
    };
    if (y_label > 0) turned_label(panel.y_label, cell.left() + label_metrics.height() / 2, -90);
    if (right_label > 0) turned_label(panel.right_label, cell.right() - label_metrics.height() / 2, 90);

    // The data, clipped to the frame, then the frame over it.
    painter.save();
    painter.setClipRect(frame.adjusted(-3, -3, 3, 3));
    painter.setRenderHint(QPainter::Antialiasing);
    for (const double boundary : panel.boundaries) {
        if (!usable(boundary, panel.log_x) || boundary < xs.low || boundary > xs.high) continue;
        painter.setPen(QPen(QColor(0x999999), 0.8, Qt::DashLine));
        painter.drawLine(QPointF(x(boundary), frame.top()), QPointF(x(boundary), frame.bottom()));
    }
    for (const PlotSeries& series : panel.series)
        paint_series(painter, series, x, series.right_axis ? r : y, panel.log_x, series.right_axis ? false : panel.log_y);
    painter.restore();
    painter.setPen(QPen(kFrame, 0.8));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(frame);
    if (!extent.x) {
        painter.setFont(plot_font(kLabelFont));
        painter.setPen(QColor(0x888888));
        painter.drawText(frame, Qt::AlignCenter, "no values to plot");
    }
    if (legend_band > 0) paint_legend(painter, panel.series, QRectF(cell.left(), cell.bottom() - legend_band, cell.width(), legend_band));
    painter.restore();
}

}  // namespace treelab
