#include "app/render/figure_sheet.h"

#include <algorithm>
#include <cmath>

#include <QFont>
#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>

#include "app/render/tree_painter.h"

namespace treelab {
namespace {

constexpr double kMargin = 24.0, kGap = 40.0, kTitle = 30.0, kSubtitle = 22.0;

QFont pixel_font(int pixels, bool bold = false) {
    QFont font;
    font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

double title_height(const TreePicture& panel) {
    return (panel.title.empty() ? 0.0 : kTitle) + (panel.subtitle.empty() ? 0.0 : kSubtitle) +
           (panel.title.empty() && panel.subtitle.empty() ? 0.0 : 8.0);
}

struct Grid {
    int columns = 1, rows = 1;
    double cell_width = 0.0, cell_height = 0.0, title_band = 0.0;
};

// Every cell has the size of the largest panel, so equally shaped trees line up node for node.
Grid grid_of(const FigureSheet& sheet) {
    Grid grid;
    const int count = static_cast<int>(sheet.panels.size());
    grid.columns = std::max(1, sheet.columns > 0 ? std::min(sheet.columns, count) : count);
    grid.rows = std::max(1, (count + grid.columns - 1) / grid.columns);
    for (const TreePicture& panel : sheet.panels) {
        const QFontMetricsF title(pixel_font(20, true)), subtitle(pixel_font(16));
        const double text_width = std::max(title.horizontalAdvance(QString::fromStdString(panel.title)),
                                           subtitle.horizontalAdvance(QString::fromStdString(panel.subtitle)));
        grid.cell_width = std::max({grid.cell_width, panel.layout.width, text_width});
        grid.cell_height = std::max(grid.cell_height, panel.layout.height + 12.0);  // room for fold markers
        grid.title_band = std::max(grid.title_band, title_height(panel));
    }
    return grid;
}

QString caption_text(const FigureSheet& sheet) { return QString::fromStdString(sheet.caption); }

double caption_height(const FigureSheet& sheet, double width) {
    if (sheet.caption.empty()) return 0.0;
    const QFontMetricsF metrics(pixel_font(12));
    return metrics.boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, caption_text(sheet)).height() + 12.0;
}

double grid_width(const Grid& grid) { return grid.columns * grid.cell_width + (grid.columns - 1) * kGap; }
double grid_height(const Grid& grid) {
    return grid.rows * (grid.title_band + grid.cell_height) + (grid.rows - 1) * kGap;
}

bool shows_legend(const FigureSheet& sheet) { return sheet.legend && !sheet.panels.empty(); }

bool has_classes(const TreePicture& panel) { return !panel.regression && !panel.class_names.empty(); }

// One row for the colour bar, a second for the class colours when the nodes show class bars.
double legend_height(const FigureSheet& sheet) {
    if (!shows_legend(sheet)) return 0.0;
    const TreePicture& panel = sheet.panels.front();
    const bool class_row = has_classes(panel) && panel.options.detail == NodeDetail::Full;
    return class_row || panel.options.fill == NodeFill::MajorityClass ? 64.0 : 40.0;
}

QString legend_title(const PictureOptions& options, bool per_class) {
    if (options.scale == ShareScale::OfData) return per_class ? "% of the class's rows" : "% of all rows";
    return per_class ? "% of the class's rows at this depth" : "% of the rows at this depth";
}

// The colour bar of the routing share, or the class swatches of a majority-class fill.
// A row of class colour swatches after `label`.
void paint_class_swatches(QPainter& painter, const TreePicture& panel, QPointF at, const QString& label) {
    const QFontMetricsF metrics(painter.font());
    painter.drawText(QPointF(at.x(), at.y() + 12), label);
    double x = at.x() + metrics.horizontalAdvance(label) + 10;
    for (std::size_t c = 0; c < panel.class_names.size(); ++c) {
        painter.fillRect(QRectF(x, at.y(), 14, 14), class_color(static_cast<int>(c)));
        const QString name = QString::fromStdString(panel.class_names[c]);
        painter.drawText(QPointF(x + 18, at.y() + 12), name);
        x += 30 + metrics.horizontalAdvance(name);
    }
}

void paint_legend(QPainter& painter, const TreePicture& panel, QPointF at) {
    const bool per_class = panel.class_index >= 0;
    const bool classes = has_classes(panel);
    painter.save();
    painter.setFont(pixel_font(12));
    painter.setPen(QColor(0x333333));
    if (panel.options.fill == NodeFill::MajorityClass && classes) {
        paint_class_swatches(painter, panel, QPointF(at.x(), at.y() + 4), "fill: majority class, stronger = purer;");
        painter.drawText(QPointF(at.x(), at.y() + 36), "dashed: no row reaches the node");
    } else {
        const QRectF bar(at.x(), at.y() + 4, 220, 14);
        QLinearGradient gradient(bar.topLeft(), bar.topRight());
        for (int i = 0; i <= 8; ++i) gradient.setColorAt(i / 8.0, colormap_color(panel.options.colormap, i / 8.0));
        painter.fillRect(bar, gradient);
        painter.drawRect(bar);
        painter.drawText(QPointF(bar.left(), bar.bottom() + 14), "0");
        painter.drawText(QRectF(bar.left(), bar.bottom() + 2, bar.width(), 16), Qt::AlignRight | Qt::AlignTop, "100");
        painter.drawText(QPointF(bar.right() + 10, bar.top() + 12),
                         legend_title(panel.options, per_class) + "  (\"-\": no row, \"0\": under 1 %; dashed: no row reaches the node)");
        if (classes && panel.options.detail == NodeDetail::Full)
            paint_class_swatches(painter, panel, QPointF(at.x(), at.y() + 40), "bar: classes of the rows,");
    }
    painter.restore();
}

}  // namespace

QSizeF sheet_size(const FigureSheet& sheet) {
    if (sheet.panels.empty()) return {2 * kMargin, 2 * kMargin};
    const Grid grid = grid_of(sheet);
    const double width = std::max(grid_width(grid), 760.0);
    const double height = grid_height(grid) + legend_height(sheet) + caption_height(sheet, width);
    return {width + 2 * kMargin, height + 2 * kMargin};
}

void paint_sheet(QPainter& painter, const FigureSheet& sheet, const QRectF& target) {
    painter.save();
    painter.fillRect(target, Qt::white);
    const QSizeF natural = sheet_size(sheet);
    const double scale = std::min(target.width() / natural.width(), target.height() / natural.height());
    painter.translate(target.center().x() - 0.5 * scale * natural.width(), target.center().y() - 0.5 * scale * natural.height());
    painter.scale(scale, scale);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);

    const Grid grid = grid_of(sheet);
    for (std::size_t i = 0; i < sheet.panels.size(); ++i) {
        const TreePicture& panel = sheet.panels[i];
        const int column = static_cast<int>(i) % grid.columns, row = static_cast<int>(i) / grid.columns;
        const double left = kMargin + column * (grid.cell_width + kGap);
        const double top = kMargin + row * (grid.title_band + grid.cell_height + kGap);
        painter.setPen(QColor(0x222222));
        painter.setFont(pixel_font(20, true));
        painter.drawText(QRectF(left, top, grid.cell_width, kTitle), Qt::AlignCenter, QString::fromStdString(panel.title));
        painter.setFont(pixel_font(16));
        painter.drawText(QRectF(left, top + (panel.title.empty() ? 0.0 : kTitle), grid.cell_width, kSubtitle),
                         Qt::AlignCenter, QString::fromStdString(panel.subtitle));
        painter.save();
        painter.translate(left + 0.5 * (grid.cell_width - panel.layout.width), top + grid.title_band);
        paint_tree(painter, panel);
        painter.restore();
    }
    const double width = natural.width() - 2 * kMargin;
    double y = kMargin + grid_height(grid) + 10.0;
    if (shows_legend(sheet)) {
        paint_legend(painter, sheet.panels.front(), QPointF(kMargin, y));
        y += legend_height(sheet);
    }
    if (!sheet.caption.empty()) {
        painter.setFont(pixel_font(12));
        painter.setPen(QColor(0x666666));
        painter.drawText(QRectF(kMargin, y, width, caption_height(sheet, width)), Qt::TextWordWrap | Qt::AlignLeft,
                         caption_text(sheet));
    }
    painter.restore();
}

}  // namespace treelab
