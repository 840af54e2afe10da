#pragma once
// Paints a TreePicture on any QPainter, in layout units: the canvas's node items call
// paint_node / paint_edge one by one, figures call paint_tree. One drawing code for screen and
// files.
#include <cstddef>

#include <QLineF>
#include <QRectF>

#include "app/render/tree_picture.h"

class QPainter;

namespace treelab {

// The smallest text a node of this detail paints, in layout units: a view at zoom z draws it at
// z × this many pixels, so a view that must stay readable chooses z from it.
double node_text_size(NodeDetail detail);

// The node's box in layout units.
QRectF node_rect(const TreePicture& picture, std::size_t box);
// The edge into the box from its parent, bottom centre to top centre (null for the root).
QLineF edge_line(const TreePicture& picture, std::size_t box);

// `simplified` draws only the filled box, for zoomed-out views where text would be unreadable.
void paint_node(QPainter& painter, const TreePicture& picture, std::size_t box, bool simplified = false);
// The edge from the box's parent to it, as wide as the flow of rows through it.
void paint_edge(QPainter& painter, const TreePicture& picture, std::size_t box);
// Every edge, then every node.
void paint_tree(QPainter& painter, const TreePicture& picture);

}  // namespace treelab
