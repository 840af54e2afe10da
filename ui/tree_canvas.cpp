#include "ui/tree_canvas.h"

#include <cmath>
#include <limits>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include <QApplication>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QResizeEvent>
#include <QStyleOptionGraphicsItem>
#include <QToolTip>
#include <QWheelEvent>

#include "app/render/colormap.h"
#include "app/render/tree_painter.h"
#include "app/session/background_release.h"
#include "app/session/routing_session.h"
#include "core/analysis/routing_analysis.h"
#include "ui/node_tooltip.h"

namespace treelab {
namespace {

// Below this zoom the node text is unreadable: paint filled boxes only (fast panning at depth 10).
constexpr double kTextZoom = 0.35;
// Up to this many rows are routed on the GUI thread (a few milliseconds); more go to the routing
// session, as a million rows take about a second.
constexpr Eigen::Index kRowsRoutedInline = 50000;
constexpr double kFadedOpacity = 0.22;
const QColor kRowPathInk(0x1f3a93), kInspectedInk(0x111111);

QColor mark_colour(NodeMark mark, int highlight_class) {
    return mark == NodeMark::RowPath ? kRowPathInk : class_color(highlight_class);
}

bool emphasised(NodeMark mark) { return mark == NodeMark::RowPath || mark == NodeMark::ClassPath; }

// One node of the shown picture, painted by the app painter so the screen and `treelab-cli draw`
// share one drawing code; an emphasised node gets a thick outline on top.
class NodeItem : public QGraphicsItem {
public:
    NodeItem(const TreePicture& picture, std::size_t box, TreeCanvas* canvas)
        : picture_(picture), box_(box), canvas_(canvas) {
        setZValue(1.0);
    }
    int node() const { return picture_.layout.boxes[box_].node; }
    QRectF box() const { return node_rect(picture_, box_); }
    void setMark(NodeMark mark, int highlight_class) {
        mark_ = mark;
        highlight_class_ = highlight_class;
        setOpacity(mark == NodeMark::Faded ? kFadedOpacity : 1.0);
        update();  // the outline changes even when the opacity does not
    }
    NodeMark mark() const { return mark_; }
    void setInspected(bool inspected) {
        inspected_ = inspected;
        update();
    }
    QRectF boundingRect() const override { return node_bounds(picture_, box_).adjusted(-7.0, -7.0, 7.0, 7.0); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) override {
        paint_node(*painter, picture_, box_, option->levelOfDetailFromTransform(painter->worldTransform()) < kTextZoom);
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setBrush(Qt::NoBrush);
        if (emphasised(mark_)) {
            painter->setPen(QPen(mark_colour(mark_, highlight_class_), 4.0));
            painter->drawRoundedRect(node_rect(picture_, box_).adjusted(-1.5, -1.5, 1.5, 1.5), 7.0, 7.0);
        }
        if (inspected_) {  // outside the emphasis outline, so both show
            painter->setPen(QPen(kInspectedInk, 2.0, Qt::DashLine));
            painter->drawRoundedRect(node_rect(picture_, box_).adjusted(-6.0, -6.0, 6.0, 6.0), 9.0, 9.0);
        }
    }

protected:
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent*) override {
        // Queued: folding rebuilds the scene, which deletes this item.
        const int id = node();
        QMetaObject::invokeMethod(canvas_, [canvas = canvas_, id] { canvas->toggleCollapsed(id); }, Qt::QueuedConnection);
    }

private:
    const TreePicture& picture_;
    std::size_t box_;
    TreeCanvas* canvas_;
    NodeMark mark_ = NodeMark::Plain;
    int highlight_class_ = -1;
    bool inspected_ = false;
};

// The edge into a node: faded or emphasised with the node it leads to.
class EdgeItem : public QGraphicsItem {
public:
    EdgeItem(const TreePicture& picture, std::size_t box) : picture_(picture), box_(box) {}
    void setMark(NodeMark mark, int highlight_class) {
        mark_ = mark;
        highlight_class_ = highlight_class;
        setOpacity(mark == NodeMark::Faded ? kFadedOpacity : 1.0);
        update();  // the outline changes even when the opacity does not
    }
    QRectF boundingRect() const override { return edge_bounds(picture_, box_); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        painter->setRenderHint(QPainter::Antialiasing);
        paint_edge(*painter, picture_, box_);
        if (!emphasised(mark_)) return;
        painter->setPen(QPen(mark_colour(mark_, highlight_class_), 4.0, Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(edge_line(picture_, box_));
    }

private:
    const TreePicture& picture_;
    std::size_t box_;
    NodeMark mark_ = NodeMark::Plain;
    int highlight_class_ = -1;
};

}  // namespace

struct TreeCanvas::Parts {
    explicit Parts(TreeCanvas* view) : canvas(view) {}

    TreeCanvas* canvas;
    QGraphicsScene scene;
    std::shared_ptr<const ModelFile> model;  // names (pipeline, target) of what is shown
    std::shared_ptr<const TreeModel> shown;  // the tree drawn: the model's, or the last snapshot
    std::shared_ptr<const PreparedData> data;
    std::vector<std::string> features, classes;
    RowSet row_set = RowSet::All;
    // The chosen rows and their routing through `shown`, or through the previous live tree while
    // the routing session routes the newest one (fit() tells whether it still fits); null when the
    // rows do not fit the tree: the picture then uses training counts.
    std::shared_ptr<const RowRouting> routed;
    RoutingSession router;
    std::uint64_t request = 0, routed_request = 0;  // the newest routing asked for, and the one shown
    PictureOptions options;
    int highlight_class = -1;
    std::unordered_set<int> row_path;
    int inspected_node = -1;
    bool fitted = false;  // fitted to the window and not zoomed since
    TreePicture picture;  // the items paint from it; replaced only after the scene is cleared
    std::unordered_map<int, NodeItem*> node_items;
    std::unordered_map<int, EdgeItem*> edge_items;  // by the node the edge leads to
    QPoint press;                                    // where the left button went down

    // Routes the chosen rows through `shown` (after a new tree, data or row set): at once when they
    // are few, else in the routing session, whose result arrives in routed() later.
    void reroute() {
        routed_request = ++request;
        if (!shown || !data) {
            release_in_background(std::exchange(routed, nullptr));
            return;
        }
        if (rows_in(*data, row_set) <= kRowsRoutedInline) {
            routed = route_rows(*shown, *data, row_set);
            return;
        }
        routed_request = 0;
        if (!router.isRunning()) router.start(shown, data, row_set, request);  // else asked again in arrived()
    }
    // The routing session's result: shown if it is the newest asked for, else the newest is asked.
    void arrived(std::shared_ptr<const RowRouting> result, std::uint64_t id) {
        if (id != request) {
            release_in_background(std::move(result));
            if (routed_request != request && shown && data) router.start(shown, data, row_set, request);
            return;
        }
        release_in_background(std::exchange(routed, std::move(result)));
        routed_request = id;
        redraw();
        emit canvas->treeChanged();
    }
    bool routing_pending() const { return routed_request != request; }
    // The routing drawn: the current one, or while the newest is routed the previous live tree's when
    // it has as many nodes (an epoch's tree; its shares lag one update behind).
    const RowRouting* fit() const {
        return routed && shown && routed->routing.nodes.size() == shown->nodes.size() ? routed.get() : nullptr;
    }

    // Draws `shown` with the names of `model` and the routing of the chosen rows.
    void redraw() {
        if (!shown) {
            rebuild({});
            return;
        }
        const RowRouting* fitting = fit();
        const RoutingAnalysis* analysis = fitting ? &fitting->routing : nullptr;
        TreePicture next = model ? make_tree_picture(ModelFile{*shown, model->pipeline, model->target, {}}, analysis, options)
                                 : make_tree_picture(*shown, analysis, options);
        if (routing_pending() && data)
            next.subtitle = "routing " + describe_rows(row_set, rows_in(*data, row_set)) + "…";
        else if (fitting)
            next.subtitle = "EN = " + std::to_string(fitting->routing.empty_nodes) + ": nodes no row reaches, routing " +
                            describe_rows(row_set, fitting->rows.X.rows());
        rebuild(std::move(next));
    }

    void rebuild(TreePicture next) {
        scene.clear();
        node_items.clear();
        edge_items.clear();
        picture = std::move(next);
        for (std::size_t box = 0; box < picture.layout.boxes.size(); ++box) {
            const int node = picture.layout.boxes[box].node;
            if (picture.layout.boxes[box].parent_box >= 0) {
                auto* edge = new EdgeItem(picture, box);
                scene.addItem(edge);
                edge_items[node] = edge;
            }
            auto* item = new NodeItem(picture, box, canvas);
            scene.addItem(item);
            node_items[node] = item;
        }
        if (!picture.subtitle.empty()) {
            QFont font;
            font.setPixelSize(16);
            QGraphicsSimpleTextItem* line = scene.addSimpleText(QString::fromStdString(picture.subtitle), font);
            line->setPos(0.0, -32.0);
        }
        scene.setSceneRect(QRectF(-20.0, -40.0, picture.layout.width + 40.0, picture.layout.height + 72.0));
        remark();
    }

    bool on_class_path(int node) const {
        const RowRouting* fitting = fit();
        if (highlight_class < 0 || !fitting) return false;
        const NodeRouting& r = fitting->routing.nodes[static_cast<std::size_t>(node)];
        return r.class_share.size() > highlight_class && r.class_share(highlight_class) >= mainPathShare;
    }

    NodeMark mark_of(int node) const {
        if (row_path.count(node)) return NodeMark::RowPath;
        if (on_class_path(node)) return NodeMark::ClassPath;
        const bool highlighting = !row_path.empty() || (highlight_class >= 0 && fit());
        return highlighting ? NodeMark::Faded : NodeMark::Plain;
    }

    // Applies the highlights to the drawn items without rebuilding the scene.
    void remark() {
        for (const auto& [node, item] : node_items) item->setMark(mark_of(node), highlight_class);
        for (const auto& [node, edge] : edge_items) edge->setMark(mark_of(node), highlight_class);
        for (const auto& [node, item] : node_items) item->setInspected(node == inspected_node);
    }
};

TreeCanvas::TreeCanvas(QWidget* parent) : QGraphicsView(parent), parts_(std::make_unique<Parts>(this)) {
    setScene(&parts_->scene);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setBackgroundBrush(Qt::white);
    // Panning a depth-10 tree then paints only the few hundred items in view.
    parts_->scene.setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    connect(&parts_->router, &RoutingSession::finished, this,
            [this](std::shared_ptr<const RowRouting> result, quint64 request) { parts_->arrived(std::move(result), request); });
}

TreeCanvas::~TreeCanvas() {
    parts_->scene.clear();  // items refer to parts_->picture
}

void TreeCanvas::showModel(std::shared_ptr<const ModelFile> model, std::shared_ptr<const PreparedData> data) {
    parts_->model = std::move(model);
    parts_->data = std::move(data);
    // Aliasing pointer: the tree lives as long as the model file holding it.
    parts_->shown = parts_->model ? std::shared_ptr<const TreeModel>(parts_->model, &parts_->model->tree) : nullptr;
    parts_->features = parts_->model ? parts_->model->pipeline.feature_names() : std::vector<std::string>{};
    parts_->classes = parts_->model ? parts_->model->target.class_names : std::vector<std::string>{};
    parts_->options.collapsed.clear();  // node ids of another tree mean nothing here
    parts_->highlight_class = -1;
    parts_->row_path.clear();
    parts_->inspected_node = -1;
    // Another tree's routing, even of as many nodes, is not this one's.
    release_in_background(std::exchange(parts_->routed, nullptr));
    parts_->reroute();
    parts_->redraw();
    fitToWindow();
    emit treeChanged();
}

void TreeCanvas::showSnapshot(std::shared_ptr<const TreeModel> tree) {
    if (!tree) return;
    if (!parts_->model) {  // a snapshot carries its own names when no model was shown first
        parts_->features = tree->feature_names;
        parts_->classes = tree->class_names;
    }
    parts_->shown = std::move(tree);
    parts_->reroute();
    parts_->redraw();  // keeps the user's zoom and scroll position
    // A window not zoomed since it was fitted follows the live tree's shape: a GradTree tree's
    // pruned size changes from epoch to epoch, and the first snapshot lands on an empty canvas.
    if (parts_->fitted) fitToWindow();
    emit treeChanged();
}

void TreeCanvas::setDepthLimit(int depth) {
    parts_->options.max_depth = depth < 0 ? -1 : depth;
    parts_->redraw();
}

void TreeCanvas::toggleCollapsed(int node) {
    auto& collapsed = parts_->options.collapsed;
    if (!collapsed.erase(node)) collapsed.insert(node);
    parts_->redraw();
}

void TreeCanvas::setRowSet(RowSet rows) {
    parts_->row_set = rows;
    release_in_background(std::exchange(parts_->routed, nullptr));
    parts_->reroute();
    parts_->redraw();
    emit treeChanged();
}

RowSet TreeCanvas::rowSet() const { return parts_->row_set; }

void TreeCanvas::setShareScale(ShareScale scale) {
    parts_->options.scale = scale;
    parts_->redraw();
}

void TreeCanvas::setFill(NodeFill fill) {
    parts_->options.fill = fill;
    parts_->redraw();
}

const PictureOptions& TreeCanvas::pictureOptions() const { return parts_->options; }

void TreeCanvas::setHighlightClass(int class_index) {
    parts_->highlight_class = class_index;
    parts_->remark();
}

void TreeCanvas::setRowPath(std::vector<int> nodes) {
    parts_->row_path = std::unordered_set<int>(nodes.begin(), nodes.end());
    parts_->remark();
}

void TreeCanvas::setInspectedNode(int node) {
    parts_->inspected_node = node;
    parts_->remark();
}

int TreeCanvas::inspectedNode() const { return parts_->inspected_node; }

NodeMark TreeCanvas::nodeMark(int node) const {
    const auto item = parts_->node_items.find(node);
    return item == parts_->node_items.end() ? NodeMark::Plain : item->second->mark();
}

std::shared_ptr<const TreeModel> TreeCanvas::shownTree() const { return parts_->shown; }
std::shared_ptr<const PreparedData> TreeCanvas::data() const { return parts_->data; }
const std::vector<std::string>& TreeCanvas::featureNames() const { return parts_->features; }
const std::vector<std::string>& TreeCanvas::classNames() const { return parts_->classes; }
const RoutedRows* TreeCanvas::routedRows() const { return parts_->fit() ? &parts_->fit()->rows : nullptr; }
const RoutingAnalysis* TreeCanvas::routing() const { return parts_->fit() ? &parts_->fit()->routing : nullptr; }

QString TreeCanvas::nodeToolTip(int node) const {
    if (!parts_->shown) return {};
    NodeTipInput input;
    input.tree = parts_->shown.get();
    input.features = &parts_->features;
    input.classes = &parts_->classes;
    input.routing = routing();
    input.rowSet = parts_->row_set;
    return node_tooltip(input, node);
}

QPointF TreeCanvas::nodeScenePos(int node) const {
    const auto item = parts_->node_items.find(node);
    if (item == parts_->node_items.end())
        return {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
    return item->second->box().center();
}

void TreeCanvas::fitToWindow() {
    fitInView(sceneRect(), Qt::KeepAspectRatio);
    parts_->fitted = true;
}

void TreeCanvas::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (parts_->fitted) fitInView(sceneRect(), Qt::KeepAspectRatio);
}

int TreeCanvas::nodeCount() const {
    return static_cast<int>(parts_->picture.layout.boxes.size());
}

int TreeCanvas::nodeAt(const QPoint& viewPos) const {
    for (QGraphicsItem* item : items(viewPos))
        if (auto* node = dynamic_cast<NodeItem*>(item)) return node->node();
    return -1;
}

void TreeCanvas::wheelEvent(QWheelEvent* event) {
    const double factor = std::pow(1.0015, event->angleDelta().y());  // 120 per notch → ×1.2
    scale(factor, factor);
    parts_->fitted = false;
    event->accept();
}

bool TreeCanvas::viewportEvent(QEvent* event) {
    if (event->type() != QEvent::ToolTip) return QGraphicsView::viewportEvent(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const int node = nodeAt(help->pos());
    if (node < 0) QToolTip::hideText();
    else QToolTip::showText(help->globalPos(), nodeToolTip(node), viewport());
    return true;
}

void TreeCanvas::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) parts_->press = event->position().toPoint();
    QGraphicsView::mousePressEvent(event);
}

void TreeCanvas::mouseReleaseEvent(QMouseEvent* event) {
    QGraphicsView::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton) return;
    const QPoint at = event->position().toPoint();
    if ((at - parts_->press).manhattanLength() >= QApplication::startDragDistance()) return;  // a pan, not a click
    const int node = nodeAt(at);
    if (node >= 0) emit nodeClicked(node);
}

}  // namespace treelab
