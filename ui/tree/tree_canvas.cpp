#include "ui/tree/tree_canvas.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <unordered_set>

#include <QApplication>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QResizeEvent>
#include <QStyleOptionGraphicsItem>
#include <QToolTip>
#include <QWheelEvent>

#include "app/render/colormap.h"
#include "app/render/tree_painter.h"
#include "app/render/tree_region.h"
#include "app/session/background_release.h"
#include "app/session/routing_session.h"
#include "core/analysis/routing_analysis.h"
#include "core/export/data_units.h"
#include "core/export/feature_value_text.h"
#include "core/layout/fitting_depth.h"
#include "ui/common/readable_text.h"
#include "ui/tree/node_tooltip.h"
#include "ui/tree/tree_minimap.h"
#include "ui/tree/tree_picture_builder.h"

namespace treelab {
namespace {

constexpr double kFadedOpacity = 0.22;
constexpr double kRevealZoom = 0.8;  // a search hit is shown at least this large
const QColor kRowPathInk(0x1f3a93), kInspectedInk(0x111111), kSearchInk(0xf0a000);
const QSize kMinimapSize(260, 90);
// Around the layout: the subtitle above, and below the folded nodes' "+N leaves" and outlines.
const QSizeF kSceneMargins(40.0, 96.0);
// Up to this many rows are routed on the GUI thread (a few milliseconds); more go to the routing
// session, as a million rows take about a second.
constexpr Eigen::Index kRowsRoutedInline = 50000;

QColor mark_colour(NodeMark mark, int highlight_class) {
    return mark == NodeMark::RowPath ? kRowPathInk : class_color(highlight_class);
}

bool emphasised(NodeMark mark) { return mark == NodeMark::RowPath || mark == NodeMark::ClassPath; }

// What 000 Fig. 3 calls EN, in words.
std::string empty_nodes_text(int count) {
    if (count == 0) return "every node is reached by some row";
    return std::to_string(count) + (count == 1 ? " empty node (no row reaches it)" : " empty nodes (no row reaches them)");
}

// The whole tree as one item: a 173,435-leaf tree would be 350,000 node items and as many
// edges, too many for the scene's index; `paint_exposed` paints (through the app painter that
// also draws `treelab-cli draw` figures) only the boxes and edges in the exposed rectangle.
class TreeItem : public QGraphicsItem {
public:
    using Painter = std::function<void(QPainter&, const QRectF& exposed, QSizeF pixel)>;
    TreeItem(const TreeLayout& layout, Painter paint_exposed) : layout_(layout), paint_exposed_(std::move(paint_exposed)) {
        setFlag(QGraphicsItem::ItemUsesExtendedStyleOption);  // exposedRect: paint only what is in view
    }
    QRectF boundingRect() const override {  // the boxes and what their nodes paint around them
        return QRectF(-80.0, -20.0, layout_.width + 160.0, layout_.height + 60.0);
    }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) override {
        const QTransform& world = painter->worldTransform();
        const QSizeF pixel(1.0 / std::max(std::hypot(world.m11(), world.m12()), 1e-12),
                           1.0 / std::max(std::hypot(world.m21(), world.m22()), 1e-12));
        // QGraphicsView::render() exposes the whole item; its clip says what the target shows.
        const QRectF exposed = painter->hasClipping() ? option->exposedRect & painter->clipBoundingRect() : option->exposedRect;
        paint_exposed_(*painter, exposed, pixel);
    }

private:
    const TreeLayout& layout_;
    Painter paint_exposed_;
};

}  // namespace

struct TreeCanvas::Parts {
    explicit Parts(TreeCanvas* view)
        : canvas(view), builder(view, [this](BuiltPicture built) {
              rebuild(std::move(built));
              finish_build();
          }) {}

    TreeCanvas* canvas;
    QGraphicsScene scene;
    std::shared_ptr<const ModelFile> model;  // names (pipeline, target) of what is shown
    std::shared_ptr<const TreeModel> shown;  // the tree drawn: the model's, or the last snapshot
    std::shared_ptr<const TreeModel> display;  // `shown` as every view writes it, in the data's units
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
    bool fit_readably = false;  // that fit never goes below the readable zoom (else: the Fit button's, whole)
    QLabel* note = nullptr;     // legibilityNote(), over the canvas's bottom left
    // The depth limit was chosen for a canvas not on screen (a Tree tab not yet shown has no real
    // size): chosen again when it shows, unless the user changed what is shown meanwhile.
    bool depth_for_hidden_canvas = false;
    TreePicture picture;  // the tree item paints from it; replaced only after the scene is cleared
    LevelIndex index;     // of picture.layout
    int search_hit = -1;
    TreeMinimap* minimap = nullptr;
    QPoint press;  // where the left button went down

    // Routes the chosen rows through `shown` (after a new tree, data or row set): at once when they
    // are few, else in the routing session, whose result arrives in arrived() later.
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
        redraw(std::move(after_build));  // a fit or centring still waiting for the picture keeps waiting
        emit canvas->treeChanged();
    }
    bool routing_pending() const { return routed_request != request; }
    // The routing drawn: the current one, or while the newest is routed the previous live tree's when
    // it has as many nodes (an epoch's tree; its shares lag one update behind).
    const RowRouting* fit() const {
        return routed && shown && routed->routing.nodes.size() == shown->nodes.size() ? routed.get() : nullptr;
    }
    // The same, shared with a picture build.
    std::shared_ptr<const RoutingAnalysis> routing() const {
        return fit() ? std::shared_ptr<const RoutingAnalysis>(routed, &routed->routing) : nullptr;
    }

    TreePictureBuilder builder;
    std::function<void()> after_build;  // what waits for the picture (fit, centre)

    // `tree` shown; its rules in the data's units through the model's pipeline when the tree reads
    // that pipeline's features (a snapshot on an empty canvas has no pipeline: drawn as it is).
    void show_tree(std::shared_ptr<const TreeModel> tree) {
        shown = std::move(tree);
        const FeaturePipeline* pipeline = model ? &model->pipeline : nullptr;
        const bool own = shown && pipeline && static_cast<int>(pipeline->feature_names().size()) == shown->features();
        const bool scaled = own && pipeline->scaling != Scaling::None;
        // An unscaled tree is copied only to say how a date column's values read.
        const bool dated = own && !feature_units(*pipeline).empty();
        display = scaled || dated ? std::make_shared<const TreeModel>(tree_in_data_units(*shown, *pipeline)) : shown;
        in_data_units = scaled || (pipeline && pipeline->scaling == Scaling::None);
    }
    bool in_data_units = false;  // `display` is in the data's units (else: on the learner's scaled features)

    // Draws `shown` with the names of `model` (or its own) and the routing of the chosen rows, then
    // runs `then` (at once, or when a big picture built in the background arrives).
    void redraw(std::function<void()> then = {}) {
        after_build = std::move(then);
        if (!shown) {
            rebuild(BuiltPicture{});
            finish_build();
            return;
        }
        PictureInputs in{display, features, classes, routing(), options, {}};
        if (routing_pending() && data)
            in.subtitle = "routing " + describe_rows(row_set, rows_in(*data, row_set)) + "…";
        else if (const RowRouting* fitting = fit())
            in.subtitle = "Routing " + describe_rows(row_set, fitting->rows.X.rows()) + ": " + empty_nodes_text(fitting->routing.empty_nodes);
        builder.request(std::move(in));
    }

    void finish_build() {
        if (!after_build) return;
        const std::function<void()> then = std::move(after_build);
        after_build = {};
        then();
    }

    void rebuild(BuiltPicture next) {
        minimap->setPicture(nullptr, nullptr);
        scene.clear();
        picture = std::move(next.picture);
        index = std::move(next.index);
        if (!picture.layout.boxes.empty())
            scene.addItem(new TreeItem(picture.layout, [this](QPainter& painter, const QRectF& exposed, QSizeF pixel) {
                paint_region(painter, picture, index, exposed, pixel, TreeCanvas::textZoom, style());
            }));
        if (!picture.subtitle.empty()) {
            // At the screen's text size whatever the zoom: magnified with a narrow tree it ran past
            // the window's edge, shrunk with a wide one it could not be read.
            QGraphicsSimpleTextItem* line = scene.addSimpleText(QString::fromStdString(picture.subtitle), canvas->font());
            line->setFlag(QGraphicsItem::ItemIgnoresTransformations);
            line->setPos(-20.0, -40.0);
        }
        scene.setSceneRect(QRectF(-20.0, -40.0, picture.layout.width + 40.0, picture.layout.height + kSceneMargins.height()));
        minimap->setPicture(&picture, &index);
    }

    // The deepest depth limit whose layout fits the window at a readable zoom; −1: the whole tree fits.
    int fitting_limit() const {
        if (!shown) return -1;
        PictureOptions whole = options;
        whole.max_depth = -1;
        whole.collapsed.clear();
        // The scene's margins (subtitle, padding) take their share of the window too.
        const double zoom = canvas->readableZoom();
        const QSizeF window = QSizeF(canvas->viewport()->size()) - kSceneMargins * zoom;
        return fitting_depth(*shown, layout_options(whole), [&window, zoom](const TreeLayout& layout) {
            return fits_window(layout, window.width(), window.height(), zoom);
        });
    }

    bool drawn(int node) const { return picture.layout.box(node) != nullptr; }

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

    // Highlights change the look, not the layout: repaint.
    void remark() { scene.update(); }

    // Outlines over the shared look: row or class path, the inspected node, the search hit.
    RegionStyle style() const {
        RegionStyle style;
        const auto mark = [this](std::size_t box) { return mark_of(picture.layout.boxes[box].node); };
        style.opacity = [mark](std::size_t box) { return mark(box) == NodeMark::Faded ? kFadedOpacity : 1.0; };
        style.decorate_edge = [this, mark](QPainter& painter, std::size_t box) {
            if (!emphasised(mark(box))) return;
            painter.setPen(QPen(mark_colour(mark(box), highlight_class), 4.0, Qt::SolidLine, Qt::RoundCap));
            painter.drawLine(edge_line(picture, box));
        };
        style.decorate_node = [this, mark](QPainter& painter, std::size_t box) {
            const int node = picture.layout.boxes[box].node;
            const QRectF rect = node_rect(picture, box);
            painter.save();
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setBrush(Qt::NoBrush);
            if (emphasised(mark(box))) {
                painter.setPen(QPen(mark_colour(mark(box), highlight_class), 4.0));
                painter.drawRoundedRect(rect.adjusted(-1.5, -1.5, 1.5, 1.5), 7.0, 7.0);
            }
            if (node == inspected_node) {  // outside the emphasis outline, so both show
                painter.setPen(QPen(kInspectedInk, 2.0, Qt::DashLine));
                painter.drawRoundedRect(rect.adjusted(-6.0, -6.0, 6.0, 6.0), 9.0, 9.0);
            }
            if (node == search_hit) {
                painter.setPen(QPen(kSearchInk, 6.0));
                const double below = picture.layout.boxes[box].folded ? 28.0 : 11.0;  // around the "+N leaves" label
                painter.drawRoundedRect(rect.adjusted(-11.0, -11.0, 11.0, below), 12.0, 12.0);
            }
            painter.restore();
        };
        return style;
    }
};

TreeCanvas::TreeCanvas(QWidget* parent) : QGraphicsView(parent), parts_(std::make_unique<Parts>(this)) {
    setScene(&parts_->scene);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setBackgroundBrush(Qt::white);
    // One item (the tree) and a subtitle: nothing for an index to speed up.
    parts_->scene.setItemIndexMethod(QGraphicsScene::NoIndex);
    parts_->minimap = new TreeMinimap(this);
    parts_->minimap->resize(kMinimapSize);
    parts_->minimap->hide();
    parts_->note = new QLabel(this);
    parts_->note->setObjectName(QStringLiteral("legibilityNote"));
    parts_->note->setWordWrap(true);
    parts_->note->setAutoFillBackground(true);
    parts_->note->setMargin(4);
    parts_->note->hide();
    connect(&parts_->router, &RoutingSession::finished, this,
            [this](std::shared_ptr<const RowRouting> result, quint64 request) { parts_->arrived(std::move(result), request); });
}

TreeCanvas::~TreeCanvas() {
    parts_->scene.clear();  // the tree item refers to parts_->picture
}

void TreeCanvas::showModel(std::shared_ptr<const ModelFile> model, std::shared_ptr<const PreparedData> data) {
    parts_->model = std::move(model);
    parts_->data = std::move(data);
    // Aliasing pointer: the tree lives as long as the model file holding it.
    parts_->show_tree(parts_->model ? std::shared_ptr<const TreeModel>(parts_->model, &parts_->model->tree) : nullptr);
    parts_->features = parts_->model ? parts_->model->pipeline.feature_names() : std::vector<std::string>{};
    parts_->classes = parts_->model ? parts_->model->target.class_names : std::vector<std::string>{};
    parts_->options.collapsed.clear();  // node ids of another tree mean nothing here
    parts_->options.revealed.clear();
    parts_->highlight_class = -1;
    parts_->row_path.clear();
    parts_->inspected_node = -1;
    parts_->search_hit = -1;
    // Another tree's routing, even of as many nodes, is not this one's.
    release_in_background(std::exchange(parts_->routed, nullptr));
    // First sight: readable text, the rest folded one click away.
    parts_->options.max_depth = parts_->fitting_limit();
    parts_->depth_for_hidden_canvas = !isVisible();
    parts_->reroute();
    parts_->redraw([this] { fitReadably(); });
    emit depthLimitChanged(parts_->options.max_depth);
    emit treeChanged();
}

void TreeCanvas::showSnapshot(std::shared_ptr<const TreeModel> tree) {
    if (!tree) return;
    if (!parts_->model) {  // a snapshot carries its own names when no model was shown first
        parts_->features = tree->feature_names;
        parts_->classes = tree->class_names;
    }
    parts_->show_tree(std::move(tree));
    parts_->reroute();
    // Keeps the user's zoom and scroll position. A window not zoomed since it was fitted follows
    // the live tree's shape: a GradTree tree's pruned size changes from epoch to epoch, and the
    // first snapshot lands on an empty canvas.
    parts_->redraw([this] {
        if (!parts_->fitted) return;
        if (parts_->fit_readably) fitReadably();
        else fitToWindow();
    });
    emit treeChanged();
}

void TreeCanvas::setDepthLimit(int depth) {
    parts_->depth_for_hidden_canvas = false;
    parts_->options.max_depth = depth < 0 ? -1 : depth;
    parts_->options.revealed.clear();
    parts_->redraw([this] { viewMoved(); });
}

int TreeCanvas::depthLimit() const { return parts_->options.max_depth; }

void TreeCanvas::toggleCollapsed(int node) {
    const NodeBox* box = parts_->picture.layout.box(node);
    if (!box) return;
    parts_->depth_for_hidden_canvas = false;
    if (box->folded) {
        parts_->options.collapsed.erase(node);
        const TreeNode& n = parts_->shown->nodes[static_cast<std::size_t>(node)];
        for (const int child : {n.left, n.right})  // past the depth limit too
            if (child >= 0) parts_->options.revealed.insert(child);
    } else {
        parts_->options.collapsed.insert(node);
    }
    parts_->redraw([this] { viewMoved(); });
}

void TreeCanvas::showWholeTree() {
    parts_->depth_for_hidden_canvas = false;
    parts_->options.max_depth = -1;
    parts_->options.collapsed.clear();
    parts_->options.revealed.clear();
    parts_->redraw([this] { fitReadably(); });
    emit depthLimitChanged(-1);
}

void TreeCanvas::revealNode(int node) {
    const std::shared_ptr<const TreeModel>& tree = parts_->shown;
    parts_->search_hit = tree && node >= 0 && static_cast<std::size_t>(node) < tree->nodes.size() ? node : -1;
    if (parts_->search_hit < 0) {
        parts_->remark();
        return;
    }
    const auto show_hit = [this, node] {
        if (zoom() < kRevealZoom) setTransform(QTransform::fromScale(kRevealZoom, kRevealZoom));
        parts_->fitted = false;
        centerOn(nodeScenePos(node));
        parts_->remark();
        viewMoved();
    };
    parts_->depth_for_hidden_canvas = false;
    if (parts_->drawn(node)) {
        show_hit();
        return;
    }
    for (int up = tree->nodes[static_cast<std::size_t>(node)].parent; up >= 0; up = tree->nodes[static_cast<std::size_t>(up)].parent) {
        parts_->options.collapsed.erase(up);
        parts_->options.revealed.insert(up);
    }
    parts_->options.revealed.insert(node);
    parts_->redraw(show_hit);
}

bool TreeCanvas::isBuilding() const { return parts_->builder.busy(); }

int TreeCanvas::searchHit() const { return parts_->search_hit; }

QString TreeCanvas::nodeRuleText(int node) const {
    const int box = node >= 0 && static_cast<std::size_t>(node) < parts_->picture.layout.box_of_node.size()
                        ? parts_->picture.layout.box_of_node[static_cast<std::size_t>(node)]
                        : -1;
    return box < 0 ? QString() : QString::fromStdString(parts_->picture.looks[static_cast<std::size_t>(box)].rule);
}

int TreeCanvas::hiddenLeaves(int node) const {
    const int box = node >= 0 && static_cast<std::size_t>(node) < parts_->picture.layout.box_of_node.size()
                        ? parts_->picture.layout.box_of_node[static_cast<std::size_t>(node)]
                        : -1;
    return box < 0 ? 0 : parts_->picture.looks[static_cast<std::size_t>(box)].hidden_leaves;
}

void TreeCanvas::centerOnScenePoint(const QPointF& point) {
    parts_->fitted = false;
    centerOn(point);
    viewMoved();
}

TreeMinimap* TreeCanvas::minimap() const { return parts_->minimap; }

double TreeCanvas::zoom() const { return transform().m11(); }

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

NodeMark TreeCanvas::nodeMark(int node) const { return parts_->drawn(node) ? parts_->mark_of(node) : NodeMark::Plain; }

std::shared_ptr<const TreeModel> TreeCanvas::shownTree() const { return parts_->shown; }
std::shared_ptr<const TreeModel> TreeCanvas::displayedTree() const { return parts_->display; }
bool TreeCanvas::displaysDataUnits() const { return parts_->in_data_units; }
std::shared_ptr<const PreparedData> TreeCanvas::data() const { return parts_->data; }
const std::vector<std::string>& TreeCanvas::featureNames() const { return parts_->features; }
const std::vector<std::string>& TreeCanvas::classNames() const { return parts_->classes; }
const RoutedRows* TreeCanvas::routedRows() const { return parts_->fit() ? &parts_->fit()->rows : nullptr; }
const RoutingAnalysis* TreeCanvas::routing() const { return parts_->fit() ? &parts_->fit()->routing : nullptr; }

QString TreeCanvas::nodeToolTip(int node) const {
    if (!parts_->shown) return {};
    NodeTipInput input;
    input.tree = parts_->display.get();
    input.features = &parts_->features;
    input.classes = &parts_->classes;
    input.routing = routing();
    input.rowSet = parts_->row_set;
    return node_tooltip(input, node);
}

QPointF TreeCanvas::nodeScenePos(int node) const {
    const NodeBox* box = parts_->picture.layout.box(node);
    if (!box) return {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
    return {box->x, box->y};
}

void TreeCanvas::fitToWindow() {
    fitInView(sceneRect(), Qt::KeepAspectRatio);
    parts_->fitted = true;
    parts_->fit_readably = false;
    parts_->note->clear();
    viewMoved();
}

double TreeCanvas::readableZoom() const { return treelab::readableZoom(this, node_text_size(parts_->options.detail)); }

QString TreeCanvas::legibilityNote() const { return parts_->note->text(); }

void TreeCanvas::fitReadably() {
    const QRectF scene = sceneRect();
    const QSizeF room = QSizeF(viewport()->size()) - QSizeF(4.0, 4.0);  // fitInView's margin
    const double readable = readableZoom();
    const double fit = scene.isEmpty() ? readable : std::min(room.width() / scene.width(), room.height() / scene.height());
    const double zoom = std::min(fit, maxFitMagnification * readable);
    parts_->fitted = true;
    parts_->fit_readably = true;
    if (zoom >= readable || parts_->picture.layout.boxes.empty()) {
        setTransform(QTransform::fromScale(zoom, zoom));
        centerOn(scene.center());
        parts_->note->clear();
    } else {  // the root at the top, as much of the tree below it as the window holds
        setTransform(QTransform::fromScale(readable, readable));
        const NodeBox& root = parts_->picture.layout.boxes.front();
        centerOn(QPointF(root.x, scene.top() + 0.5 * room.height() / readable));
        parts_->note->setText(tr("Too large to read fitted (%1 nodes): shown at a readable size from the root. "
                                 "Drag to pan, use the overview, or Fit to see it all.")
                                  .arg(nodeCount()));
    }
    viewMoved();
}

void TreeCanvas::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (parts_->fitted && parts_->fit_readably) fitReadably();
    else if (parts_->fitted) fitInView(sceneRect(), Qt::KeepAspectRatio);
    viewMoved();
    chooseDepthOnScreen();
}

void TreeCanvas::showEvent(QShowEvent* event) {
    QGraphicsView::showEvent(event);
    chooseDepthOnScreen();
}

void TreeCanvas::chooseDepthOnScreen() {
    if (!parts_->depth_for_hidden_canvas || !isVisible()) return;
    parts_->depth_for_hidden_canvas = false;
    const int depth = parts_->fitting_limit();
    if (depth == parts_->options.max_depth) return;
    parts_->options.max_depth = depth;
    parts_->redraw([this] { fitReadably(); });
    emit depthLimitChanged(depth);
}

void TreeCanvas::scrollContentsBy(int dx, int dy) {
    QGraphicsView::scrollContentsBy(dx, dy);
    viewMoved();
}

void TreeCanvas::viewMoved() {
    TreeMinimap* minimap = parts_->minimap;
    const QRect view = viewport()->geometry();
    // Top right: a search hit deep in the tree is centred as far as the scene's bottom edge lets it,
    // so the bottom corners are where the view's subject is likeliest to be.
    minimap->move(view.right() - minimap->width() - 8, view.top() + 8);
    // Only worth its corner when part of the tree is out of view (or too small to see).
    const QRectF shown = mapToScene(viewport()->rect()).boundingRect();
    const bool whole_in_view = shown.contains(sceneRect()) && zoom() >= textZoom;
    minimap->setVisible(!parts_->picture.layout.boxes.empty() && !whole_in_view);
    minimap->update();
    QLabel* note = parts_->note;
    note->setVisible(!note->text().isEmpty());
    if (note->isVisible()) {
        note->setFixedWidth(std::min(view.width() - 16, 520));
        note->adjustSize();
        note->move(view.left() + 8, view.bottom() - note->height() - 8);
    }
}

int TreeCanvas::nodeCount() const {
    return static_cast<int>(parts_->picture.layout.boxes.size());
}

int TreeCanvas::nodeAt(const QPoint& viewPos) const {
    const int box = parts_->index.box_at(parts_->picture.layout, mapToScene(viewPos));
    return box < 0 ? -1 : parts_->picture.layout.boxes[static_cast<std::size_t>(box)].node;
}

void TreeCanvas::wheelEvent(QWheelEvent* event) {
    const double factor = std::pow(1.0015, event->angleDelta().y());  // 120 per notch → ×1.2
    scale(factor, factor);
    parts_->fitted = false;
    parts_->note->clear();
    viewMoved();
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

void TreeCanvas::mouseDoubleClickEvent(QMouseEvent* event) {
    const int node = nodeAt(event->position().toPoint());
    if (node >= 0) toggleCollapsed(node);
    event->accept();
}

}  // namespace treelab
