#include "app/render/tree_region.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <QPainter>

#include "app/render/tree_painter.h"

namespace treelab {
namespace {

constexpr double kMargin = 64.0;  // what a node paints beyond its box: fold cards and label, outlines

// [first, last) of the level's boxes whose centre lies in [left, right].
std::pair<std::size_t, std::size_t> span(const LevelIndex::Level& level, double left, double right) {
    const auto first = std::lower_bound(level.x.begin(), level.x.end(), left);
    const auto last = std::upper_bound(first, level.x.end(), right);
    return {static_cast<std::size_t>(first - level.x.begin()), static_cast<std::size_t>(last - level.x.begin())};
}

// The next box to draw after `i`: the one after it, or when boxes are thinner than a pixel the
// first one at least a pixel to its right (the others would paint the same pixel).
std::size_t next_box(const LevelIndex::Level& level, std::size_t i, std::size_t last, double step) {
    if (step <= 0.0) return i + 1;
    const auto from = level.x.begin() + static_cast<std::ptrdiff_t>(i + 1);
    return static_cast<std::size_t>(std::lower_bound(from, level.x.begin() + static_cast<std::ptrdiff_t>(last), level.x[i] + step) -
                                    level.x.begin());
}

double parent_x(const TreePicture& picture, std::size_t box) {
    return picture.layout.boxes[static_cast<std::size_t>(picture.layout.boxes[box].parent_box)].x;
}

}  // namespace

LevelIndex::LevelIndex(const TreeLayout& layout) {
    std::map<double, std::size_t> by_y;
    for (std::size_t box = 0; box < layout.boxes.size(); ++box) {
        const auto [at, added] = by_y.emplace(layout.boxes[box].y, levels_.size());
        if (added) levels_.push_back({layout.boxes[box].y, {}, {}});
        levels_[at->second].boxes.push_back(box);
    }
    std::sort(levels_.begin(), levels_.end(), [](const Level& a, const Level& b) { return a.y < b.y; });
    for (Level& level : levels_) {
        std::stable_sort(level.boxes.begin(), level.boxes.end(),
                         [&layout](std::size_t a, std::size_t b) { return layout.boxes[a].x < layout.boxes[b].x; });
        level.x.reserve(level.boxes.size());
        for (const std::size_t box : level.boxes) level.x.push_back(layout.boxes[box].x);
    }
}

int LevelIndex::box_at(const TreeLayout& layout, const QPointF& point) const {
    const double half_w = 0.5 * layout.node_width, half_h = 0.5 * layout.node_height;
    for (const Level& level : levels_) {
        if (std::abs(point.y() - level.y) > half_h) continue;
        const auto [first, last] = span(level, point.x() - half_w, point.x() + half_w);
        if (first < last) return static_cast<int>(level.boxes[first]);
    }
    return -1;
}

void paint_region(QPainter& painter, const TreePicture& picture, const LevelIndex& index, const QRectF& exposed,
                  QSizeF pixel, double text_zoom, const RegionStyle& style) {
    const TreeLayout& layout = picture.layout;
    const double half_w = 0.5 * layout.node_width + kMargin, half_h = 0.5 * layout.node_height + kMargin;
    const bool specks = layout.node_width < 2.0 * pixel.width();  // boxes under two pixels wide
    const double step = specks ? pixel.width() : 0.0;
    const bool simplified = 1.0 / pixel.width() < text_zoom;
    const QSizeF speck(std::max(layout.node_width, pixel.width()), std::max(layout.node_height, pixel.height()));
    const auto& levels = index.levels();
    const auto set_opacity = [&](std::size_t box) {
        if (style.opacity) painter.setOpacity(style.opacity(box));
    };

    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, !specks);
    for (std::size_t l = 1; l < levels.size(); ++l) {  // edges into level l
        const LevelIndex::Level& level = levels[l];
        if (level.y - half_h > exposed.bottom() || levels[l - 1].y + half_h < exposed.top()) continue;
        // Zoomed out so far that the gap between two levels is under a pixel: the boxes' fills
        // cover the edges' pixels (the whole of a 173,435-leaf tree fitted is 0.3 pixels tall).
        if (specks && level.y - levels[l - 1].y - layout.node_height < pixel.height()) continue;
        auto [first, last] = span(level, exposed.left() - half_w, exposed.right() + half_w);
        if (!specks) {  // edges from a parent in view, or across the whole view, to a child outside it
            while (first > 0 && parent_x(picture, level.boxes[first - 1]) >= exposed.left()) --first;
            while (last < level.boxes.size() && parent_x(picture, level.boxes[last]) <= exposed.right()) ++last;
        }
        for (std::size_t i = first; i < last; i = next_box(level, i, last, step)) {
            set_opacity(level.boxes[i]);
            paint_edge(painter, picture, level.boxes[i]);
            if (style.decorate_edge) style.decorate_edge(painter, level.boxes[i]);
        }
    }
    painter.restore();

    for (const LevelIndex::Level& level : levels) {
        if (level.y - half_h > exposed.bottom() || level.y + half_h < exposed.top()) continue;
        const auto [first, last] = span(level, exposed.left() - half_w, exposed.right() + half_w);
        for (std::size_t i = first; i < last; i = next_box(level, i, last, step)) {
            const std::size_t box = level.boxes[i];
            set_opacity(box);
            if (specks) {
                const NodeBox& b = layout.boxes[box];
                painter.fillRect(QRectF(QPointF(b.x - 0.5 * speck.width(), b.y - 0.5 * speck.height()), speck), picture.looks[box].fill);
                continue;
            }
            paint_node(painter, picture, box, simplified);
            if (style.decorate_node) style.decorate_node(painter, box);
        }
    }
    painter.setOpacity(1.0);
}

}  // namespace treelab
