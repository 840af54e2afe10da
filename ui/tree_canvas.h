#pragma once
// The Tree tab's canvas: a QGraphicsView over a TreeModel whose layout is computed outside the
// widgets (testable without a display) and whose nodes paint through app/render, the code that
// also writes `treelab-cli draw` figures. Zoom (wheel), pan (drag), fit to window.
// Issue 7 grows it into the full canvas (ghost nodes, routing shares, class paths, inspector).
#include <memory>

#include <QGraphicsView>

#include "core/model/model_file.h"
#include "core/run/prepared_data.h"

namespace treelab {

class TreeCanvas : public QGraphicsView {
    Q_OBJECT
public:
    explicit TreeCanvas(QWidget* parent = nullptr);
    ~TreeCanvas() override;

    // Draws `model` (feature names from its pipeline, class names from its target); `data`, when
    // given, supplies the rows whose routing the nodes show. Null model = empty canvas.
    void showModel(std::shared_ptr<const ModelFile> model, std::shared_ptr<const PreparedData> data = nullptr);
    // A live snapshot during training (same names as the model shown before).
    void showSnapshot(std::shared_ptr<const TreeModel> tree);
    void fitToWindow();
    int nodeCount() const;  // nodes drawn

    // Display only (the model is untouched): nodes deeper than `depth` hidden (< 0 = all), and a
    // node's subtree folded away or shown again (also by double-clicking the node).
    void setDepthLimit(int depth);
    void toggleCollapsed(int node);

protected:
    void wheelEvent(QWheelEvent* event) override;  // zoom under the mouse

private:
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
