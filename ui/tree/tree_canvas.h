#pragma once
// The Tree tab's canvas: a QGraphicsView over a TreeModel whose layout is computed outside the
// widgets (testable without a display) and whose nodes paint through app/render, the code that
// also writes `treelab-cli draw` figures. Zoom (wheel), pan (drag), fit to window; hover a node
// for its path rule and class counts, click it to inspect it (TreeTab shows the inspector).
// Huge trees (a full CART on a million rows has 173,435 leaves) open at the deepest
// depth that fits the window at a readable zoom, paint only what is in view, and carry an
// overview in the corner.
#include <memory>
#include <string>
#include <vector>

#include <QGraphicsView>

#include "app/render/tree_picture.h"
#include "core/model/model_file.h"
#include "core/run/prepared_data.h"
#include "core/run/row_set.h"

namespace treelab {

// How a drawn node stands out: on the chosen row's path, on a highlighted class's main paths,
// faded because something else is highlighted, or plain.
enum class NodeMark { Plain, Faded, ClassPath, RowPath };

class TreeMinimap;

class TreeCanvas : public QGraphicsView {
    Q_OBJECT
public:
    // A node is on a class's main paths when at least this share of the class's rows at its depth
    // level passes it (the per-level class shares of 000 Fig. 4).
    static constexpr double mainPathShare = 0.1;
    // Below this zoom node text is unreadable at any font size: boxes are drawn without it.
    static constexpr double textZoom = 0.35;
    // A fitted view never magnifies the tree more than this many times readableZoom().
    static constexpr double maxFitMagnification = 1.6;

    explicit TreeCanvas(QWidget* parent = nullptr);
    ~TreeCanvas() override;

    // Draws `model` (feature names from its pipeline, class names from its target); `data`, when
    // given, supplies the rows whose routing the nodes show. Null model = empty canvas.
    void showModel(std::shared_ptr<const ModelFile> model, std::shared_ptr<const PreparedData> data = nullptr);
    // A live snapshot, or a recorded one of the shown model's run (same names as that model; its
    // own names on an empty canvas). Stays fitted to the window unless the user zoomed.
    void showSnapshot(std::shared_ptr<const TreeModel> tree);
    // The whole drawn tree in the window, however small (the Fit button).
    void fitToWindow();
    // The zoom at which a node's smallest text is drawn at the platform's small font size: a new
    // tree opens at the deepest depth limit whose layout fits the window at this zoom.
    double readableZoom() const;
    // Why the view is not the whole tree fitted (the whole tree is too large to read fitted, so it
    // is shown from the root at a readable zoom); empty when it is. Shown over the canvas.
    QString legibilityNote() const;
    int nodeCount() const;  // nodes drawn
    // A picture of more than 50,000 boxes is being built on a worker thread; the old one shows
    // until it is ready (then a fit or centring asked for meanwhile happens).
    bool isBuilding() const;
    double zoom() const;    // pixels per layout unit

    // Display only (the model is untouched): nodes deeper than `depth` hidden (< 0 = all), and a
    // node's subtree folded away or shown again (also by double-clicking the node).
    void setDepthLimit(int depth);
    int depthLimit() const;  // < 0 = all
    void toggleCollapsed(int node);
    // Every node: no depth limit, no fold, fitted to the window when that is readable, else at a
    // readable zoom from the root with legibilityNote() saying so.
    void showWholeTree();
    // Unfolds the path to `node` (past the depth limit and folds), outlines it as the search hit
    // and centres it at a readable zoom. −1 clears the outline.
    void revealNode(int node);
    int searchHit() const;
    int hiddenLeaves(int node) const;  // leaves a folded node hides (its "+N" mark); 0 when not folded or not drawn
    void centerOnScenePoint(const QPointF& point);  // moves the view (the overview's clicks)
    TreeMinimap* minimap() const;

    // Which rows are routed (default all, as 000's figures), and how shares and fills read.
    void setRowSet(RowSet rows);
    RowSet rowSet() const;
    void setShareScale(ShareScale scale);
    void setFill(NodeFill fill);
    const PictureOptions& pictureOptions() const;
    // Emphasises one class's main paths (−1 = none) and one row's path (node ids, empty = none).
    void setHighlightClass(int class_index);
    void setRowPath(std::vector<int> nodes);
    NodeMark nodeMark(int node) const;  // Plain for a node not drawn
    // Outlines the node the inspector shows (−1 = none).
    void setInspectedNode(int node);
    int inspectedNode() const;

    // What is shown: the tree, the names it is drawn with, the routed rows and their routing
    // (null when no data fits the tree; then the nodes show training counts).
    std::shared_ptr<const TreeModel> shownTree() const;  // the model's own: what routes rows
    // The same tree as the canvas, tooltips, inspector and Find write it: thresholds and weights
    // in the data's units (core/export/data_units.h). Node for node the same as shownTree().
    std::shared_ptr<const TreeModel> displayedTree() const;
    // False for a live snapshot on an empty canvas: no pipeline is known yet to map it back.
    bool displaysDataUnits() const;
    std::shared_ptr<const PreparedData> data() const;
    const std::vector<std::string>& featureNames() const;
    const std::vector<std::string>& classNames() const;
    const RoutedRows* routedRows() const;
    const RoutingAnalysis* routing() const;

    QString nodeToolTip(int node) const;  // what hovering the node shows
    QString nodeRuleText(int node) const;  // the rule its box shows; empty when not drawn
    QPointF nodeScenePos(int node) const;  // centre of its box; (NaN, NaN) when not drawn

signals:
    void nodeClicked(int node);
    void treeChanged();  // another model, snapshot or row set: what depends on routing refreshes
    void depthLimitChanged(int depth);  // chosen to fit a new tree, or cleared (< 0 = all)

protected:
    void wheelEvent(QWheelEvent* event) override;    // zoom under the mouse
    void resizeEvent(QResizeEvent* event) override;  // a fitted tree stays fitted (e.g. when the inspector opens)
    bool viewportEvent(QEvent* event) override;    // tooltips, built only for the hovered node
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;  // a click without dragging inspects
    void mouseDoubleClickEvent(QMouseEvent* event) override;  // folds or unfolds the node
    void scrollContentsBy(int dx, int dy) override;         // the overview's frame follows
    void showEvent(QShowEvent* event) override;              // a tree shown while hidden gets its depth

private:
    int nodeAt(const QPoint& viewPos) const;  // −1 when no node is there
    void viewMoved();                         // places and refreshes the overview
    void chooseDepthOnScreen();               // the depth that fits, once the canvas has its size
    void fitReadably();                       // fitted, but never below readableZoom(): from the root then
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
