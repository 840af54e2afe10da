#pragma once
// The overview in the canvas's top right corner: the whole drawn tree, stretched to the corner's
// shape (a 173,435-leaf tree is thousands of times wider than deep) with the view's rectangle on
// it; pressing or dragging there moves the view.
#include <QImage>
#include <QWidget>

namespace treelab {

class LevelIndex;
class TreeCanvas;
struct TreePicture;

class TreeMinimap : public QWidget {
    Q_OBJECT
public:
    explicit TreeMinimap(TreeCanvas* canvas);
    // Draws `picture` (null = nothing) into the overview once; both must outlive the next call.
    void setPicture(const TreePicture* picture, const LevelIndex* index);
    // The layout point (scene units) a point of this widget shows.
    QPointF scenePointAt(const QPointF& pos) const;
    // Where a layout point lies on this widget.
    QPointF widgetPointOf(const QPointF& scene) const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QRectF area() const;  // where the tree goes, inside the frame
    void render();
    TreeCanvas* canvas_;
    const TreePicture* picture_ = nullptr;
    const LevelIndex* index_ = nullptr;
    QImage image_;
};

}  // namespace treelab
