// The DOT export draws what the canvas shows: splits in the data's units, pruned and empty nodes
// dashed, export_graphviz's True/False on the root's edges, and Graphviz reads it.
#include <cstdlib>
#include <regex>

#include <gtest/gtest.h>

#include "core/export/data_units.h"
#include "core/export/model_export.h"
#include "core/export/number_text.h"
#include "core/export/weighted_sum_text.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// The label and attributes of node `id`'s line.
std::string node_line(const std::string& dot, int id) {
    std::smatch match;
    const std::regex line("\n" + std::to_string(id) + " \\[label=\"([^\n]*)\\] ;\n");
    return std::regex_search(dot, match, line) ? match[1].str() : std::string();
}

void expect_drawn_as_the_canvas(const ModelFile& model) {
    const std::string dot = export_model_text(model, "dot");
    const TreeModel shown = tree_in_data_units(model);
    ASSERT_EQ(dot.rfind("digraph Tree {", 0), 0u);
    EXPECT_NE(dot.find("0 -> " + std::to_string(shown.nodes[0].left) + " [labeldistance=2.5, labelangle=45, headlabel=\"True\""),
              std::string::npos);
    for (std::size_t id = 0; id < shown.nodes.size(); ++id) {
        const TreeNode& node = shown.nodes[id];
        const std::string line = node_line(dot, static_cast<int>(id));
        ASSERT_FALSE(line.empty()) << "node " << id << " missing from\n" << dot;
        EXPECT_EQ(line.find("dashed") != std::string::npos, node.pruned || node.empty) << line;
        if (!node.is_split() || shown.stops_at(static_cast<int>(id))) continue;
        const std::string lhs = node.is_oblique() ? weighted_sum_text(node.weights, shown.feature_names, 4, 3, shown.weight_spread)
                                                  : shown.feature_names.at(static_cast<std::size_t>(node.feature));
        EXPECT_NE(line.find(lhs + " <= " + significant_text(node.threshold, 4)), std::string::npos) << line;
    }
}

// A pruned CART (axis splits on raw units, pruned descendants) and a DGT (oblique splits trained
// on z-scored inputs, folded back into the data's units).
TEST(DotExport, DrawsSplitsInDataUnitsAndPrunedNodesDashed) {
    const ModelFile cart = run_training(test::dataset_run("glass.csv", "Type", "cart", {"max_depth=4", "ccp_alpha=0.02"})).model;
    ASSERT_GT(cart.tree.stats().pruned_nodes, 0);
    expect_drawn_as_the_canvas(cart);
    const ModelFile dgt = run_training(test::dataset_run("glass.csv", "Type", "dgt", {"height=3", "epochs=3"})).model;
    ASSERT_EQ(dgt.pipeline.scaling, Scaling::ZScore);
    expect_drawn_as_the_canvas(dgt);
    EXPECT_NE(export_model_text(cart, "dot").find("class = "), std::string::npos);

    if (std::system("command -v dot >/dev/null 2>&1") != 0) GTEST_SKIP() << "Graphviz's dot is not installed; the drawing was not rendered";
    const test::TempDir dir;
    export_model(cart, "dot", dir.file("cart.dot"));
    export_model(dgt, "dot", dir.file("dgt.dot"));
    EXPECT_EQ(std::system(("dot -Tsvg '" + dir.file("cart.dot").string() + "' '" + dir.file("dgt.dot").string() + "' > '" +
                           dir.file("trees.svg").string() + "'").c_str()),
              0);
    EXPECT_NE(test::read_file(dir.file("trees.svg")).find("<svg"), std::string::npos);
}

}  // namespace
}  // namespace treelab
