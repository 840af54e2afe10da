// Readable at first sight, in the user's words: node text at least the platform's small font on a
// tree's first view, Whole tree and Compare trees legible (or saying why), Results and Compare in
// form labels and metric names, no "+0 leaves", and a main window that fits a 1366 × 768 screen.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <QBuffer>
#include <QDialog>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSvgGenerator>
#include <QTableWidget>
#include <QTest>

#include "app/render/tree_painter.h"
#include "app/render/tree_picture.h"
#include "core/learners/learner.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/common/figure_view.h"
#include "ui/common/readable_text.h"
#include "ui/common/window_size.h"
#include "ui/data/split_editor.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/results/results_panel.h"
#include "ui/tree/tree_canvas.h"
#include "ui/tree/tree_tab.h"

namespace treelab {
namespace {

// A run on glass with `assignments` typed over the method's defaults.
std::shared_ptr<const RunOutcome> train_glass(const std::string& method, const std::vector<std::string>& assignments) {
    return std::make_shared<const RunOutcome>(run_training(test::dataset_run("glass.csv", "Type", method, assignments, 3)));
}

std::shared_ptr<const ModelFile> model_of(const std::shared_ptr<const RunOutcome>& outcome) {
    return std::shared_ptr<const ModelFile>(outcome, &outcome->model);
}

void wait_for_picture(const TreeCanvas& canvas) {
    for (int i = 0; i < 600 && canvas.isBuilding(); ++i) QTest::qWait(10);
}

// Every node of an unlimited CART on glass: 60-odd leaves, far too wide for a window.
std::shared_ptr<const RunOutcome> deep_cart(const std::string& alpha = "0") {
    return train_glass("cart", {"max_depth=0", "ccp_alpha=" + alpha});
}

// The first view of each learner's glass tree draws the nodes' smallest text at least at the
// platform's small font size, and the drawn tree fills at least 60 % of the canvas's width or height.
TEST(Readability, FirstViewOfEveryLearnersTreeIsReadable) {
    for (const LearnerInfo& learner : learners()) {
        std::vector<std::string> settings = learner.quick_params;
        if (learner.name == "cart") settings = {"max_depth=0"};  // the deepest tree: folded to fit
        const auto outcome = train_glass(learner.name, settings);
        TreeCanvas canvas;
        canvas.resize(1000, 640);
        canvas.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&canvas));
        canvas.showModel(model_of(outcome), outcome->data);
        wait_for_picture(canvas);
        const double small = smallFontPixels(&canvas);
        EXPECT_GE(canvas.zoom() * node_text_size(NodeDetail::Full), small - 1e-9)
            << learner.name << ": zoom " << canvas.zoom() << ", small font " << small << " px";
        const QSizeF drawn = canvas.sceneRect().size() * canvas.zoom();
        const QSizeF room = canvas.viewport()->size();
        EXPECT_GE(std::max(drawn.width() / room.width(), drawn.height() / room.height()), 0.6)
            << learner.name << ": the tree uses " << drawn.width() << " × " << drawn.height() << " of " << room.width()
            << " × " << room.height();
    }
}

// Whole tree on a tree too wide to read fitted shows every node at a readable zoom and says so.
TEST(Readability, WholeTreeIsReadableOrSaysWhy) {
    const auto outcome = deep_cart();
    TreeTab tab;
    tab.resize(1000, 640);
    tab.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&tab));
    tab.showModel(model_of(outcome), outcome->data);
    wait_for_picture(*tab.canvas());
    ASSERT_GT(tab.canvas()->depthLimit(), 0) << "the deep tree opens folded";
    QTest::mouseClick(tab.wholeTreeButton(), Qt::LeftButton);
    wait_for_picture(*tab.canvas());
    EXPECT_EQ(tab.canvas()->depthLimit(), -1);
    EXPECT_EQ(tab.canvas()->nodeCount(), static_cast<int>(outcome->model.tree.nodes.size()));
    EXPECT_GE(tab.canvas()->zoom() * node_text_size(NodeDetail::Full), smallFontPixels(tab.canvas()) - 1e-9);
    const QRectF shown = tab.canvas()->mapToScene(tab.canvas()->viewport()->rect()).boundingRect();
    if (!shown.contains(tab.canvas()->sceneRect())) {
        EXPECT_FALSE(tab.canvas()->legibilityNote().isEmpty());
        auto* note = tab.canvas()->findChild<QLabel*>(QStringLiteral("legibilityNote"));
        ASSERT_NE(note, nullptr);
        EXPECT_TRUE(note->isVisible());
        EXPECT_TRUE(note->text().contains("readable"));
    }
    // Fit shows it all, however small, and the note goes.
    for (QPushButton* button : tab.findChildren<QPushButton*>())
        if (button->text() == "Fit") QTest::mouseClick(button, Qt::LeftButton);
    EXPECT_TRUE(tab.canvas()->mapToScene(tab.canvas()->viewport()->rect()).boundingRect().contains(tab.canvas()->sceneRect()));
    EXPECT_TRUE(tab.canvas()->legibilityNote().isEmpty());
}

QPushButton* button_named(QWidget* parent, const QString& text) {
    for (QPushButton* button : parent->findChildren<QPushButton*>())
        if (button->text() == text) return button;
    return nullptr;
}

// Nine depth-6 LatentTrees trees of a λ sweep (64 leaf places each, too wide to read side by side)
// open legible (cut at a depth that fits, "+N" below the cut); zoomed out to the smallest zoom,
// Fit brings them back to a readable zoom.
TEST(Readability, CompareTreesOpensLegibleAndFitZoomsBackIn) {
    std::vector<ComparedTree> trees;
    for (const char* lambda : {"0", "0.0001", "0.001", "0.003", "0.01", "0.03", "0.1", "0.3", "1"}) {
        const auto outcome = train_glass("latent", {"depth=6", "epochs=2", std::string("lambda=") + lambda});
        trees.push_back({QStringLiteral("λ = %1").arg(lambda), model_of(outcome), outcome->data});
    }
    FigureView* view = FigureView::openWindow(nullptr, "Trees");
    ASSERT_TRUE(view->showComparison(trees));
    const double small = smallFontPixels(view);
    EXPECT_GE(view->zoom() * node_text_size(NodeDetail::Compact), small - 1e-9) << "zoom " << view->zoom();
    EXPECT_GE(view->sheet().panels.front().options.max_depth, 1) << "cut to a depth that fits one tree per row";
    EXPECT_NE(view->sheet().caption.find("cut below depth"), std::string::npos);

    QPushButton* out = button_named(view, "−");
    QPushButton* fit = button_named(view, "Fit");
    ASSERT_TRUE(out && fit);
    for (int i = 0; i < 30; ++i) QTest::mouseClick(out, Qt::LeftButton);
    const double zoomedOut = view->zoom();
    EXPECT_LT(zoomedOut * node_text_size(NodeDetail::Compact), small);
    QTest::mouseClick(fit, Qt::LeftButton);
    EXPECT_GT(view->zoom(), zoomedOut);
    EXPECT_GE(view->zoom() * node_text_size(NodeDetail::Compact), small - 1e-9);
    view->window()->close();
}

QTableWidget* results_list(ResultsPanel& panel) { return panel.findChild<QTableWidget*>(QStringLiteral("resultList")); }

// The Parameters column names what differs from the defaults with the form's label, and says
// "defaults" only for a run at the defaults; train times read "12 ms", never "0.000109 s".
TEST(Readability, ResultsParametersNameWhatDiffers) {
    ResultsPanel panel;
    panel.addRun("deep", train_glass("cart", {"max_depth=4"}));
    panel.addRun("plain", train_glass("cart", {}));
    QTableWidget* list = results_list(panel);
    ASSERT_NE(list, nullptr);
    EXPECT_EQ(list->item(0, 2)->text(), "Max depth 4");
    EXPECT_EQ(list->item(1, 2)->text(), "defaults");
    for (int row = 0; row < 2; ++row) {
        const QString time = list->item(row, 4)->text();
        EXPECT_TRUE(time.endsWith(" ms") || time.endsWith(" s")) << time.toStdString();
        EXPECT_FALSE(time.contains('e')) << time.toStdString();
    }
}

// The Compare dialog labels its rows with metric names and shows method names and whole numbers,
// never a snake_case key, a method id or "6e+04".
TEST(Readability, CompareDialogSpeaksTheUsersWords) {
    ResultsPanel panel;
    panel.addRun("latent", train_glass("latent", find_learner("latent").quick_params));
    panel.addRun("cart", train_glass("cart", {"max_depth=4"}));
    QDialog* dialog = panel.compareRuns(0, 1);
    ASSERT_NE(dialog, nullptr);
    auto* table = dialog->findChild<QTableWidget*>(QStringLiteral("comparison"));
    ASSERT_NE(table, nullptr);
    QStringList labels;
    for (int row = 0; row < table->rowCount(); ++row) {
        const QString label = table->verticalHeaderItem(row)->text();
        labels << label;
        EXPECT_FALSE(label.contains('_')) << label.toStdString();
        for (int column = 0; column < 2; ++column) {
            const QString cell = table->item(row, column)->text();
            EXPECT_FALSE(cell.contains('_') || cell.contains("e+") || cell.contains("e-")) << cell.toStdString();
            for (const LearnerInfo& learner : learners()) EXPECT_NE(cell, QString::fromStdString(learner.name));
        }
    }
    EXPECT_TRUE(labels.contains("Train log loss")) << labels.join(" | ").toStdString();
    for (const char* label : {"Method", "Parameters", "Epochs"}) ASSERT_TRUE(labels.contains(label)) << label;
    EXPECT_EQ(table->item(labels.indexOf("Method"), 0)->text(), "LatentTrees");
    EXPECT_EQ(table->item(labels.indexOf("Parameters"), 1)->text(), "Max depth 4");
    EXPECT_EQ(table->item(labels.indexOf("Epochs"), 0)->text(), "5");
    dialog->close();
}

// The text a picture paints, read back from an SVG.
QString painted_text(const TreePicture& picture) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(QSize(int(picture.layout.width) + 200, int(picture.layout.height) + 100));
    QPainter painter(&svg);
    paint_tree(painter, picture);
    painter.end();
    return QString::fromUtf8(buffer.data());
}

// A folded subtree that no row reaches (a pruned node with children) shows no "+0 leaves"; a
// folded subtree with leaves still says how many.
TEST(Readability, GhostSubtreeShowsNoZeroLeaves) {
    const auto outcome = deep_cart("0.01");
    const TreeModel& tree = outcome->model.tree;
    int ghost = -1;
    for (int node = 0; node < static_cast<int>(tree.nodes.size()) && ghost < 0; ++node)
        if (tree.nodes[static_cast<std::size_t>(node)].pruned && tree.nodes[static_cast<std::size_t>(node)].is_split()) ghost = node;
    ASSERT_GE(ghost, 0) << "α = 0.01 prunes a subtree of at least two levels";
    std::vector<int> above;  // the ghost's ancestors: folding one would hide it
    for (int up = tree.nodes[static_cast<std::size_t>(ghost)].parent; up >= 0; up = tree.nodes[static_cast<std::size_t>(up)].parent)
        above.push_back(up);
    int kept = -1;
    for (int node = 1; node < static_cast<int>(tree.nodes.size()) && kept < 0; ++node) {
        const TreeNode& n = tree.nodes[static_cast<std::size_t>(node)];
        if (!n.pruned && n.is_split() && !tree.stops_at(node) && std::find(above.begin(), above.end(), node) == above.end() &&
            std::find(above.begin(), above.end(), n.parent) != above.end())
            kept = node;  // a sibling branch of the ghost's path
    }
    ASSERT_GE(kept, 0);
    PictureOptions options;
    options.collapsed = {ghost, kept};
    const TreePicture picture = make_tree_picture(outcome->model, nullptr, options);
    ASSERT_NE(picture.layout.box(ghost), nullptr);
    ASSERT_TRUE(picture.layout.box(ghost)->folded);
    const QString text = painted_text(picture);
    EXPECT_FALSE(text.contains("+0 leaves"));
    EXPECT_TRUE(text.contains(" leaves") || text.contains(" leaf")) << "the kept subtree's fold still counts its leaves";
}

// Whether every pixel of `widget` shows: inside each ancestor's rectangle up to the window.
bool fully_shown(const QWidget* widget) {
    if (!widget || !widget->isVisible()) return false;
    const QRect rect(widget->mapTo(widget->window(), QPoint(0, 0)), widget->size());
    for (const QWidget* up = widget->parentWidget(); up; up = up->parentWidget())
        if (!QRect(up->mapTo(widget->window(), QPoint(0, 0)), up->size()).contains(rect)) return false;
    return true;
}

// The scroll area holding `widget`, or null.
const QScrollArea* scroll_area_of(const QWidget* widget) {
    for (const QWidget* up = widget->parentWidget(); up; up = up->parentWidget())
        if (const auto* area = qobject_cast<const QScrollArea*>(up)) return area;
    return nullptr;
}

// At the size a 1366 × 768 screen gets, with glass loaded, the split editor and the Train button
// are wholly on screen for every method, and the method form's last row is too, or its scroll
// area shows a scroll bar.
TEST(Readability, DefaultWindowFitsA1366By768Screen) {
    MainWindow window;
    const QSize size = default_window_size(QSize(1366, 768));
    EXPECT_LE(size.height(), 768);
    window.resize(size);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    EXPECT_TRUE(fully_shown(window.findChild<SplitEditor*>())) << "the split, without scrolling the data panel";
    for (const LearnerInfo& learner : learners()) {
        window.methodPanel()->setMethod(QString::fromStdString(learner.name));
        QTest::qWait(20);
        EXPECT_TRUE(fully_shown(button_named(&window, "&Train"))) << learner.name;
        const QWidget* last = window.methodPanel()->findChild<QWidget*>(QString::fromStdString(learner.params.back().name));
        ASSERT_NE(last, nullptr) << learner.name;
        const QScrollArea* area = scroll_area_of(last);
        const bool scrolls = area && area->verticalScrollBar()->isVisible() && area->verticalScrollBar()->maximum() > 0;
        EXPECT_TRUE(fully_shown(last) || scrolls) << learner.name << ": its last row is clipped without a scroll bar";
    }
}

}  // namespace
}  // namespace treelab
