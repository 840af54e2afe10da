// The figures a paper takes from TreeLab, composed from real runs on glass without any widget: a
// run's training curves (an iterative run, GET's starts with α on a right axis, CART's path), a
// sweep's plots and a tree, as SVG and PDF with no raster image and no widget text, captioned with
// the run or the sweep; a PNG at 300 DPI has its size in points × 300 / 72 pixels.
#include <gtest/gtest.h>

#include <QImage>

#include "app/render/figure_file.h"
#include "app/render/history_figure.h"
#include "app/render/model_figures.h"
#include "app/render/sweep_figure.h"
#include "core/error.h"
#include "core/run/sweep.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

RunConfig glass_run(const std::string& method, const std::vector<std::string>& params) {
    return test::dataset_run("glass.csv", "Type", method, params, 7);
}

RunOutcome train_on_glass(const std::string& method, const std::vector<std::string>& params) {
    RunOutcome outcome = run_training(glass_run(method, params));
    add_pruning_curve(outcome);
    return outcome;
}

// Writes `figure` as SVG and PDF and checks both as a paper needs them; returns the SVG's text.
std::string expect_vector_figure(const FigureDrawing& figure, const std::string& name, const std::string& caption_holds) {
    test::TempDir dir;
    const auto svg = dir.file(name + ".svg"), pdf = dir.file(name + ".pdf");
    save_figure(figure, QString::fromStdString(svg.string()));
    save_figure(figure, QString::fromStdString(pdf.string()));
    const std::string svg_text = test::read_file(svg), pdf_bytes = test::read_file(pdf);
    EXPECT_TRUE(svg_text.starts_with("<?xml")) << name;
    EXPECT_TRUE(pdf_bytes.starts_with("%PDF-")) << name;
    EXPECT_EQ(test::raster_images(svg_text), 0) << name << ": an SVG <image>";
    EXPECT_EQ(test::raster_images(pdf_bytes), 0) << name << ": a PDF image XObject";
    EXPECT_EQ(test::widget_text_in(svg_text), "") << name << ": widget text in the figure";
    EXPECT_NE(svg_text.find("<text"), std::string::npos) << name << ": text stays text";
    EXPECT_NE(figure.caption.find(caption_holds), std::string::npos) << figure.caption;
    EXPECT_NE(svg_text.find(caption_holds), std::string::npos) << name << ": the caption is drawn";
    return svg_text;
}

// A LatentTrees run's curves: loss with validation, accuracy, active nodes, captioned with its name
// and run card; a PNG at 300 DPI is the natural size × 300 / 72.
TEST(RunFigures, IterativeRunCurves) {
    const RunOutcome run = train_on_glass("latent", {"depth=3", "epochs=5"});
    const PlotSheet sheet = training_figure(run, "run 1");
    ASSERT_EQ(sheet.groups.size(), 1u) << "one start: no small multiples";
    const std::vector<PlotPanel>& panels = sheet.groups[0].panels;
    ASSERT_EQ(panels.size(), 3u);
    EXPECT_EQ(panels[0].title, "Loss");
    EXPECT_EQ(panels[0].series.size(), 2u) << "train and validation";
    EXPECT_EQ(panels[0].series[1].name, "validation");
    EXPECT_EQ(panels[1].title, "Accuracy");
    EXPECT_EQ(panels[2].title, "Active nodes");
    const std::string svg = expect_vector_figure(figure_drawing(sheet), "curves", "run 1");
    EXPECT_NE(sheet.caption.find("LatentTrees"), std::string::npos) << sheet.caption;
    EXPECT_NE(sheet.caption.find("treelab-cli train"), std::string::npos) << "the run card's command";
    // The method's identifier appears only inside the command that trains the run again (the SVG
    // may break that command's line anywhere, so the caption's text is checked).
    for (std::size_t at = sheet.caption.find("latent"); at != std::string::npos; at = sheet.caption.find("latent", at + 1))
        EXPECT_EQ(sheet.caption.substr(at - 9, 9), "--method ") << sheet.caption;
    for (const PlotPanel& panel : panels) EXPECT_EQ(panel.title.find("latent"), std::string::npos) << panel.title;

    test::TempDir dir;
    const QString png = QString::fromStdString(dir.file("latent.png").string());
    save_figure(sheet, png);
    const QSizeF natural = plot_sheet_size(sheet);
    EXPECT_EQ(QImage(png).size(), QSize(static_cast<int>(std::lround(std::ceil(natural.width()) * 300 / 72.0)),
                                        static_cast<int>(std::lround(std::ceil(natural.height()) * 300 / 72.0))));
}

// GET with three starts: the loss carries α on a right axis and dashed lines where starts begin,
// and one small plot per start follows, titled by start.
TEST(RunFigures, MultiStartSmallMultiples) {
    const RunOutcome run = train_on_glass("get", {"depth=2", "schedule=U(5,25):6,U(50,150):6", "starts=3"});
    const PlotSheet sheet = training_figure(run, "GET run");
    ASSERT_EQ(sheet.groups.size(), 2u);
    const PlotPanel& loss = sheet.groups[0].panels[0];
    EXPECT_EQ(loss.boundaries.size(), 2u) << "two restarts after the first start";
    EXPECT_FALSE(loss.right_label.empty()) << "GET's α on the right axis";
    EXPECT_TRUE(std::any_of(loss.series.begin(), loss.series.end(), [](const PlotSeries& s) { return s.right_axis; }));
    const PlotGroup& starts = sheet.groups[1];
    ASSERT_EQ(starts.panels.size(), 3u);
    EXPECT_TRUE(starts.panels[2].title.starts_with("start 3")) << starts.panels[2].title;
    EXPECT_TRUE(starts.shared_legend && starts.shared_axes);
    const std::string svg = expect_vector_figure(figure_drawing(sheet), "get", "GET run");
    EXPECT_NE(svg.find("start 2"), std::string::npos);
}

// CART's figure is its cost-complexity path: impurity, accuracy on train and test, and leaves
// against the effective α, as steps.
TEST(RunFigures, CartCostComplexityPath) {
    const RunOutcome run = train_on_glass("cart", {});
    const PlotSheet sheet = training_figure(run, "CART run");
    ASSERT_EQ(sheet.groups.size(), 1u);
    const std::vector<PlotPanel>& panels = sheet.groups[0].panels;
    ASSERT_EQ(panels.size(), 3u);
    EXPECT_EQ(panels[0].title, "Cost-complexity path");
    EXPECT_EQ(panels[0].series[0].line, SeriesLine::Steps);
    EXPECT_EQ(panels[0].series[0].x.size(), run.pruning_curve.size());
    EXPECT_EQ(panels[1].series.size(), 2u) << "train and test";
    expect_vector_figure(figure_drawing(sheet), "cart", "CART run");
}

// A LatentTrees λ sweep of 3 values × 2 seeds: the metric against λ (log axis, 0 at the zero decade)
// and against active nodes, mean ± std over seeds, captioned with the sweep, not with any run.
TEST(RunFigures, SweepPlots) {
    SweepConfig config;
    config.base = glass_run("latent", {"depth=2", "epochs=3"});
    config.param = "lambda";
    config.values = {"0", "0.001", "0.1"};
    config.seeds = 2;
    const std::vector<SweepRow> rows = run_sweep(config);
    const std::string metric = sweep_metric(rows);
    EXPECT_EQ(metric, "accuracy");
    const SweepFigureAxis axis = sweep_axis(config.param, rows, config.base.method);
    EXPECT_EQ(axis.label, "Pruning lambda");
    EXPECT_TRUE(axis.log) << "0.001 to 0.1 spans two decades";
    const PlotSheet sheet = sweep_figure(rows, metric, axis, sweep_caption(config, rows, metric));
    ASSERT_EQ(sheet.groups[0].panels.size(), 2u);
    const PlotPanel& by_value = sheet.groups[0].panels[0];
    ASSERT_FALSE(by_value.series.empty());
    EXPECT_EQ(by_value.series[0].x.size(), 3u);
    EXPECT_GT(by_value.x_zero_at, 0.0);
    EXPECT_EQ(by_value.series[0].x[0], by_value.x_zero_at) << "λ = 0 drawn at the zero decade";
    EXPECT_EQ(by_value.series[0].error.size(), 3u) << "± std over the seeds";
    EXPECT_NE(sheet.caption.find("Sweep of Pruning lambda over 3 values"), std::string::npos) << sheet.caption;
    EXPECT_NE(sheet.caption.find("2 seeds"), std::string::npos) << sheet.caption;
    EXPECT_NE(sheet.caption.find("glass.csv"), std::string::npos) << sheet.caption;
    EXPECT_NE(sheet.caption.find("--param lambda=0,0.001,0.1"), std::string::npos) << sheet.caption;
    expect_vector_figure(figure_drawing(sheet), "sweep", "Sweep of Pruning lambda");
    EXPECT_THROW(sweep_figure(rows, "no_such_score", axis, ""), Error);
}

// A tree figure (the Tree tab's export): painted from the tree picture with its fill legend.
TEST(RunFigures, TreeWithLegend) {
    const RunOutcome run = train_on_glass("cart", {"max_depth=3"});
    FigureSheet sheet;
    const Dataset rows = all_rows(*run.data);
    sheet.panels.push_back(comparison_panel(run.model, rows.X, &rows, PictureOptions{}));
    sheet.caption = "Tree of CART run.\n" + run_card_line("CART run", run.model.card);
    const std::string svg = expect_vector_figure(figure_drawing(sheet), "tree", "Tree of CART run");
    EXPECT_NE(svg.find("% of the rows at this depth"), std::string::npos) << "the fill's legend";
}

}  // namespace
}  // namespace treelab
