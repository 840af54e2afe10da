// The one-row form (Run > Predict one row): prefilled with a row of the data, and a value typed
// into a field lights on the canvas the path TreeModel::route gives for the typed row.
#include <gtest/gtest.h>

#include <cmath>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

#include "core/analysis/node_rows.h"
#include "core/run/row_set.h"
#include "core/run/training_run.h"
#include "tests/support/workbench_steps.h"
#include "ui/tree/row_form.h"
#include "ui/tree/tree_canvas.h"
#include "ui/tree/tree_tab.h"

namespace treelab {
namespace {

// Every node from the root to where `tree` routes `x` is marked as the row's path, and only those.
void expectPathLit(const TreeCanvas& canvas, const TreeModel& tree, const Eigen::RowVectorXd& x) {
    const int stop = tree.route(x)(0);
    std::vector<int> expected;
    for (int node = stop; node >= 0; node = tree.nodes[static_cast<std::size_t>(node)].parent) expected.insert(expected.begin(), node);
    for (int node = 0; node < static_cast<int>(tree.nodes.size()); ++node) {
        const bool onPath = std::find(expected.begin(), expected.end(), node) != expected.end();
        if (canvas.nodeScenePos(node).x() != canvas.nodeScenePos(node).x()) continue;  // not drawn
        EXPECT_EQ(canvas.nodeMark(node) == NodeMark::RowPath, onPath) << "node " << node;
    }
}

TEST(RowForm, TypedValueLightsThePathRouteGives) {
    auto outcome = std::make_shared<const RunOutcome>(run_training(test::dataset_run("glass.csv", "Type", "cart", {"max_depth=4"})));
    MainWindow window;
    window.show();
    window.resultsPanel()->addRun("1 cart", outcome);
    ASSERT_TRUE(test::choose_from_menu(window, window.findChild<QAction*>("predictOneRow")));
    RowForm* form = window.treeTab()->rowForm();
    ASSERT_TRUE(form);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(form));
    EXPECT_EQ(window.tabs()->currentWidget(), window.treeTab());

    // Prefilled with the first test row: its path is that row's, as the Tree tab's row path shows it.
    const PreparedData& data = *outcome->data;
    const TreeModel& tree = outcome->model.tree;
    const Eigen::Index first = data.split.test.front();
    EXPECT_EQ(form->rowBox()->value(), first + 1);
    const Eigen::RowVectorXd row = routed_row(data, first)->x;
    EXPECT_EQ(form->path(), nodes_on_path(tree, row));
    expectPathLit(*window.treeCanvas(), tree, row);

    // Type a value of the root's feature on the other side of its threshold: the row goes the other way.
    const TreeNode& root = tree.nodes[0];
    ASSERT_TRUE(root.is_split() && !root.is_oblique());
    Eigen::RowVectorXd typed = row;
    typed(root.feature) = row(root.feature) <= root.threshold ? std::ceil(root.threshold) + 1 : std::floor(root.threshold) - 1;
    ASSERT_NE(tree.route(typed)(0), tree.route(row)(0));
    QLineEdit* field = form->numberField(QString::fromStdString(tree.feature_names[static_cast<std::size_t>(root.feature)]));
    ASSERT_TRUE(field);
    field->setFocus();
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(field, QString::number(typed(root.feature)));
    ASSERT_EQ(form->encodedRow().size(), typed.size());
    EXPECT_TRUE(form->encodedRow().isApprox(typed));
    EXPECT_EQ(form->path().back(), tree.route(typed)(0));
    expectPathLit(*window.treeCanvas(), tree, typed);
    const int predicted = static_cast<int>(tree.predict(typed)(0));
    EXPECT_TRUE(form->predictionLabel()->text().contains(
        QStringLiteral("Type = %1").arg(QString::fromStdString(tree.class_names[static_cast<std::size_t>(predicted)]))))
        << form->predictionLabel()->text().toStdString();

    // Another row of the file fills every field again.
    form->rowBox()->setFocus();
    form->rowBox()->selectAll();
    QTest::keyClicks(form->rowBox(), "1");
    EXPECT_EQ(form->path(), nodes_on_path(tree, routed_row(data, 0)->x));
}

}  // namespace
}  // namespace treelab
