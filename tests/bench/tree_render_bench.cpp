// Time to lay out and paint complete trees of depth 10 (2,047 nodes) and 12 (8,191), and the
// frame time of the Tree tab's canvas while panning a depth-10 tree (the aim: < 16 ms),
// offscreen; and the same for a tree of a full CART's size on a million rows (173,435 leaves).
// Google Benchmark; run ./build/tree_render_bench.
#include <chrono>
#include <cmath>

#include <benchmark/benchmark.h>
#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QScrollBar>

#include "app/render/node_search.h"
#include "app/render/tree_painter.h"
#include "app/render/tree_picture.h"
#include "core/layout/fitting_depth.h"
#include "core/layout/tree_layout.h"
#include "tests/support/big_tree.h"
#include "ui/tree/tree_canvas.h"

namespace treelab {
namespace {

// A complete depth-D tree with axis-aligned splits on 8 named features, 3 classes, the rows of
// each node split 70/30, and every fifth subtree at depth 4 pruned (ghosts to paint as well).
TreeModel complete_tree(int depth) {
    TreeModel tree;
    tree.feature_names = {"RI", "Na", "Mg", "Al", "Si", "K", "Ca", "Ba"};
    tree.class_names = {"a", "b", "c"};
    const int count = (2 << depth) - 1;
    tree.nodes.resize(static_cast<std::size_t>(count));
    for (int t = 0; t < count; ++t) {
        TreeNode& node = tree.nodes[static_cast<std::size_t>(t)];
        if (t > 0) {
            node.parent = (t - 1) / 2;
            const TreeNode& parent = tree.nodes[static_cast<std::size_t>(node.parent)];
            node.depth = parent.depth + 1;
            node.samples = parent.samples * (t % 2 == 1 ? 0.7 : 0.3);
            node.pruned = parent.pruned || (node.depth == 4 && t % 5 == 0);
        } else {
            node.samples = 100000.0;
        }
        node.distribution = Eigen::Vector3d(0.5, 0.3, 0.2);
        if (2 * t + 2 < count) {
            node.left = 2 * t + 1;
            node.right = 2 * t + 2;
            node.feature = t % 8;
            node.threshold = 0.001 * t;
        }
    }
    return tree;
}

void BM_Layout(benchmark::State& state) {
    const TreeModel tree = complete_tree(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(layout_tree(tree));
    state.counters["nodes"] = static_cast<double>(tree.nodes.size());
}
BENCHMARK(BM_Layout)->Arg(10)->Arg(12)->Unit(benchmark::kMillisecond);

// Layout plus every node's look (rules, shares, fills): what a new model costs before painting.
void BM_Picture(benchmark::State& state) {
    const TreeModel tree = complete_tree(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(make_tree_picture(tree, nullptr, {}));
}
BENCHMARK(BM_Picture)->Arg(10)->Arg(12)->Unit(benchmark::kMillisecond);

// The whole tree painted with full detail (text, class bars, edges) into a 4096-pixel-wide image.
void BM_PaintAll(benchmark::State& state) {
    const TreePicture picture = make_tree_picture(complete_tree(static_cast<int>(state.range(0))), nullptr, {});
    const double scale = 4096.0 / picture.layout.width;
    QImage image(4096, static_cast<int>(std::ceil(scale * picture.layout.height)), QImage::Format_ARGB32_Premultiplied);
    for (auto _ : state) {
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.scale(scale, scale);
        paint_tree(painter, picture);
    }
}
BENCHMARK(BM_PaintAll)->Arg(10)->Arg(12)->Unit(benchmark::kMillisecond);

// One frame of the canvas (1280×800) while panning: the view scrolls 40 pixels and its whole
// viewport is painted again into an image (a worst case: on screen Qt blits the old pixels and
// paints only the uncovered strip). range(1) = 100 at readable zoom (100 %, text drawn), 0 fitted
// to the window (every node in view, boxes only).
// One frame per iteration while panning: the view scrolls 40 pixels (back at either end) and the
// whole viewport repaints into an image.
void pan_frames(benchmark::State& state, TreeCanvas& canvas) {
    QScrollBar* bar = canvas.horizontalScrollBar();
    QImage frame(canvas.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    int step = 40;
    for (auto _ : state) {
        if (bar->value() + step > bar->maximum() || bar->value() + step < bar->minimum()) step = -step;
        bar->setValue(bar->value() + step);
        frame.fill(Qt::white);
        QPainter painter(&frame);
        canvas.render(&painter);
    }
    state.counters["nodes"] = canvas.nodeCount();
}

void BM_CanvasPan(benchmark::State& state) {
    auto model = std::make_shared<ModelFile>();
    model->tree = complete_tree(static_cast<int>(state.range(0)));
    for (const std::string& name : model->tree.feature_names) {
        InputColumn column;
        column.name = name;
        model->pipeline.inputs.push_back(column);
    }
    TreeCanvas canvas;
    canvas.resize(1280, 800);
    canvas.showModel(model);
    canvas.showWholeTree();  // the whole tree, not the depth that fits
    if (state.range(1) == 100) canvas.setTransform(QTransform());
    pan_frames(state, canvas);
}
BENCHMARK(BM_CanvasPan)->Args({10, 100})->Args({10, 0})->Args({12, 100})->Args({12, 0})->Unit(benchmark::kMillisecond);

// The leaves of a full CART on 1,000,000 rows, as a tree of that size (346,869 nodes).
constexpr int kHugeLeaves = 173435;

// Lets the canvas's worker thread finish the picture and its result arrive.
void wait_for_picture(const TreeCanvas& canvas) {
    while (canvas.isBuilding()) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

const std::shared_ptr<const ModelFile>& huge_model() {
    static const std::shared_ptr<const ModelFile> model = test::random_model(kHugeLeaves);
    return model;
}

// The whole huge tree's layout, and its picture (layout + every node's look).
void BM_HugeLayout(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(layout_tree(huge_model()->tree));
    state.counters["nodes"] = static_cast<double>(huge_model()->tree.nodes.size());
    state.counters["height"] = tree_height(huge_model()->tree);
}
BENCHMARK(BM_HugeLayout)->Unit(benchmark::kMillisecond);

void BM_HugePicture(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(make_tree_picture(*huge_model(), nullptr, {}));
}
BENCHMARK(BM_HugePicture)->Unit(benchmark::kMillisecond);

// The depth chosen to fit a 1280×800 window at the text zoom (layouts of the whole tree and of
// each depth until one no longer fits).
void BM_HugeFittingDepth(benchmark::State& state) {
    int depth = 0;
    for (auto _ : state)
        depth = fitting_depth(huge_model()->tree, layout_options({}), [](const TreeLayout& layout) {
            return fits_window(layout, 1280.0, 800.0, TreeCanvas::textZoom);
        });
    state.counters["depth"] = depth;
}
BENCHMARK(BM_HugeFittingDepth)->Unit(benchmark::kMillisecond);

// Time to first frame: a 1280×800 canvas shows the huge model (depth chosen to fit, picture,
// scene) and paints its viewport once.
void BM_HugeFirstFrame(benchmark::State& state) {
    TreeCanvas canvas;
    canvas.resize(1280, 800);
    QImage frame(canvas.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    for (auto _ : state) {
        canvas.showModel(huge_model());
        frame.fill(Qt::white);
        QPainter painter(&frame);
        canvas.render(&painter);
    }
    state.counters["nodes"] = canvas.nodeCount();
    state.counters["depth"] = canvas.depthLimit();
}
BENCHMARK(BM_HugeFirstFrame)->Unit(benchmark::kMillisecond);

// One frame while panning the whole huge tree (Whole tree button): range(0) = 0 fitted to the
// window, else the zoom in percent (2: boxes 3 pixels wide, every level in view; 10: boxes
// 15 pixels wide, no text); as BM_CanvasPan, the whole viewport is repainted into an image.
void BM_HugeCanvasPan(benchmark::State& state) {
    TreeCanvas canvas;
    canvas.resize(1280, 800);
    canvas.showModel(huge_model());
    canvas.showWholeTree();
    wait_for_picture(canvas);
    if (state.range(0) > 0) {  // among the deep levels, where boxes are densest
        canvas.setTransform(QTransform::fromScale(state.range(0) / 100.0, state.range(0) / 100.0));
        canvas.centerOn(canvas.nodeScenePos(static_cast<int>(huge_model()->tree.nodes.size() / 2)));
    }
    pan_frames(state, canvas);
}
BENCHMARK(BM_HugeCanvasPan)->Arg(0)->Arg(2)->Arg(10)->Arg(100)->Unit(benchmark::kMillisecond);

// "Whole tree" on the huge tree: the time the GUI thread is busy in the click (the picture is
// built on a worker thread), and as `ready_ms` the time until the whole tree is on screen.
void BM_HugeWholeTree(benchmark::State& state) {
    TreeCanvas canvas;
    canvas.resize(1280, 800);
    QImage frame(canvas.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    double ready = 0.0;
    for (auto _ : state) {
        state.PauseTiming();
        canvas.showModel(huge_model());
        state.ResumeTiming();
        const auto start = std::chrono::steady_clock::now();
        canvas.showWholeTree();
        state.PauseTiming();
        wait_for_picture(canvas);
        QPainter painter(&frame);
        canvas.render(&painter);
        ready += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        state.ResumeTiming();
    }
    state.counters["ready_ms"] = benchmark::Counter(ready, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_HugeWholeTree)->Unit(benchmark::kMillisecond)->Iterations(5);

// Find: the nodes whose rule holds "Mg" (a feature: 21,000 splits) and "Mg ≤ 4.2" (a rule), as
// each keystroke in the Tree tab's search field runs it.
void BM_HugeSearch(benchmark::State& state) {
    const std::string query = state.range(0) == 0 ? "Mg" : "Mg <= 4.2";
    std::size_t found = 0;
    for (auto _ : state)
        found = find_nodes(huge_model()->tree, huge_model()->pipeline.feature_names(), huge_model()->target.class_names, NodeQuery{query}).size();
    state.counters["found"] = static_cast<double>(found);
}
BENCHMARK(BM_HugeSearch)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// Zooming: one wheel notch in or out (alternately) under the view's centre, then a full frame.
void BM_HugeCanvasZoom(benchmark::State& state) {
    TreeCanvas canvas;
    canvas.resize(1280, 800);
    canvas.showModel(huge_model());
    canvas.showWholeTree();
    wait_for_picture(canvas);
    if (state.range(0) == 100) {
        canvas.setTransform(QTransform());
        canvas.centerOn(canvas.nodeScenePos(static_cast<int>(huge_model()->tree.nodes.size() / 2)));
    }
    QImage frame(canvas.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    bool in = true;
    for (auto _ : state) {
        const double factor = in ? 1.2 : 1.0 / 1.2;
        canvas.scale(factor, factor);
        in = !in;
        frame.fill(Qt::white);
        QPainter painter(&frame);
        canvas.render(&painter);
    }
}
BENCHMARK(BM_HugeCanvasZoom)->Arg(0)->Arg(2)->Arg(10)->Arg(100)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace treelab

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication application(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
