// TreeCanvas on a table too large to route on the GUI thread (more than 50,000 rows): the tree is
// drawn at once and its routing arrives from the routing session, equal to routing on the spot;
// when live trees come faster than their routing, the newest one's routing is what stays.
#include <gtest/gtest.h>

#include <QSignalSpy>

#include "app/session/routing_session.h"
#include "core/run/training_run.h"
#include "tests/support/large_csv.h"
#include "tests/support/test_support.h"
#include "ui/tree/tree_canvas.h"

namespace treelab {
namespace {

constexpr std::size_t kRows = 60000;  // above the canvas's limit for routing inline

RunOutcome large_run(const std::string& file, int depth) {
    RunConfig config;
    config.data_file = file;
    config.target = "class";
    config.method = "cart";
    config.params = method_params("cart", {"max_depth=" + std::to_string(depth)});
    return run_training(config);
}

// Routed rows per node, as drawn.
std::vector<Eigen::Index> node_rows(const RoutingAnalysis& routing) {
    std::vector<Eigen::Index> rows;
    for (const NodeRouting& node : routing.nodes) rows.push_back(node.rows);
    return rows;
}

// Waits for the routing the canvas shows to be that of `tree` on all rows.
bool routed_through(TreeCanvas& canvas, const TreeModel& tree, const PreparedData& data) {
    const auto expected = route_rows(tree, data, RowSet::All);
    QSignalSpy changed(&canvas, &TreeCanvas::treeChanged);
    for (int wait = 0; wait < 20; ++wait) {
        if (canvas.routing() && canvas.shownTree().get() == &tree &&
            node_rows(*canvas.routing()) == node_rows(expected->routing))
            return canvas.routedRows()->X.rows() == static_cast<Eigen::Index>(kRows);
        changed.wait(1000);
    }
    return false;
}

TEST(TreeCanvasRouting, LargeTableIsRoutedInTheBackground) {
    test::TempDir dir;
    const auto file = dir.file("large.csv");
    test::write_large_csv(file, kRows);
    const RunOutcome run = large_run(file.string(), 4);
    auto model = std::make_shared<const ModelFile>(run.model);
    TreeCanvas canvas;
    canvas.showModel(model, run.data);
    // Drawn at once, routed later: the GUI thread did not route the rows.
    EXPECT_GT(canvas.nodeCount(), 0);
    EXPECT_EQ(canvas.routing(), nullptr);
    EXPECT_TRUE(routed_through(canvas, model->tree, *run.data));
}

TEST(TreeCanvasRouting, NewestLiveTreeKeepsItsRouting) {
    test::TempDir dir;
    const auto file = dir.file("large.csv");
    test::write_large_csv(file, kRows);
    const RunOutcome deep = large_run(file.string(), 5), shallow = large_run(file.string(), 2);
    TreeCanvas canvas;
    canvas.showModel(std::make_shared<const ModelFile>(deep.model), deep.data);
    // Three live trees in a row, faster than they can be routed; the last one has fewer nodes.
    auto first = std::make_shared<const TreeModel>(deep.model.tree);
    auto second = std::make_shared<const TreeModel>(deep.model.tree);
    auto last = std::make_shared<const TreeModel>(shallow.model.tree);
    canvas.showSnapshot(first);
    canvas.showSnapshot(second);
    canvas.showSnapshot(last);
    EXPECT_EQ(canvas.shownTree(), last);
    EXPECT_TRUE(routed_through(canvas, *last, *deep.data));
    // Nothing older arrives after it.
    QSignalSpy changed(&canvas, &TreeCanvas::treeChanged);
    changed.wait(300);
    EXPECT_EQ(canvas.shownTree(), last);
    EXPECT_EQ(node_rows(*canvas.routing()), node_rows(route_rows(*last, *deep.data, RowSet::All)->routing));
}

}  // namespace
}  // namespace treelab
