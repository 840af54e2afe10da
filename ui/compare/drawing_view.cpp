#include "ui/compare/drawing_view.h"

#include <algorithm>

#include <QPainter>

namespace treelab {

DrawingView::DrawingView(QWidget* parent) : QWidget(parent) {
    setMinimumHeight(120);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void DrawingView::showDrawing(std::optional<FigureDrawing> drawing, const QString& placeholder) {
    drawing_ = std::move(drawing);
    placeholder_ = placeholder;
    update();
}

const std::optional<FigureDrawing>& DrawingView::drawing() const { return drawing_; }

void DrawingView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), Qt::white);
    if (!drawing_) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, placeholder_);
        return;
    }
    // At most twice its natural size: a small figure in a large pane stays readable, not huge.
    const QSizeF natural = drawing_->natural;
    const double scale = std::min({width() / natural.width(), height() / natural.height(), 2.0});
    const QSizeF size = natural * scale;
    const QRectF target(QPointF((width() - size.width()) / 2, (height() - size.height()) / 2), size);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    drawing_->paint(painter, target);
}

}  // namespace treelab
