#pragma once
// Painting only the part of a huge TreePicture that a view shows (a full CART on a million rows has 173,435 leaves; frames
// stay under 16 ms). The boxes are kept per depth level, sorted by x, so the boxes and edges of a
// rectangle are found by binary search; when many boxes share one pixel, one per pixel is drawn.
#include <cstddef>
#include <functional>
#include <vector>

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include "app/render/tree_picture.h"

class QPainter;

namespace treelab {

// The boxes of a layout by level, each level sorted by x (a tidy layout keeps a level's order).
class LevelIndex {
public:
    LevelIndex() = default;
    explicit LevelIndex(const TreeLayout& layout);

    // The box under `point` (in layout units), −1 for none.
    int box_at(const TreeLayout& layout, const QPointF& point) const;

    struct Level {
        double y = 0.0;                 // centre of its boxes
        std::vector<std::size_t> boxes;  // sorted by x
        std::vector<double> x;           // their centres
    };
    const std::vector<Level>& levels() const { return levels_; }

private:
    std::vector<Level> levels_;  // by increasing y
};

// How the view dresses each box beyond the shared look: its opacity (fading) and what to draw on
// top of a node or an edge (highlight outlines). Empty functions: plain.
struct RegionStyle {
    std::function<double(std::size_t box)> opacity;
    std::function<void(QPainter&, std::size_t box)> decorate_node, decorate_edge;
};

// Paints the edges, then the nodes, that may touch `exposed` (layout units). `pixel` is the size of
// one device pixel in layout units (x and y: a minimap stretches): boxes narrower than two pixels
// are drawn as bare fills of at least a pixel, one per pixel; below `text_zoom` pixels per unit,
// boxes without text (paint_node's simplified look).
void paint_region(QPainter& painter, const TreePicture& picture, const LevelIndex& index, const QRectF& exposed,
                  QSizeF pixel, double text_zoom, const RegionStyle& style = {});

}  // namespace treelab
