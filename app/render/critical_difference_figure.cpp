#include "app/render/critical_difference_figure.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include "app/render/plot_panel.h"
#include "core/error.h"
#include "core/stats/rank_tests.h"

namespace treelab {
namespace {

constexpr double kMargin = 12, kLabelGap = 8, kRowHeight = 17, kGroupStep = 6, kCaptionGap = 12;
constexpr double kCdTop = 0, kCdBar = 18, kAxis = 46;  // offsets from the top margin
constexpr int kNameFont = 10, kRankFont = 8, kTickFont = 9, kCaptionFont = 8;

std::string fixed(double value, int digits) {
    std::ostringstream text;
    text.precision(digits);
    text << std::fixed << value;
    return text.str();
}

// Everything the painter needs, in points, computed once from the data.
struct Layout {
    std::vector<std::string> names;
    std::vector<double> ranks;
    std::vector<int> order;  // methods from the best mean rank to the worst
    int left_count = 0;      // the better half, named on the left
    std::vector<std::vector<int>> groups;
    std::vector<int> group_rows;  // the row under the axis each group's bar takes
    double cd = 0;
    int methods = 0;
    std::string caption;
    double label_width_left = 0, label_width_right = 0, axis_left = 0, axis_width = 0, width = 0;
    double first_row = 0, caption_top = 0, caption_height = 0, height = 0;

    double x(double rank) const { return axis_left + (rank - 1) / (methods - 1) * axis_width; }
};

double label_width(const std::string& name, double rank) {
    return QFontMetricsF(plot_font(kNameFont)).horizontalAdvance(QString::fromStdString(name)) + 6 +
           QFontMetricsF(plot_font(kRankFont)).horizontalAdvance(QString::fromStdString(fixed(rank, 2)));
}

Layout make_layout(const std::vector<std::string>& methods, const Eigen::VectorXd& mean_ranks, int data_sets, double alpha,
                   const std::string& note) {
    if (methods.size() != static_cast<std::size_t>(mean_ranks.size()))
        throw Error("critical-difference diagram: " + std::to_string(methods.size()) + " method names for " +
                    std::to_string(mean_ranks.size()) + " mean ranks.");
    if (methods.size() < 2) throw Error("critical-difference diagram: needs at least two methods.");
    Layout layout;
    layout.names = methods;
    layout.ranks.assign(mean_ranks.data(), mean_ranks.data() + mean_ranks.size());
    layout.methods = static_cast<int>(methods.size());
    layout.order.resize(methods.size());
    std::iota(layout.order.begin(), layout.order.end(), 0);
    std::stable_sort(layout.order.begin(), layout.order.end(), [&](int l, int r) { return layout.ranks[l] < layout.ranks[r]; });
    layout.left_count = (layout.methods + 1) / 2;
    layout.cd = nemenyi_critical_difference(layout.methods, data_sets, alpha);
    layout.groups = nemenyi_groups(mean_ranks, layout.cd);
    layout.caption = critical_difference_caption(layout.methods, data_sets, alpha, layout.cd) + (note.empty() ? "" : " " + note);

    for (int i = 0; i < layout.methods; ++i) {
        const int m = layout.order[static_cast<std::size_t>(i)];
        double& side = i < layout.left_count ? layout.label_width_left : layout.label_width_right;
        side = std::max(side, label_width(layout.names[static_cast<std::size_t>(m)], layout.ranks[static_cast<std::size_t>(m)]));
    }
    layout.axis_width = std::max(240.0, 48.0 * (layout.methods - 1));
    layout.axis_left = kMargin + layout.label_width_left + kLabelGap + 14;
    layout.width = layout.axis_left + layout.axis_width + 14 + kLabelGap + layout.label_width_right + kMargin;
    // With few data sets CD can exceed the axis (k − 1 ranks); its interval is drawn whole.
    layout.width = std::max(layout.width, layout.x(1 + layout.cd) + 40 + kMargin);
    // Bars share a row where they do not overlap (the groups come ordered by their best member).
    std::vector<double> row_end;  // the worst mean rank a row's bars reach so far
    for (const std::vector<int>& group : layout.groups) {
        const double first = layout.ranks[static_cast<std::size_t>(group.front())], last = layout.ranks[static_cast<std::size_t>(group.back())];
        std::size_t row = 0;
        while (row < row_end.size() && row_end[row] + 0.15 * (layout.methods - 1) / 6 >= first) ++row;
        if (row == row_end.size()) row_end.push_back(last);
        row_end[row] = last;
        layout.group_rows.push_back(static_cast<int>(row));
    }
    const double groups_bottom = kMargin + kAxis + 8 + kGroupStep * static_cast<double>(row_end.size());
    layout.first_row = groups_bottom + 10;
    const int rows = std::max(layout.left_count, layout.methods - layout.left_count);
    layout.caption_top = layout.first_row + (rows - 1) * kRowHeight + kCaptionGap + 6;
    layout.caption_height = QFontMetricsF(plot_font(kCaptionFont))
                                .boundingRect(QRectF(0, 0, layout.width - 2 * kMargin, 1e6), Qt::TextWordWrap | Qt::AlignLeft,
                                              QString::fromStdString(layout.caption))
                                .height();
    layout.height = layout.caption_top + layout.caption_height + kMargin;
    return layout;
}

void paint_axis(QPainter& painter, const Layout& layout) {
    const double axis_y = kMargin + kAxis;
    painter.setPen(QPen(Qt::black, 1.0));
    painter.drawLine(QPointF(layout.x(1), axis_y), QPointF(layout.x(layout.methods), axis_y));
    painter.setFont(plot_font(kTickFont));
    for (int rank = 1; rank <= layout.methods; ++rank) {
        const double x = layout.x(rank);
        painter.drawLine(QPointF(x, axis_y), QPointF(x, axis_y - 5));
        if (rank < layout.methods) painter.drawLine(QPointF(layout.x(rank + 0.5), axis_y), QPointF(layout.x(rank + 0.5), axis_y - 2.5));
        painter.drawText(QRectF(x - 20, axis_y - 19, 40, 13), Qt::AlignHCenter | Qt::AlignBottom, QString::number(rank));
    }
}

// The critical difference as an interval from rank 1, with its value above it.
void paint_critical_difference(QPainter& painter, const Layout& layout) {
    const double y = kMargin + kCdBar, left = layout.x(1), right = layout.x(1 + layout.cd);
    painter.setPen(QPen(Qt::black, 1.2));
    painter.drawLine(QPointF(left, y), QPointF(right, y));
    painter.drawLine(QPointF(left, y - 3), QPointF(left, y + 3));
    painter.drawLine(QPointF(right, y - 3), QPointF(right, y + 3));
    painter.setFont(plot_font(kTickFont));
    painter.drawText(QRectF(left - 40, kMargin + kCdTop, right - left + 80, 14), Qt::AlignHCenter | Qt::AlignBottom,
                     QString::fromStdString("CD = " + fixed(layout.cd, 2)));
}

void paint_groups(QPainter& painter, const Layout& layout) {
    painter.setPen(QPen(Qt::black, 3.0, Qt::SolidLine, Qt::RoundCap));
    for (std::size_t g = 0; g < layout.groups.size(); ++g) {
        const std::vector<int>& group = layout.groups[g];
        const double first = layout.ranks[static_cast<std::size_t>(group.front())], last = layout.ranks[static_cast<std::size_t>(group.back())];
        const double y = kMargin + kAxis + 8 + kGroupStep * layout.group_rows[g];
        painter.drawLine(QPointF(layout.x(first) - 3, y), QPointF(layout.x(last) + 3, y));
    }
}

// Elbow lines from each method's rank down to its row and out to its name: the best method takes
// the top row on the left, the worst the top row on the right, so no two lines cross.
void paint_methods(QPainter& painter, const Layout& layout) {
    const double axis_y = kMargin + kAxis;
    const QFontMetricsF name_metrics(plot_font(kNameFont));
    for (int i = 0; i < layout.methods; ++i) {
        const bool left = i < layout.left_count;
        const int row = left ? i : layout.methods - 1 - i;
        const auto m = static_cast<std::size_t>(layout.order[static_cast<std::size_t>(i)]);
        const double x = layout.x(layout.ranks[m]), y = layout.first_row + row * kRowHeight;
        const double end = left ? layout.axis_left - 14 : layout.axis_left + layout.axis_width + 14;
        painter.setPen(QPen(QColor(0x555555), 0.8));
        QPainterPath elbow(QPointF(x, axis_y));
        elbow.lineTo(x, y);
        elbow.lineTo(end, y);
        painter.drawPath(elbow);
        const QString name = QString::fromStdString(layout.names[m]), rank = QString::fromStdString(fixed(layout.ranks[m], 2));
        const double rank_width = QFontMetricsF(plot_font(kRankFont)).horizontalAdvance(rank);
        const double name_width = name_metrics.horizontalAdvance(name);
        // left: "name 1.93" ending at the line; right: "4.12 name" starting after it
        const double rank_x = left ? end - kLabelGap - rank_width : end + kLabelGap;
        const double name_x = left ? rank_x - 6 - name_width : rank_x + rank_width + 6;
        painter.setFont(plot_font(kRankFont));
        painter.setPen(QColor(0x666666));
        painter.drawText(QRectF(rank_x, y - 8, rank_width + 1, 16), Qt::AlignLeft | Qt::AlignVCenter, rank);
        painter.setFont(plot_font(kNameFont));
        painter.setPen(Qt::black);
        painter.drawText(QRectF(name_x, y - 9, name_width + 1, 18), Qt::AlignLeft | Qt::AlignVCenter, name);
    }
}

void paint(QPainter& painter, const Layout& layout, const QRectF& target) {
    painter.save();
    painter.fillRect(target, Qt::white);
    const double scale = std::min(target.width() / layout.width, target.height() / layout.height);
    painter.translate(target.center().x() - 0.5 * scale * layout.width, target.center().y() - 0.5 * scale * layout.height);
    painter.scale(scale, scale);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    paint_critical_difference(painter, layout);
    paint_axis(painter, layout);
    paint_methods(painter, layout);
    paint_groups(painter, layout);
    painter.setFont(plot_font(kCaptionFont));
    painter.setPen(QColor(0x444444));
    painter.drawText(QRectF(kMargin, layout.caption_top, layout.width - 2 * kMargin, layout.caption_height + 2),
                     Qt::TextWordWrap | Qt::AlignLeft, QString::fromStdString(layout.caption));
    painter.restore();
}

}  // namespace

std::string critical_difference_caption(int methods, int data_sets, double alpha, double critical_difference) {
    std::ostringstream text;
    text << "Critical-difference diagram (Demšar 2006): mean ranks of " << methods << " methods over " << data_sets
         << (data_sets == 1 ? " data set" : " data sets") << ", rank 1 the best. Methods joined by a thick bar are not "
         << "significantly different by the Nemenyi test at α = " << alpha << " (critical difference CD = "
         << fixed(critical_difference, 2) << ").";
    return text.str();
}

FigureDrawing critical_difference_figure(const std::vector<std::string>& methods, const Eigen::VectorXd& mean_ranks,
                                         int data_sets, double alpha, const std::string& note) {
    const Layout layout = make_layout(methods, mean_ranks, data_sets, alpha, note);
    return {QSizeF(layout.width, layout.height), [layout](QPainter& painter, const QRectF& target) { paint(painter, layout, target); },
            layout.caption};
}

}  // namespace treelab
