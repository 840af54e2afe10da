// TreeCanvas under QT_QPA_PLATFORM=offscreen: models from real runs on Glass, every node drawn.
#include <gtest/gtest.h>

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QTest>
#include <QWheelEvent>

#include "core/layout/fitting_depth.h"
#include "core/run/training_run.h"
#include "tests/support/big_tree.h"
#include "tests/support/test_support.h"
#include "ui/tree/tree_canvas.h"

namespace treelab {
namespace {

RunOutcome glass_run(const std::string& method, const std::vector<std::string>& params) {
    RunConfig config = test::dataset_run("glass.csv", "Type", method, params);
    config.scaling = method == "latent" ? Scaling::ZScore : Scaling::None;
    return run_training(config);
}

// Renders the canvas into an image and says whether anything but the white background shows.
bool paints_something(TreeCanvas& canvas) {
    canvas.resize(800, 600);
    canvas.fitToWindow();
    QImage image(canvas.viewport()->size(), QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    canvas.render(&painter);
    painter.end();
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixel(x, y) != qRgb(255, 255, 255)) return true;
    return false;
}

// A CART tree on Glass shows every node of the model, routed by the run's rows, and paints.
TEST(TreeCanvas, ShowsCartModelOnGlass) {
    const RunOutcome run = glass_run("cart", {"max_depth=4"});
    TreeCanvas canvas;
    EXPECT_EQ(canvas.nodeCount(), 0);
    canvas.showModel(std::make_shared<const ModelFile>(run.model), run.data);
    canvas.showWholeTree();  // it opens folded to what is readable in the window
    EXPECT_EQ(canvas.nodeCount(), static_cast<int>(run.model.tree.nodes.size()));
    EXPECT_TRUE(paints_something(canvas));
}

// A LatentTrees tree keeps its pruned and empty nodes as ghosts: all 2^(D+1) − 1 nodes are drawn;
// a snapshot of the same tree redraws the same nodes; a null model empties the canvas.
TEST(TreeCanvas, ShowsLatentTreeWithGhosts) {
    const RunOutcome run = glass_run("latent", {"task=self_supervised", "regress=RI,Na", "depth=3", "epochs=3"});
    TreeCanvas canvas;
    canvas.showModel(std::make_shared<const ModelFile>(run.model), run.data);
    canvas.showWholeTree();
    EXPECT_EQ(canvas.nodeCount(), 15);
    EXPECT_TRUE(paints_something(canvas));
    canvas.showSnapshot(std::make_shared<const TreeModel>(run.model.tree));
    EXPECT_EQ(canvas.nodeCount(), 15);
    canvas.showModel(nullptr);
    EXPECT_EQ(canvas.nodeCount(), 0);
}

// Whether the whole scene shows in the viewport and touches two of its sides (fitted, not smaller).
bool fitsWindow(const TreeCanvas& canvas) {
    if (!canvas.legibilityNote().isEmpty())  // too large to read fitted: from the root at the readable zoom
        return std::abs(canvas.zoom() - canvas.readableZoom()) < 1e-9;
    const QRect shown = canvas.mapFromScene(canvas.sceneRect()).boundingRect();
    const QRect window = canvas.viewport()->rect();
    return window.adjusted(-2, -2, 2, 2).contains(shown) &&
           (shown.width() >= window.width() - 4 || shown.height() >= window.height() - 4);
}

// Live trees change shape from epoch to epoch (GradTree's pruned tree): the first one, drawn on
// an empty canvas as a run starts, and each later one fill the window (or, too large to read so,
// show from the root at the readable zoom), until the user zooms with the wheel; from then on the
// user's zoom stays.
TEST(TreeCanvas, LiveSnapshotsStayFittedUntilTheUserZooms) {
    const RunOutcome shallow = glass_run("cart", {"max_depth=2"}), deep = glass_run("cart", {"max_depth=6"});
    TreeCanvas canvas;
    canvas.resize(800, 600);
    canvas.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&canvas));
    canvas.showModel(nullptr);
    canvas.showSnapshot(std::make_shared<const TreeModel>(shallow.model.tree));
    EXPECT_TRUE(fitsWindow(canvas));
    canvas.showSnapshot(std::make_shared<const TreeModel>(deep.model.tree));
    EXPECT_TRUE(fitsWindow(canvas));

    const QPointF centre = canvas.viewport()->rect().center();
    QWheelEvent zoomIn(centre, canvas.viewport()->mapToGlobal(centre), {}, {0, 120}, Qt::NoButton, Qt::NoModifier,
                       Qt::NoScrollPhase, false);
    QApplication::sendEvent(canvas.viewport(), &zoomIn);
    canvas.showSnapshot(std::make_shared<const TreeModel>(shallow.model.tree));
    EXPECT_FALSE(fitsWindow(canvas));
}

// The depth limit and folding hide nodes from the display only, and undo cleanly.
TEST(TreeCanvas, DepthLimitAndCollapse) {
    const RunOutcome run = glass_run("latent", {"task=self_supervised", "regress=RI,Na", "depth=3", "epochs=2"});
    TreeCanvas canvas;
    canvas.showModel(std::make_shared<const ModelFile>(run.model), run.data);
    canvas.setDepthLimit(1);
    EXPECT_EQ(canvas.nodeCount(), 3);
    canvas.setDepthLimit(-1);
    EXPECT_EQ(canvas.nodeCount(), 15);
    canvas.toggleCollapsed(1);  // hides 3, 4 and their four children
    EXPECT_EQ(canvas.nodeCount(), 9);
    canvas.toggleCollapsed(1);
    EXPECT_EQ(canvas.nodeCount(), 15);
}

// Without data the canvas falls back to the model's training counts and still draws every node.
TEST(TreeCanvas, ShowsModelWithoutData) {
    const RunOutcome run = glass_run("cart", {"max_depth=3"});
    TreeCanvas canvas;
    canvas.showModel(std::make_shared<const ModelFile>(run.model));
    canvas.showWholeTree();
    EXPECT_EQ(canvas.nodeCount(), static_cast<int>(run.model.tree.nodes.size()));
}

// Leaves of the tree below `node` (itself when it is a leaf).
int leaves_under(const TreeModel& tree, int node) {
    const TreeNode& n = tree.nodes[static_cast<std::size_t>(node)];
    return n.is_split() ? leaves_under(tree, n.left) + leaves_under(tree, n.right) : 1;
}

// A tree of 20,000 leaves opens cut at a depth whose text is readable once fitted (zoom at least
// the text zoom), deeper than 1 and shallower than the tree; each node at the cut is folded and
// says how many leaves it hides; a double-click on one unfolds it.
TEST(TreeCanvas, HugeTreeOpensAtAReadableDepthWithFoldedMarks) {
    const auto model = test::random_model(20000);
    TreeCanvas canvas;
    canvas.resize(1200, 800);
    canvas.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&canvas));
    canvas.showModel(model);
    const int depth = canvas.depthLimit();
    EXPECT_GT(depth, 1);
    EXPECT_LT(depth, tree_height(model->tree));
    EXPECT_LT(canvas.nodeCount(), 1 << (depth + 1));
    EXPECT_GE(canvas.zoom(), TreeCanvas::textZoom);
    int folded = -1;
    for (std::size_t t = 0; t < model->tree.nodes.size(); ++t) {
        const TreeNode& node = model->tree.nodes[t];
        if (node.depth != depth || !node.is_split()) continue;
        EXPECT_EQ(canvas.hiddenLeaves(static_cast<int>(t)), leaves_under(model->tree, static_cast<int>(t))) << t;
        folded = static_cast<int>(t);
    }
    ASSERT_GE(folded, 0);
    EXPECT_EQ(canvas.hiddenLeaves(0), 0);  // the root is drawn with its children
    const int before = canvas.nodeCount();
    canvas.centerOn(canvas.nodeScenePos(folded));
    QTest::mouseDClick(canvas.viewport(), Qt::LeftButton, {}, canvas.mapFromScene(canvas.nodeScenePos(folded)));
    EXPECT_EQ(canvas.nodeCount(), before + 2);
    EXPECT_EQ(canvas.hiddenLeaves(folded), 0);
}

// A small tree is shown whole: the automatic limit only cuts what would not be readable.
TEST(TreeCanvas, SmallTreeOpensWhole) {
    const auto model = test::random_model(6);
    TreeCanvas canvas;
    canvas.resize(1400, 1000);
    canvas.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&canvas));
    canvas.showModel(model);
    EXPECT_EQ(canvas.depthLimit(), -1);
    EXPECT_EQ(canvas.nodeCount(), 11);
}

}  // namespace
}  // namespace treelab
