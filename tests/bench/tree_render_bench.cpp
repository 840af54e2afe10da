// Time to lay out and paint complete trees of depth 10 (2,047 nodes) and 12 (8,191), and the
// frame time of the Tree tab's canvas while panning a depth-10 tree (issue 7 aims at < 16 ms),
// offscreen. Google Benchmark; run ./build/tree_render_bench.
#include <cmath>

#include <benchmark/benchmark.h>
#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QScrollBar>

#include "app/render/tree_painter.h"
#include "app/render/tree_picture.h"
#include "core/layout/tree_layout.h"
#include "ui/tree_canvas.h"

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
    if (state.range(1) == 100) canvas.setTransform(QTransform());
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
BENCHMARK(BM_CanvasPan)->Args({10, 100})->Args({10, 0})->Args({12, 100})->Args({12, 0})->Unit(benchmark::kMillisecond);

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
