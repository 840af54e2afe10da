// TreeTab under QT_QPA_PLATFORM=offscreen: hover, click-to-inspect, rows to route, class and row
// highlights and row export on a CART tree trained on Glass.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <QComboBox>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

#include "app/render/node_search.h"
#include "core/analysis/node_rows.h"
#include "core/export/number_text.h"
#include "core/export/path_rule.h"
#include "core/layout/fitting_depth.h"
#include "core/run/training_run.h"
#include "tests/support/big_tree.h"
#include "tests/support/signups_table.h"
#include "tests/support/test_support.h"
#include "ui/tree/class_histogram.h"
#include "ui/tree/node_inspector.h"
#include "ui/tree/tree_canvas.h"
#include "ui/tree/tree_minimap.h"
#include "ui/tree/tree_tab.h"

namespace treelab {
namespace {

// One depth-4 CART run on Glass shared by the tests (fixed split seed: same tree every time).
const RunOutcome& glass_cart() {
    static const RunOutcome run = [] {
        RunConfig config;
        config.data_file = test::dataset("glass.csv");
        config.target = "Type";
        config.method = "cart";
        config.params = method_params("cart", {"max_depth=4"});
        return run_training(config);
    }();
    return run;
}

// A tab showing the whole Glass tree (it opens folded to a readable depth), laid out in a visible
// 1200×800 window and fitted to it.
struct ShownTab {
    TreeTab tab;
    std::shared_ptr<const ModelFile> model = std::make_shared<const ModelFile>(glass_cart().model);
    ShownTab() {
        tab.resize(1200, 800);
        tab.show();
        tab.showModel(model, glass_cart().data);
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&tab));
        tab.canvas()->showWholeTree();
        tab.canvas()->fitToWindow();
    }
    const TreeModel& tree() const { return model->tree; }
    QPoint viewPos(int node) const { return tab.canvas()->mapFromScene(tab.canvas()->nodeScenePos(node)); }
};

// The table rows of all routed rows that pass `node`, straight from core's routing matrix.
std::vector<Eigen::Index> table_rows_through(const TreeModel& tree, const PreparedData& data, RowSet set, int node) {
    const RoutedRows rows = routed_rows(data, set);
    const Eigen::SparseMatrix<double, Eigen::RowMajor> routing = tree.routing_matrix(rows.X);
    std::vector<Eigen::Index> table_rows;
    for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(routing, node); it; ++it)
        table_rows.push_back(rows.table_rows[static_cast<std::size_t>(it.col())]);
    return table_rows;
}

// A GradTree on its default quantile-normal inputs (fixed seeds: the same tree every time).
const RunOutcome& glass_gradtree() {
    static const RunOutcome run = [] {
        RunConfig config;
        config.data_file = test::dataset("glass.csv");
        config.target = "Type";
        config.method = "gradtree";
        config.params = method_params("gradtree", {"depth=3", "epochs=60", "restarts=0"});
        config.seed = 3;
        return run_training(config);
    }();
    return run;
}

// The root's threshold of a quantile-scaled GradTree reads in the data's units in its box, the
// tooltip and the inspector alike: the raw value r with (x ≤ r) == (T(x) ≤ t) for every Glass row,
// not the model's scaled t; the inspector states the tie rule.
TEST(TreeTab, QuantileScaledGradTreeShowsRawThresholds) {
    const RunOutcome& run = glass_gradtree();
    ASSERT_EQ(run.model.pipeline.scaling, Scaling::QuantileNormal);
    TreeTab tab;
    tab.resize(1200, 800);
    tab.show();
    tab.showModel(std::make_shared<const ModelFile>(run.model), run.data);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&tab));
    tab.canvas()->fitToWindow();
    const TreeNode& root = run.model.tree.nodes[0];
    ASSERT_TRUE(root.is_split() && !root.is_oblique());
    const double r = tab.canvas()->displayedTree()->nodes[0].threshold, t = root.threshold;
    FeaturePipeline unscaled = run.model.pipeline;
    unscaled.scaling = Scaling::None;
    const Eigen::MatrixXd raw = unscaled.transform(run.data->table), scaled = run.model.pipeline.transform(run.data->table);
    for (Eigen::Index i = 0; i < raw.rows(); ++i) ASSERT_EQ(raw(i, root.feature) <= r, scaled(i, root.feature) <= t) << i;
    ASSERT_NE(significant_text(r, 4), significant_text(t, 4));

    const std::string feature = run.model.pipeline.feature_names()[static_cast<std::size_t>(root.feature)];
    const QString shown = QString::fromStdString(feature + " ≤ " + significant_text(r, 4));
    EXPECT_EQ(tab.canvas()->nodeRuleText(0), shown);
    const int left = root.left;
    EXPECT_TRUE(tab.canvas()->nodeToolTip(left).contains(shown.toHtmlEscaped())) << tab.canvas()->nodeToolTip(left).toStdString();
    EXPECT_FALSE(tab.canvas()->nodeToolTip(left).contains(QString::fromStdString(significant_text(t, 4))));
    QTest::mouseClick(tab.canvas()->viewport(), Qt::LeftButton, {},
                      tab.canvas()->mapFromScene(tab.canvas()->nodeScenePos(left)));
    ASSERT_TRUE(tab.inspector()->isVisible());
    EXPECT_EQ(tab.inspector()->ruleLabel()->text(), QStringLiteral("Reached by: ") + shown) << tab.inspector()->ruleLabel()->text().toStdString();
    EXPECT_TRUE(tab.inspector()->unitsLabel()->text().contains(QStringLiteral("x ≤ t"))) << tab.inspector()->unitsLabel()->text().toStdString();
}

// A split on a date column reads as a date in its box, the tooltips and the inspector, and Find
// takes the rule typed as shown (the texts are core/export/feature_value_text.h's).
TEST(TreeTab, DateSplitsShowDates) {
    const test::TempDir dir;
    test::write_signups(dir.file("signups.csv"), false);
    const RunOutcome run = run_training(test::signups_run(dir.file("signups.csv")));
    const TreeNode& root = run.model.tree.nodes[0];
    ASSERT_EQ(run.model.pipeline.feature_names()[static_cast<std::size_t>(root.feature)], "signup");
    TreeTab tab;
    tab.resize(1200, 800);
    tab.show();
    tab.showModel(std::make_shared<const ModelFile>(run.model), run.data);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&tab));
    tab.canvas()->fitToWindow();
    EXPECT_EQ(tab.canvas()->nodeRuleText(0), QStringLiteral("signup ≤ 2020-03-14"));
    EXPECT_TRUE(tab.canvas()->nodeToolTip(root.right).contains(QStringLiteral("signup &gt; 2020-03-14")))
        << tab.canvas()->nodeToolTip(root.right).toStdString();
    QTest::mouseClick(tab.canvas()->viewport(), Qt::LeftButton, {}, tab.canvas()->mapFromScene(tab.canvas()->nodeScenePos(root.left)));
    ASSERT_TRUE(tab.inspector()->isVisible());
    EXPECT_EQ(tab.inspector()->ruleLabel()->text(), QStringLiteral("Reached by: signup ≤ 2020-03-14"));
    QTest::keyClicks(tab.searchField(), QStringLiteral("signup <= 2020-03-14"));
    EXPECT_EQ(tab.searchMatches(), (std::vector<int>{0}));
}

// Hovering a node shows its path rule from the root and the rows of each class reaching it.
TEST(TreeTab, HoverShowsPathRuleAndClassCounts) {
    ShownTab shown;
    const int node = shown.tree().nodes[0].right;
    const QString tip = shown.tab.canvas()->nodeToolTip(node);
    const std::string rule = path_rule(shown.tree(), node, shown.model->pipeline.feature_names());
    EXPECT_TRUE(tip.contains(QString::fromStdString(rule).toHtmlEscaped())) << tip.toStdString();
    const NodeRouting& routing = shown.tab.canvas()->routing()->nodes[static_cast<std::size_t>(node)];
    for (Eigen::Index c = 0; c < routing.class_rows.size(); ++c) {
        const QString row = QStringLiteral("<td>%1</td><td align=right>%2</td>")
                                .arg(QString::fromStdString(shown.model->target.class_names[static_cast<std::size_t>(c)]))
                                .arg(routing.class_rows(c));
        EXPECT_TRUE(tip.contains(row)) << row.toStdString();
    }
    QHelpEvent help(QEvent::ToolTip, shown.viewPos(node), shown.tab.canvas()->viewport()->mapToGlobal(shown.viewPos(node)));
    QApplication::sendEvent(shown.tab.canvas()->viewport(), &help);
    EXPECT_TRUE(QToolTip::text().contains(QString::fromStdString(rule).toHtmlEscaped()));
}

// Clicking a node opens the inspector with exactly the rows core routes there, their classes and rule.
TEST(TreeTab, ClickOpensInspectorWithTheNodesRows) {
    ShownTab shown;
    const int node = shown.tree().nodes[static_cast<std::size_t>(shown.tree().nodes[0].left)].left;
    EXPECT_FALSE(shown.tab.inspector()->isVisible());
    QTest::mouseClick(shown.tab.canvas()->viewport(), Qt::LeftButton, {}, shown.viewPos(node));
    ASSERT_TRUE(shown.tab.inspector()->isVisible());
    const InspectedNode& inspected = shown.tab.inspector()->inspected();
    EXPECT_EQ(inspected.node, node);
    EXPECT_EQ(shown.tab.canvas()->inspectedNode(), node);
    const std::vector<Eigen::Index> expected = table_rows_through(shown.tree(), *glass_cart().data, RowSet::All, node);
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(inspected.tableRows, expected);
    EXPECT_EQ(shown.tab.inspector()->rowsView()->model()->rowCount(), static_cast<int>(expected.size()));
    EXPECT_EQ(shown.tab.inspector()->histogram()->counts().sum(), static_cast<int>(expected.size()));
    EXPECT_EQ(shown.tab.inspector()->ruleLabel()->text().toStdString(),
              "Reached by: " + path_rule(shown.tree(), node, shown.model->pipeline.feature_names()));
    // The header is the node's own split, not the condition into it.
    const auto* header = shown.tab.inspector()->findChild<QLabel*>(QStringLiteral("nodeHeader"));
    ASSERT_NE(header, nullptr);
    const std::string own = node_rule(shown.tree(), node, shown.model->pipeline.feature_names(), shown.model->target.class_names);
    EXPECT_EQ(header->text().toStdString(), "Node " + std::to_string(node) + ": " + own);
}

// Routing the test rows instead of all changes the root's count from 214 to the test rows, and an
// open inspector follows.
TEST(TreeTab, RowsToRouteChangeTheCounts) {
    ShownTab shown;
    EXPECT_EQ(shown.tab.canvas()->routing()->nodes[0].rows, 214);
    shown.tab.inspectNode(0);
    shown.tab.rowSetBox()->setCurrentIndex(static_cast<int>(RowSet::Test));
    const Eigen::Index test_rows = glass_cart().data->test.rows();
    ASSERT_GT(test_rows, 0);
    EXPECT_LT(test_rows, 214);
    EXPECT_EQ(shown.tab.canvas()->routing()->nodes[0].rows, test_rows);
    EXPECT_EQ(static_cast<Eigen::Index>(shown.tab.inspector()->inspected().tableRows.size()), test_rows);
    EXPECT_TRUE(shown.tab.canvas()->nodeToolTip(0).contains(QStringLiteral("test rows")));
}

// Highlighting a class marks its main paths and fades the rest; choosing a row marks its path
// from the root to its leaf; "none" restores every node.
TEST(TreeTab, HighlightClassAndRowPathMarkNodes) {
    ShownTab shown;
    TreeCanvas& canvas = *shown.tab.canvas();
    shown.tab.highlightBox()->setCurrentIndex(1);  // the first class
    EXPECT_EQ(canvas.nodeMark(0), NodeMark::ClassPath);
    int faded = 0;
    for (std::size_t t = 0; t < shown.tree().nodes.size(); ++t) {
        const NodeRouting& r = canvas.routing()->nodes[t];
        const NodeMark expected = r.class_share(0) >= TreeCanvas::mainPathShare ? NodeMark::ClassPath : NodeMark::Faded;
        EXPECT_EQ(canvas.nodeMark(static_cast<int>(t)), expected) << t;
        faded += expected == NodeMark::Faded ? 1 : 0;
    }
    EXPECT_GT(faded, 0);
    shown.tab.highlightBox()->setCurrentIndex(0);
    shown.tab.rowBox()->setValue(1);  // the file's first data row
    const RoutedRows all = routed_rows(*glass_cart().data, RowSet::All);
    const auto index = std::find(all.table_rows.begin(), all.table_rows.end(), 0) - all.table_rows.begin();
    const std::vector<int> path = nodes_on_path(shown.tree(), all.X.row(index));
    for (std::size_t t = 0; t < shown.tree().nodes.size(); ++t) {
        const bool on_path = std::find(path.begin(), path.end(), static_cast<int>(t)) != path.end();
        EXPECT_EQ(canvas.nodeMark(static_cast<int>(t)), on_path ? NodeMark::RowPath : NodeMark::Faded) << t;
    }
    EXPECT_TRUE(shown.tab.rowInfo()->text().contains(QStringLiteral("node %1").arg(path.back())));
    shown.tab.rowBox()->setValue(0);
    for (std::size_t t = 0; t < shown.tree().nodes.size(); ++t) EXPECT_EQ(canvas.nodeMark(static_cast<int>(t)), NodeMark::Plain);
}

// "Export these rows" writes a CSV with the header and one line per row reaching the node.
TEST(TreeTab, ExportWritesTheNodesRows) {
    ShownTab shown;
    const int node = shown.tree().nodes[0].right;
    shown.tab.inspectNode(node);
    QTemporaryDir folder;
    const QString file = folder.filePath(QStringLiteral("rows.csv"));
    ASSERT_TRUE(shown.tab.inspector()->exportRows(file));
    std::ifstream in(file.toStdString());
    std::string header, line;
    std::getline(in, header);
    EXPECT_EQ(header.substr(0, 3), "RI,");
    std::size_t lines = 0;
    while (std::getline(in, line)) ++lines;
    EXPECT_EQ(lines, shown.tab.inspector()->inspected().tableRows.size());
    EXPECT_EQ(lines, table_rows_through(shown.tree(), *glass_cart().data, RowSet::All, node).size());
}

// A regression tree (servo) shows the predicted value on hover and a value summary, not a class
// histogram, in the inspector; the class fill and class highlight are unavailable.
TEST(TreeTab, RegressionTreeShowsValues) {
    RunConfig config;
    config.data_file = test::dataset("servo.csv");
    config.target = "Class";
    config.task = Task::Regression;
    config.method = "cart";
    config.params = method_params("cart", {"max_depth=3"});
    const RunOutcome run = run_training(config);
    TreeTab tab;
    tab.showModel(std::make_shared<const ModelFile>(run.model), run.data);
    EXPECT_TRUE(tab.canvas()->nodeToolTip(1).contains(QStringLiteral("predicts")));
    EXPECT_FALSE(tab.highlightBox()->isEnabled());
    tab.inspectNode(1);
    EXPECT_FALSE(tab.inspector()->histogram()->isVisibleTo(tab.inspector()));
    EXPECT_EQ(tab.inspector()->inspected().values.size(),
              static_cast<Eigen::Index>(tab.inspector()->inspected().tableRows.size()));
    EXPECT_GT(tab.inspector()->inspected().values.size(), 0);
}

// A tree of linear leaves (GET-Linear on servo): a leaf's tooltip shows its formula, and a row's
// path reports the tree's prediction for that row (value + k·x), not the leaf's intercept.
TEST(TreeTab, LinearLeavesShowTheirFormula) {
    RunConfig config;
    config.data_file = test::dataset("servo.csv");
    config.target = "Class";
    config.method = "get";
    config.params = method_params("get", {"leaf_model=linear", "depth=2", "schedule=10:5", "starts=1"});
    const RunOutcome run = run_training(config);
    ASSERT_TRUE(run.model.tree.has_linear_leaves());
    TreeTab tab;
    tab.showModel(std::make_shared<const ModelFile>(run.model), run.data);
    const QString tip = tab.canvas()->nodeToolTip(3);
    EXPECT_TRUE(tip.contains(QStringLiteral("predicts"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("·"))) << tip.toStdString();
    tab.rowBox()->setValue(1);
    const RoutedRows all = routed_rows(*run.data, RowSet::All);
    const auto index = std::find(all.table_rows.begin(), all.table_rows.end(), 0) - all.table_rows.begin();
    const double predicted = run.model.tree.predict(all.X.row(index))(0);
    EXPECT_TRUE(tab.rowInfo()->text().endsWith(QStringLiteral("predicts %1").arg(predicted, 0, 'g', 4))) << tab.rowInfo()->text().toStdString();
}

// A tab showing a tree of 30,000 leaves (a CART grown without limit; its whole picture is built
// off the GUI thread), in a visible 1200×800 window.
struct HugeTab {
    TreeTab tab;
    std::shared_ptr<const ModelFile> model = test::random_model(30000);
    HugeTab() {
        tab.resize(1200, 800);
        tab.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&tab));
        tab.showModel(model);
    }
    TreeCanvas& canvas() const { return *tab.canvas(); }
    void waitForPicture() {
        for (int i = 0; i < 3000 && canvas().isBuilding(); ++i) QTest::qWait(10);
        EXPECT_FALSE(canvas().isBuilding());
    }
    // Whether the node's box is in the view, as close to its centre as the scene's edges allow:
    // centred along each axis unless the view is against that edge of the scene.
    bool centred(int node) const {
        const QPointF at = canvas().mapFromScene(canvas().nodeScenePos(node));
        const QRectF view(canvas().viewport()->rect());
        const QRectF shown = canvas().mapToScene(canvas().viewport()->rect()).boundingRect();
        const QRectF scene = canvas().sceneRect();
        const bool x_ok = std::abs(at.x() - view.center().x()) < 3.0 || shown.left() <= scene.left() + 1.0 ||
                          shown.right() >= scene.right() - 1.0;
        const bool y_ok = std::abs(at.y() - view.center().y()) < 3.0 || shown.top() <= scene.top() + 1.0 ||
                          shown.bottom() >= scene.bottom() - 1.0;
        return x_ok && y_ok && view.adjusted(40, 30, -40, -30).contains(at);
    }
};

// The depth box shows the limit chosen to fit; "Whole tree" clears it and every node is drawn.
TEST(TreeTab, WholeTreeButtonShowsEveryNode) {
    HugeTab huge;
    const int depth = huge.canvas().depthLimit();
    ASSERT_GT(depth, 0);
    EXPECT_EQ(huge.tab.depthBox()->value(), depth);
    EXPECT_LT(huge.canvas().nodeCount(), static_cast<int>(huge.model->tree.nodes.size()));
    QTest::mouseClick(huge.tab.wholeTreeButton(), Qt::LeftButton);
    huge.waitForPicture();
    EXPECT_EQ(huge.canvas().nodeCount(), static_cast<int>(huge.model->tree.nodes.size()));
    EXPECT_EQ(huge.canvas().depthLimit(), -1);
    EXPECT_EQ(huge.tab.depthBox()->value(), 0);  // "all"
    huge.tab.depthBox()->setValue(depth);        // and the box still drives the canvas
    EXPECT_EQ(huge.canvas().depthLimit(), depth);
}

// Typing a feature finds every split on it, shallowest first, and centres the first match.
TEST(TreeTab, SearchFindsNodesByFeature) {
    HugeTab huge;
    QTest::keyClicks(huge.tab.searchField(), "mg");  // case-insensitive
    const std::vector<int>& matches = huge.tab.searchMatches();
    ASSERT_FALSE(matches.empty());
    for (const int node : matches) EXPECT_EQ(huge.model->tree.nodes[static_cast<std::size_t>(node)].feature, 2) << node;
    EXPECT_EQ(huge.canvas().searchHit(), matches.front());
    EXPECT_TRUE(huge.centred(matches.front()));
    EXPECT_TRUE(huge.tab.searchInfo()->text().startsWith(QStringLiteral("1 of")));
}

// A rule typed as "<=" finds the node showing "≤"; the deepest match, beyond the depth limit, is
// unfolded (its path only: the limit stays), outlined and centred at a readable zoom; ▶ moves on.
TEST(TreeTab, SearchByRuleUnfoldsAndCentresADeepNode) {
    HugeTab huge;
    const TreeModel& tree = huge.model->tree;
    const int depth = huge.canvas().depthLimit();
    int deep = 0;
    for (std::size_t t = 0; t < tree.nodes.size(); ++t)
        if (tree.nodes[t].is_split() && tree.nodes[t].depth > tree.nodes[static_cast<std::size_t>(deep)].depth) deep = static_cast<int>(t);
    ASSERT_GT(tree.nodes[static_cast<std::size_t>(deep)].depth, depth + 2);
    QString rule = QString::fromStdString(node_rule(tree, deep, huge.model->pipeline.feature_names(), {}));
    rule.replace(QStringLiteral("≤"), QStringLiteral("<="));
    QTest::keyClicks(huge.tab.searchField(), rule);
    const std::vector<int> matches = huge.tab.searchMatches();
    ASSERT_FALSE(matches.empty());
    EXPECT_NE(std::find(matches.begin(), matches.end(), deep), matches.end());
    QTest::mouseClick(huge.tab.previousMatchButton(), Qt::LeftButton);  // wraps to the deepest
    const int hit = matches.back();
    EXPECT_EQ(huge.canvas().searchHit(), hit);
    EXPECT_GE(tree.nodes[static_cast<std::size_t>(hit)].depth, tree.nodes[static_cast<std::size_t>(deep)].depth);
    EXPECT_FALSE(std::isnan(huge.canvas().nodeScenePos(hit).x()));  // drawn
    for (int up = tree.nodes[static_cast<std::size_t>(hit)].parent; up >= 0; up = tree.nodes[static_cast<std::size_t>(up)].parent)
        EXPECT_FALSE(std::isnan(huge.canvas().nodeScenePos(up).x())) << up;
    EXPECT_TRUE(huge.centred(hit));
    EXPECT_GE(huge.canvas().zoom(), TreeCanvas::textZoom);
    EXPECT_EQ(huge.canvas().depthLimit(), depth);
    EXPECT_LT(huge.canvas().nodeCount(), static_cast<int>(tree.nodes.size()) / 10);
    if (matches.size() > 1) {
        QTest::mouseClick(huge.tab.nextMatchButton(), Qt::LeftButton);  // wraps to the first
        EXPECT_EQ(huge.canvas().searchHit(), matches.front());
    }
}

// With part of the tree out of view the overview shows; a click on it centres the view there.
TEST(TreeTab, MinimapClickMovesTheView) {
    HugeTab huge;
    QTest::mouseClick(huge.tab.wholeTreeButton(), Qt::LeftButton);
    huge.waitForPicture();
    huge.canvas().setTransform(QTransform());  // 100 %: a small part of the tree in view
    huge.canvas().centerOnScenePoint(huge.canvas().nodeScenePos(0));
    TreeMinimap* minimap = huge.canvas().minimap();
    ASSERT_TRUE(minimap->isVisible());
    const QPoint click(minimap->width() / 4, minimap->height() / 2);
    const QPointF target = minimap->scenePointAt(click);
    const QPointF before = huge.canvas().mapToScene(huge.canvas().viewport()->rect().center());
    EXPECT_GT(std::abs(before.x() - target.x()), 1000.0);
    QTest::mouseClick(minimap, Qt::LeftButton, {}, click);
    const QPointF after = huge.canvas().mapToScene(huge.canvas().viewport()->rect().center());
    EXPECT_NEAR(after.x(), target.x(), 2.0);
    EXPECT_NEAR(after.y(), target.y(), 2.0);
}

// A model shown while the Tree tab is not the current one (its canvas has no real size yet, as
// after training on the Training tab) gets the depth that fits once the tab is shown.
TEST(TreeTab, TreeShownWhileHiddenGetsItsDepthWhenShown) {
    QTabWidget tabs;
    tabs.addTab(new QWidget, QStringLiteral("Training"));
    auto* tab = new TreeTab;
    tabs.addTab(tab, QStringLiteral("Tree"));
    tabs.resize(1200, 800);
    tabs.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&tabs));
    tab->showModel(test::random_model(30000));
    tabs.setCurrentIndex(1);
    QTest::qWait(50);
    const int depth = tab->canvas()->depthLimit();
    EXPECT_GT(depth, 1) << "a hidden canvas's size fits only the root and its children";
    EXPECT_EQ(tab->depthBox()->value(), depth);
    EXPECT_GE(tab->canvas()->zoom(), tab->canvas()->readableZoom() - 1e-9);
}

}  // namespace
}  // namespace treelab
