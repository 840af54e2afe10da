#pragma once
// A figure of one or more trees: side by side (000 Fig. 3, one tree per λ) or in a grid
// (000 Fig. 4, one small tree per class), each titled, with a legend and a caption holding the
// run card's command, painted on any QPainter at any size.
#include <string>
#include <vector>

#include <QRectF>
#include <QSizeF>

#include "app/render/tree_picture.h"

class QPainter;

namespace treelab {

struct FigureSheet {
    std::vector<TreePicture> panels;
    int columns = 0;      // panels per row; 0 = all in one row
    std::string caption;  // under the figure, wrapped (e.g. the commands that trained the models)
    bool legend = true;   // the fill's meaning, from the first panel
};

// Natural size in layout units (one unit = one pixel at 100 %).
QSizeF sheet_size(const FigureSheet& sheet);
// Scales the sheet uniformly to fit `target`, centred, on a white background.
void paint_sheet(QPainter& painter, const FigureSheet& sheet, const QRectF& target);

}  // namespace treelab
