// FigureView offscreen: class paths (000 Fig. 4) and comparisons (000 Fig. 3) of real models,
// counted panel by panel, and exports of exactly the sheet shown, caption with the run card.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include <QFile>
#include <QImage>
#include <QMessageBox>
#include <QSvgRenderer>

#include "core/learners/learner.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"
#include "ui/common/figure_view.h"

namespace treelab {
namespace {

struct Trained {
    std::shared_ptr<const ModelFile> model;
    std::shared_ptr<const PreparedData> data;
};

Trained train_cart(const std::string& file, const std::string& target, const std::string& ccp_alpha = "0") {
    RunConfig config;
    config.data_file = test::dataset(file);
    config.target = target;
    config.method = "cart";
    config.params = ParamValues(find_learner("cart").params);
    config.params.set(find_learner("cart").params, "ccp_alpha", ccp_alpha);
    config.seed = 3;
    RunOutcome outcome = run_training(config);
    return {std::make_shared<const ModelFile>(std::move(outcome.model)), outcome.data};
}

// Every Glass class with rows gets a panel titled with its name; a chosen subset only those.
TEST(FigureView, ClassPathsOnePanelPerClass) {
    const Trained glass = train_cart("glass.csv", "Type");
    FigureView view;
    view.resize(900, 600);
    ASSERT_TRUE(view.showClassPaths(glass.model, glass.data));
    EXPECT_EQ(view.panelCount(), 6) << "Glass has six classes with rows";
    ASSERT_TRUE(view.showClassPaths(glass.model, glass.data, {"1", "7"}, 3));
    ASSERT_EQ(view.panelCount(), 2);
    EXPECT_EQ(view.sheet().panels[0].title, "1");
    EXPECT_EQ(view.sheet().panels[1].title, "7");
    EXPECT_EQ(view.sheet().panels[0].class_index, 0);
    EXPECT_NE(view.sheet().caption.find("treelab-cli train"), std::string::npos);
}

// A regression model has no class paths, and an unknown class is refused: a non-modal dialog each.
TEST(FigureView, ClassPathsRefusedWithADialog) {
    const Trained diabetes = train_cart("diabetes.csv", "progression");
    FigureView view;
    EXPECT_FALSE(view.showClassPaths(diabetes.model, diabetes.data));
    const Trained glass = train_cart("glass.csv", "Type");
    EXPECT_FALSE(view.showClassPaths(glass.model, glass.data, {"no such class"}));
    EXPECT_EQ(view.findChildren<QMessageBox*>().size(), 2);
    EXPECT_EQ(view.panelCount(), 0);
}

// Three trees side by side, each with the given title and "accuracy = …; N empty nodes".
TEST(FigureView, ComparisonShowsEveryTree) {
    const Trained a = train_cart("glass.csv", "Type", "0"), b = train_cart("glass.csv", "Type", "0.01"),
                  c = train_cart("glass.csv", "Type", "0.05");
    FigureView view;
    view.resize(1000, 500);
    ASSERT_TRUE(view.showComparison({{"α = 0", a.model, a.data}, {"α = 0.01", b.model, b.data}, {"", c.model, c.data}}));
    ASSERT_EQ(view.panelCount(), 3);
    EXPECT_EQ(view.sheet().panels[0].title, "α = 0");
    EXPECT_EQ(view.sheet().panels[2].title, "CART α = 0.05") << "no title: the method's name and α";
    for (const TreePicture& tree : view.sheet().panels) {
        EXPECT_EQ(tree.subtitle.rfind("accuracy = ", 0), 0u) << tree.subtitle;
        EXPECT_NE(tree.subtitle.find(" empty node"), std::string::npos);
    }
}

// Export writes the sheet shown: a PNG of the asked size in points at 300 DPI, a PDF, and an SVG
// holding the command.
TEST(FigureView, ExportsTheSheetWithItsRunCard) {
    const Trained glass = train_cart("glass.csv", "Type");
    FigureView view;
    ASSERT_TRUE(view.showClassPaths(glass.model, glass.data, {"1", "2"}));
    test::TempDir dir;
    const QString svg = QString::fromStdString(dir.file("classes.svg").string());
    ASSERT_TRUE(view.exportFigure(svg));
    EXPECT_TRUE(QSvgRenderer(svg).isValid());
    QFile file(svg);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(QString::fromUtf8(file.readAll()).contains(QString::fromStdString(glass.model->card.command_line).toHtmlEscaped()));

    const QString png = QString::fromStdString(dir.file("classes.png").string());
    ASSERT_TRUE(view.exportFigure(png, QSize(800, 500)));
    EXPECT_EQ(QImage(png).size(), QSize(3333, 2083));
    const auto pdf = dir.file("classes.pdf");
    ASSERT_TRUE(view.exportFigure(QString::fromStdString(pdf.string())));
    std::ifstream in(pdf, std::ios::binary);
    std::string head(5, '\0');
    in.read(head.data(), 5);
    EXPECT_EQ(head, "%PDF-");
}

// Zoom is clamped, and fit never goes below the zoom that keeps the node text readable.
TEST(FigureView, ZoomAndFit) {
    const Trained glass = train_cart("glass.csv", "Type");
    FigureView view;
    view.resize(600, 400);
    ASSERT_TRUE(view.showClassPaths(glass.model, glass.data));
    view.setZoom(100.0);
    EXPECT_LE(view.zoom(), 8.0);
    view.setZoom(0.1);
    view.fitToWindow();
    EXPECT_DOUBLE_EQ(view.zoom(), view.readableZoom()) << "six panels do not fit 600 × 400 readably: readable, scrolled";
}

}  // namespace
}  // namespace treelab
