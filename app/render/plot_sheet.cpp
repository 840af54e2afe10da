#include "app/render/plot_sheet.h"

#include <algorithm>

#include <QFontMetricsF>
#include <QPainter>

#include "app/render/plot_panel.h"

namespace treelab {
namespace {

constexpr double kMargin = 12, kColumnGap = 14, kRowGap = 10, kGroupGap = 14, kHeading = 18;
constexpr int kCaptionFont = 8, kHeadingFont = 10;

int columns_of(const PlotGroup& group) {
    const int count = static_cast<int>(group.panels.size());
    return std::max(1, group.columns > 0 ? std::min(group.columns, count) : count);
}
int rows_of(const PlotGroup& group) {
    const int columns = columns_of(group);
    return (static_cast<int>(group.panels.size()) + columns - 1) / columns;
}

double group_width(const PlotGroup& group) {
    const int columns = columns_of(group);
    return columns * group.panel_size.width() + (columns - 1) * kColumnGap;
}

// The legend a group shows once: the entries of its first panel.
const std::vector<PlotSeries>& shared_entries(const PlotGroup& group) {
    static const std::vector<PlotSeries> none;
    return group.shared_legend && !group.panels.empty() ? group.panels.front().series : none;
}

double group_height(const PlotGroup& group) {
    if (group.panels.empty()) return 0.0;
    const int rows = rows_of(group);
    return (group.heading.empty() ? 0.0 : kHeading) + rows * group.panel_size.height() + (rows - 1) * kRowGap +
           legend_height(shared_entries(group), group_width(group));
}

double content_width(const PlotSheet& sheet) {
    double width = 200;
    for (const PlotGroup& group : sheet.groups) width = std::max(width, group_width(group));
    return width;
}

QRectF caption_rect(const PlotSheet& sheet, double width) {
    if (sheet.caption.empty()) return {};
    return QFontMetricsF(plot_font(kCaptionFont))
        .boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap | Qt::AlignLeft, QString::fromStdString(sheet.caption));
}

void paint_group(QPainter& painter, const PlotGroup& group, QPointF at, double width) {
    const double left = at.x() + (width - group_width(group)) / 2;  // narrower groups are centred
    double top = at.y();
    if (!group.heading.empty()) {
        painter.setFont(plot_font(kHeadingFont, true));
        painter.setPen(QColor(0x222222));
        painter.drawText(QRectF(at.x(), top, width, kHeading), Qt::AlignLeft | Qt::AlignVCenter, QString::fromStdString(group.heading));
        top += kHeading;
    }
    DataExtent shared;
    if (group.shared_axes)
        for (const PlotPanel& panel : group.panels) shared += data_extent(panel);
    const int columns = columns_of(group);
    for (std::size_t k = 0; k < group.panels.size(); ++k) {
        const int column = static_cast<int>(k) % columns, row = static_cast<int>(k) / columns;
        const QRectF cell(left + column * (group.panel_size.width() + kColumnGap), top + row * (group.panel_size.height() + kRowGap),
                          group.panel_size.width(), group.panel_size.height());
        const PlotPanel& panel = group.panels[k];
        paint_plot_panel(painter, panel, cell, group.shared_axes ? shared : data_extent(panel), !group.shared_legend);
    }
    const double legend = legend_height(shared_entries(group), group_width(group));
    if (legend > 0) {
        const int rows = rows_of(group);
        paint_legend(painter, shared_entries(group),
                     QRectF(left, top + rows * group.panel_size.height() + (rows - 1) * kRowGap, group_width(group), legend));
    }
}

}  // namespace

QSizeF plot_sheet_size(const PlotSheet& sheet) {
    const double width = content_width(sheet);
    double height = 0;
    int shown = 0;
    for (const PlotGroup& group : sheet.groups) {
        if (group.panels.empty()) continue;
        height += (shown++ > 0 ? kGroupGap : 0.0) + group_height(group);
    }
    if (!sheet.caption.empty()) height += 8 + caption_rect(sheet, width).height();
    return {width + 2 * kMargin, height + 2 * kMargin};
}

void paint_plot_sheet(QPainter& painter, const PlotSheet& sheet, const QRectF& target) {
    painter.save();
    painter.fillRect(target, Qt::white);
    const QSizeF natural = plot_sheet_size(sheet);
    const double scale = std::min(target.width() / natural.width(), target.height() / natural.height());
    painter.translate(target.center().x() - 0.5 * scale * natural.width(), target.center().y() - 0.5 * scale * natural.height());
    painter.scale(scale, scale);
    painter.setRenderHint(QPainter::TextAntialiasing);

    const double width = content_width(sheet);
    double top = kMargin;
    int shown = 0;
    for (const PlotGroup& group : sheet.groups) {
        if (group.panels.empty()) continue;
        if (shown++ > 0) top += kGroupGap;
        paint_group(painter, group, QPointF(kMargin, top), width);
        top += group_height(group);
    }
    if (!sheet.caption.empty()) {
        painter.setFont(plot_font(kCaptionFont));
        painter.setPen(QColor(0x444444));
        painter.drawText(QRectF(kMargin, top + 8, width, caption_rect(sheet, width).height() + 2), Qt::TextWordWrap | Qt::AlignLeft,
                         QString::fromStdString(sheet.caption));
    }
    painter.restore();
}

}  // namespace treelab
