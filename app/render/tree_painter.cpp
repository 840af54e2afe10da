#include "app/render/tree_painter.h"

#include <algorithm>
#include <cmath>

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

namespace treelab {
namespace {

const QColor kInk(0x333333), kGhostInk(0xa0a0a0), kEdge(0x8a8a8a), kGhostEdge(0xc8c8c8);
constexpr double kBand = 24.0;  // height of the coloured share band of a full node
constexpr double kPad = 5.0;
// Text sizes in layout units: the share in the band, the row count beside it, the rule, the
// "+N leaves" under a folded node, the compact node's share. The row count is the smallest.
constexpr double kShareText = 16.0, kCountText = 11.0, kRuleText = 13.0, kFoldText = 12.0, kCompactText = 13.0;

QFont pixel_font(double pixels, bool bold = false) {
    QFont font;
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(pixels))));
    font.setBold(bold);
    return font;
}

QString text(const std::string& s) { return QString::fromStdString(s); }

void draw_elided(QPainter& painter, const QRectF& rect, const QString& s, int flags) {
    const QFontMetricsF metrics(painter.font());
    painter.drawText(rect, flags, metrics.elidedText(s, Qt::ElideRight, rect.width()));
}

// 000's figures print a share under 1 % as "0" (the compact figures' legend says so); a full node
// says "<1%", as a node some rows reach is not at 0 %.
QString share_text(const NodeLook& look, bool percent) {
    if (!percent) return text(look.share_label);
    if (look.share_label == "-") return QStringLiteral("-");
    return look.share > 0.0 && look.share < 0.01 ? QStringLiteral("<1%") : text(look.share_label) + "%";
}

// Stacked class proportions (classification) along the bottom of the box.
void draw_distribution(QPainter& painter, const QRectF& bar, const NodeLook& look) {
    const double total = look.distribution.size() > 0 ? look.distribution.sum() : 0.0;
    if (total <= 0.0) return;
    double x = bar.left();
    for (Eigen::Index c = 0; c < look.distribution.size(); ++c) {
        const double w = bar.width() * look.distribution(c) / total;
        QColor colour = class_color(static_cast<int>(c));
        if (look.ghost) colour = QColor(0xd0d0d0);
        painter.fillRect(QRectF(x, bar.top(), w, bar.height()), colour);
        x += w;
    }
}

// An oblique split w·x ≤ t, or a linear leaf's slopes k: one row per largest weight, the feature's name and a bar signed
// around a zero line (blue positive, orange negative), scaled to the largest |w|.
void draw_terms(QPainter& painter, const QRectF& area, const NodeLook& look) {
    const double row = area.height() / static_cast<double>(look.terms.size() + 1);
    double largest = 0.0;
    for (const SplitTerm& term : look.terms) largest = std::max(largest, std::abs(term.size));
    const double names = area.width() * 0.42, zero = area.left() + names + 0.5 * (area.width() - names);
    const double half = 0.5 * (area.width() - names) - 2.0;
    painter.setFont(pixel_font(row * 0.85));
    for (std::size_t i = 0; i < look.terms.size(); ++i) {
        const double y = area.top() + row * static_cast<double>(i);
        painter.setPen(look.ghost ? kGhostInk : kInk);
        draw_elided(painter, QRectF(area.left(), y, names - 3.0, row), text(look.terms[i].feature),
                    Qt::AlignLeft | Qt::AlignVCenter);
        const double length = largest > 0.0 ? half * look.terms[i].size / largest : 0.0;
        const QColor colour = look.ghost ? QColor(0xcccccc) : look.terms[i].size > 0 ? QColor(0x2b6cb0) : QColor(0xdd6b20);
        painter.fillRect(QRectF(std::min(zero, zero + length), y + 0.2 * row, std::abs(length), 0.6 * row), colour);
    }
    painter.setPen(QPen(look.ghost ? kGhostInk : kInk, 0.6));
    painter.drawLine(QPointF(zero, area.top()), QPointF(zero, area.top() + row * static_cast<double>(look.terms.size())));
    draw_elided(painter, QRectF(area.left(), area.bottom() - row, area.width(), row), text(look.rule),
                Qt::AlignRight | Qt::AlignVCenter);
}

void draw_full(QPainter& painter, const QRectF& rect, const NodeLook& look, bool regression) {
    const QColor ink = look.ghost ? kGhostInk : kInk;
    QPainterPath band;  // the top of the rounded box, filled with the share colour
    band.addRoundedRect(rect, 6.0, 6.0);
    QPainterPath top;
    top.addRect(QRectF(rect.left(), rect.top(), rect.width(), kBand));
    painter.fillPath(band.intersected(top), look.fill);
    const QColor band_ink = look.ghost ? kGhostInk : text_color_on(look.fill);
    painter.setPen(band_ink);
    painter.setFont(pixel_font(kShareText, true));
    const QRectF band_rect(rect.left() + kPad, rect.top(), rect.width() - 2 * kPad, kBand);
    painter.drawText(band_rect, Qt::AlignLeft | Qt::AlignVCenter, share_text(look, true));
    painter.setFont(pixel_font(kCountText));
    painter.drawText(band_rect, Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("n = %1").arg(look.rows));

    const QRectF body(rect.left() + kPad, rect.top() + kBand + 3.0, rect.width() - 2 * kPad,
                      rect.height() - kBand - 3.0 - 16.0);
    painter.setPen(ink);
    if (!look.terms.empty()) {
        draw_terms(painter, body, look);
    } else {
        painter.setFont(pixel_font(kRuleText, !look.leaf));
        draw_elided(painter, body, text(look.rule), Qt::AlignCenter);
    }
    const QRectF bar(rect.left() + kPad, rect.bottom() - 13.0, rect.width() - 2 * kPad, 8.0);
    if (!regression) draw_distribution(painter, bar, look);
}

// A folded node (depth limit, double-click or `draw`'s automatic depth): a stack of cards behind
// the box says a subtree hangs there; the label below says how many leaves it hides.
void draw_fold_cards(QPainter& painter, const QRectF& rect, bool ghost) {
    painter.setBrush(Qt::white);
    painter.setPen(QPen(ghost ? kGhostInk : QColor(0x777777), 1.0));
    for (const double offset : {6.0, 3.0}) painter.drawRoundedRect(rect.translated(offset, offset), 6.0, 6.0);
}

void draw_fold_label(QPainter& painter, const QRectF& rect, const NodeLook& look, bool compact) {
    const int hidden = look.hidden_leaves;
    if (hidden == 0) return;  // a folded subtree no row reaches: the cards alone say something hangs there
    const QString count = compact && hidden >= 10000 ? QStringLiteral("%1k").arg(hidden / 1000) : QString::number(hidden);
    const QString label = compact ? QStringLiteral("+") + count
                                  : QStringLiteral("+%1 %2").arg(count, hidden == 1 ? QStringLiteral("leaf") : QStringLiteral("leaves"));
    painter.setPen(look.ghost ? kGhostInk : QColor(0x8a1c1c));
    painter.setFont(pixel_font(kFoldText, true));
    painter.drawText(QRectF(rect.center().x() - 60.0, rect.bottom() + 6.0, 120.0, 16.0), Qt::AlignHCenter | Qt::AlignTop, label);
}

void draw_compact(QPainter& painter, const QRectF& rect, const NodeLook& look) {
    painter.setPen(look.ghost ? kGhostInk : text_color_on(look.fill));
    painter.setFont(pixel_font(kCompactText, true));
    painter.drawText(rect, Qt::AlignCenter, share_text(look, false));
}

}  // namespace

double node_text_size(NodeDetail detail) {
    return detail == NodeDetail::Compact ? std::min(kFoldText, kCompactText) : std::min({kShareText, kCountText, kRuleText, kFoldText});
}

QRectF node_rect(const TreePicture& picture, std::size_t box) {
    const NodeBox& b = picture.layout.boxes[box];
    const double w = picture.layout.node_width, h = picture.layout.node_height;
    return QRectF(b.x - 0.5 * w, b.y - 0.5 * h, w, h);
}

QLineF edge_line(const TreePicture& picture, std::size_t box) {
    const int parent_box = picture.layout.boxes[box].parent_box;
    if (parent_box < 0) return {};
    const QRectF from = node_rect(picture, static_cast<std::size_t>(parent_box)), to = node_rect(picture, box);
    return QLineF(QPointF(from.center().x(), from.bottom()), QPointF(to.center().x(), to.top()));
}

void paint_edge(QPainter& painter, const TreePicture& picture, std::size_t box) {
    const NodeBox& child = picture.layout.boxes[box];
    if (child.parent_box < 0) return;
    const NodeLook& look = picture.looks[box];
    // Width ∝ the rows flowing through the edge (Orange's tree viewer does the same).
    QPen pen(look.ghost ? kGhostEdge : kEdge, look.ghost ? 1.0 : 1.0 + 9.0 * look.flow);
    pen.setStyle(look.ghost ? Qt::DashLine : Qt::SolidLine);
    pen.setCapStyle(Qt::FlatCap);
    painter.setPen(pen);
    painter.drawLine(edge_line(picture, box));
}

void paint_node(QPainter& painter, const TreePicture& picture, std::size_t box, bool simplified) {
    const NodeLook& look = picture.looks[box];
    const QRectF rect = node_rect(picture, box);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, !simplified);
    const bool compact = picture.options.detail == NodeDetail::Compact;
    const bool folded = picture.layout.boxes[box].folded;
    if (folded) draw_fold_cards(painter, rect, look.ghost);
    painter.setBrush(compact || simplified ? QBrush(look.fill) : QBrush(Qt::white));
    QPen border(look.ghost ? kGhostInk : QColor(0x555555), look.ghost ? 1.0 : 1.2);
    border.setStyle(look.ghost ? Qt::DashLine : Qt::SolidLine);
    painter.setPen(border);
    painter.drawRoundedRect(rect, 6.0, 6.0);
    if (!simplified) {
        if (compact) draw_compact(painter, rect, look);
        else draw_full(painter, rect, look, picture.regression);
        if (folded) draw_fold_label(painter, rect, look, compact);
    }
    painter.restore();
}

void paint_tree(QPainter& painter, const TreePicture& picture) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    for (std::size_t box = 0; box < picture.layout.boxes.size(); ++box) paint_edge(painter, picture, box);
    painter.restore();
    for (std::size_t box = 0; box < picture.layout.boxes.size(); ++box) paint_node(painter, picture, box);
}

}  // namespace treelab
