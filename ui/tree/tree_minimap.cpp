#include "ui/tree/tree_minimap.h"

#include <algorithm>
#include <limits>

#include <QMouseEvent>
#include <QPainter>

#include "app/render/tree_region.h"
#include "ui/tree/tree_canvas.h"

namespace treelab {
namespace {

constexpr double kPad = 4.0;
const QColor kViewInk(0xd03030);

}  // namespace

TreeMinimap::TreeMinimap(TreeCanvas* canvas) : QWidget(canvas), canvas_(canvas) {
    setObjectName(QStringLiteral("treeMinimap"));
    setToolTip(tr("Overview of the drawn tree (stretched to fit); the red frame is the view. Click or drag to move the view."));
    setCursor(Qt::PointingHandCursor);
}

void TreeMinimap::setPicture(const TreePicture* picture, const LevelIndex* index) {
    picture_ = picture;
    index_ = index;
    render();
    update();
}

QRectF TreeMinimap::area() const { return QRectF(rect()).adjusted(kPad, kPad, -kPad, -kPad); }

QPointF TreeMinimap::scenePointAt(const QPointF& pos) const {
    if (!picture_ || area().isEmpty()) return {};
    const QRectF to = area();
    return {(pos.x() - to.left()) / to.width() * picture_->layout.width, (pos.y() - to.top()) / to.height() * picture_->layout.height};
}

QPointF TreeMinimap::widgetPointOf(const QPointF& scene) const {
    if (!picture_ || picture_->layout.width <= 0.0 || picture_->layout.height <= 0.0) return {};
    const QRectF to = area();
    return {to.left() + scene.x() / picture_->layout.width * to.width(), to.top() + scene.y() / picture_->layout.height * to.height()};
}

void TreeMinimap::render() {
    image_ = QImage();
    if (!picture_ || !index_ || picture_->layout.boxes.empty() || area().isEmpty()) return;
    const QRectF to = area();
    image_ = QImage(to.size().toSize(), QImage::Format_ARGB32_Premultiplied);
    image_.fill(Qt::transparent);
    QPainter painter(&image_);
    const double sx = to.width() / picture_->layout.width, sy = to.height() / picture_->layout.height;
    painter.scale(sx, sy);
    // Boxes only (no text at any size), stretched: one row of boxes per depth level.
    paint_region(painter, *picture_, *index_, QRectF(0.0, 0.0, picture_->layout.width, picture_->layout.height),
                 QSizeF(1.0 / sx, 1.0 / sy), std::numeric_limits<double>::infinity());
}

void TreeMinimap::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    render();
}

void TreeMinimap::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), QColor(255, 255, 255, 235));
    painter.setPen(QColor(0x999999));
    painter.drawRect(rect().adjusted(0, 0, -1, -1));
    if (image_.isNull()) return;
    painter.drawImage(area().topLeft(), image_);
    const QRectF view = canvas_->mapToScene(canvas_->viewport()->rect()).boundingRect();
    QRectF frame(widgetPointOf(view.topLeft()), widgetPointOf(view.bottomRight()));
    frame = frame.intersected(area());
    // However small the view is against a huge tree, its frame stays visible.
    if (frame.width() < 5.0) frame.adjust(-0.5 * (5.0 - frame.width()), 0.0, 0.5 * (5.0 - frame.width()), 0.0);
    if (frame.height() < 5.0) frame.adjust(0.0, -0.5 * (5.0 - frame.height()), 0.0, 0.5 * (5.0 - frame.height()));
    painter.setPen(QPen(kViewInk, 2.0));
    painter.setBrush(QColor(208, 48, 48, 40));
    painter.drawRect(frame);
}

void TreeMinimap::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) canvas_->centerOnScenePoint(scenePointAt(event->position()));
    event->accept();
}

void TreeMinimap::mouseMoveEvent(QMouseEvent* event) {
    if (event->buttons() & Qt::LeftButton) canvas_->centerOnScenePoint(scenePointAt(event->position()));
    event->accept();
}

}  // namespace treelab
