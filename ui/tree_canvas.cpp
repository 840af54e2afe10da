#include "ui/tree_canvas.h"

#include <cmath>
#include <optional>

#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QStyleOptionGraphicsItem>
#include <QWheelEvent>

#include "app/render/tree_painter.h"
#include "app/render/tree_picture.h"
#include "core/analysis/routing_analysis.h"

namespace treelab {
namespace {

// Below this zoom the node text is unreadable: paint filled boxes only (fast panning at depth 10).
constexpr double kTextZoom = 0.35;

// One node (or the edge into it) of the shown picture, painted by the app painter so the screen
// and `treelab-cli draw` share one drawing code.
class NodeItem : public QGraphicsItem {
public:
    NodeItem(const TreePicture& picture, std::size_t box, TreeCanvas* canvas)
        : picture_(picture), box_(box), canvas_(canvas) {
        setZValue(1.0);
    }
    QRectF boundingRect() const override { return node_bounds(picture_, box_); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) override {
        paint_node(*painter, picture_, box_, option->levelOfDetailFromTransform(painter->worldTransform()) < kTextZoom);
    }

protected:
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent*) override {
        // Queued: folding rebuilds the scene, which deletes this item.
        const int node = picture_.layout.boxes[box_].node;
        QMetaObject::invokeMethod(canvas_, [canvas = canvas_, node] { canvas->toggleCollapsed(node); }, Qt::QueuedConnection);
    }

private:
    const TreePicture& picture_;
    std::size_t box_;
    TreeCanvas* canvas_;
};

class EdgeItem : public QGraphicsItem {
public:
    EdgeItem(const TreePicture& picture, std::size_t box) : picture_(picture), box_(box) {}
    QRectF boundingRect() const override { return edge_bounds(picture_, box_); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        painter->setRenderHint(QPainter::Antialiasing);
        paint_edge(*painter, picture_, box_);
    }

private:
    const TreePicture& picture_;
    std::size_t box_;
};

// Every row of the run (train, valid and test), as 000's figures route all 214 Glass rows.
struct AllRows {
    Eigen::MatrixXd X;
    Eigen::VectorXd y;
    int classes = 0;
};

AllRows all_rows(const PreparedData& data) {
    AllRows rows;
    const Dataset* parts[] = {&data.train, &data.valid, &data.test};
    Eigen::Index count = 0;
    for (const Dataset* part : parts) count += part->rows();
    rows.X.resize(count, data.train.features());
    rows.y.resize(count);
    Eigen::Index at = 0;
    for (const Dataset* part : parts) {
        rows.X.middleRows(at, part->rows()) = part->X;
        rows.y.segment(at, part->rows()) = part->y;
        at += part->rows();
    }
    rows.classes = data.train.task == Task::Classification ? data.train.classes() : 0;
    return rows;
}

}  // namespace

struct TreeCanvas::Parts {
    explicit Parts(TreeCanvas* view) : canvas(view) {}

    TreeCanvas* canvas;
    QGraphicsScene scene;
    std::shared_ptr<const ModelFile> model;  // names (pipeline, target) of what is shown
    std::shared_ptr<const TreeModel> shown;  // the tree drawn: the model's, or the last snapshot
    std::shared_ptr<const PreparedData> data;
    PictureOptions options;
    TreePicture picture;  // the items paint from it; replaced only after the scene is cleared

    // The routing of the run's rows when they fit the tree; else the picture uses training counts.
    std::optional<RoutingAnalysis> routing(const TreeModel& tree) const {
        if (!data) return std::nullopt;
        const AllRows rows = all_rows(*data);
        if (rows.X.cols() != tree.features() || rows.X.rows() == 0) return std::nullopt;
        return rows.classes > 0 ? analyse_routing(tree, rows.X, rows.y, rows.classes) : analyse_routing(tree, rows.X);
    }

    // Draws `shown` with the names of `model` and the routing of `data`, under the current options.
    void redraw() {
        if (!shown) {
            rebuild({});
            return;
        }
        const std::optional<RoutingAnalysis> routing = this->routing(*shown);
        const RoutingAnalysis* rows = routing ? &*routing : nullptr;
        TreePicture next = model ? make_tree_picture(ModelFile{*shown, model->pipeline, model->target, {}}, rows, options)
                                 : make_tree_picture(*shown, rows, options);
        if (routing) next.subtitle = "EN = " + std::to_string(routing->empty_nodes) + " (nodes no row reaches)";
        rebuild(std::move(next));
    }

    void rebuild(TreePicture next) {
        scene.clear();
        picture = std::move(next);
        for (std::size_t box = 0; box < picture.layout.boxes.size(); ++box) {
            if (picture.layout.boxes[box].parent_box >= 0) scene.addItem(new EdgeItem(picture, box));
            scene.addItem(new NodeItem(picture, box, canvas));
        }
        if (!picture.subtitle.empty()) {
            QFont font;
            font.setPixelSize(16);
            QGraphicsSimpleTextItem* line = scene.addSimpleText(QString::fromStdString(picture.subtitle), font);
            line->setPos(0.0, -32.0);
        }
        scene.setSceneRect(QRectF(-20.0, -40.0, picture.layout.width + 40.0, picture.layout.height + 72.0));
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
}

TreeCanvas::~TreeCanvas() {
    parts_->scene.clear();  // items refer to parts_->picture
}

void TreeCanvas::showModel(std::shared_ptr<const ModelFile> model, std::shared_ptr<const PreparedData> data) {
    parts_->model = std::move(model);
    parts_->data = std::move(data);
    // Aliasing pointer: the tree lives as long as the model file holding it.
    parts_->shown = parts_->model ? std::shared_ptr<const TreeModel>(parts_->model, &parts_->model->tree) : nullptr;
    parts_->options.collapsed.clear();  // node ids of another tree mean nothing here
    parts_->redraw();
    fitToWindow();
}

void TreeCanvas::showSnapshot(std::shared_ptr<const TreeModel> tree) {
    if (!tree) return;
    parts_->shown = std::move(tree);
    parts_->redraw();  // keeps the user's zoom and scroll position
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

void TreeCanvas::fitToWindow() {
    fitInView(sceneRect(), Qt::KeepAspectRatio);
}

int TreeCanvas::nodeCount() const {
    return static_cast<int>(parts_->picture.layout.boxes.size());
}

void TreeCanvas::wheelEvent(QWheelEvent* event) {
    const double factor = std::pow(1.0015, event->angleDelta().y());  // 120 per notch → ×1.2
    scale(factor, factor);
    event->accept();
}

}  // namespace treelab
