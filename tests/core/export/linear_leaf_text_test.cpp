// A linear leaf (tree_model.h) written as text: in full by the rules export, shortened to its
// largest slopes for the canvas and the tooltips (weighted_sum_text.h).
#include <gtest/gtest.h>

#include "core/export/rules_text.h"
#include "core/export/weighted_sum_text.h"
#include "core/model/model_file.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// tests/data/models/linear_leaves_valid.json: x0 − 0.5 x1 <= 0.25 → 10.5 + 2 x0 − 0.75 x1, else −3 + 4.25 x1.
TreeModel linear_tree() { return load_model(test::test_data("models/linear_leaves_valid.json")).tree; }

// The rules print each linear leaf as its formula, every nonzero slope, as oblique weights are printed.
TEST(LinearLeafText, RulesPrintTheFormula) {
    EXPECT_EQ(rules_text(linear_tree()),
              "|--- 1*x0 + -0.5*x1 <= 0.25\n"
              "|   |--- value: 10.5 + 2*x0 + -0.75*x1  (n = 6)\n"
              "|--- 1*x0 + -0.5*x1 >  0.25\n"
              "|   |--- value: -3 + 4.25*x1  (n = 4)\n");
}

// The short form: value, then the largest slopes with their signs, "+ …" for the ones left out,
// no zero slope; a constant leaf is its value.
TEST(LinearLeafText, ShortFormShowsTheLargestSlopes) {
    TreeModel tree = linear_tree();
    const std::vector<std::string> names = {"bmi", "s5"};
    EXPECT_EQ(leaf_value_text(tree.nodes[1], names, 4, 3), "10.5 + 2·bmi − 0.75·s5");
    EXPECT_EQ(leaf_value_text(tree.nodes[1], names, 4, 1), "10.5 + 2·bmi + …");
    EXPECT_EQ(leaf_value_text(tree.nodes[2], names, 4, 3), "-3 + 4.25·s5");
    tree.nodes[2].leaf_weights = Eigen::Vector2d(-1.5, 0.0);
    EXPECT_EQ(leaf_value_text(tree.nodes[2], names, 4, 3), "-3 − 1.5·bmi");
    tree.nodes[2].leaf_weights.resize(0);
    EXPECT_EQ(leaf_value_text(tree.nodes[2], names, 4, 3), "-3");
}

}  // namespace
}  // namespace treelab
