// The depth a huge tree is drawn at (core/layout/fitting_depth): the deepest that passes.
#include <gtest/gtest.h>

#include "core/layout/fitting_depth.h"
#include "tests/support/big_tree.h"

namespace treelab {
namespace {

// A tree that fits is drawn whole (−1); one that does not is cut at the deepest depth that fits,
// so one level more would not fit.
TEST(FittingDepth, DeepestDepthThatFits) {
    const TreeModel tree = test::random_tree(5000);
    const auto fits = [](const TreeLayout& layout) { return fits_window(layout, 2000.0, 1000.0, 0.35); };
    EXPECT_EQ(fitting_depth(test::random_tree(4), {}, fits), -1);
    const int depth = fitting_depth(tree, {}, fits);
    ASSERT_GT(depth, 1);
    ASSERT_LT(depth, tree_height(tree));
    LayoutOptions options;
    options.max_depth = depth;
    EXPECT_TRUE(fits(layout_tree(tree, options)));
    options.max_depth = depth + 1;
    EXPECT_FALSE(fits(layout_tree(tree, options)));
}

// A window too small for even the root's children still shows them (depth 1).
TEST(FittingDepth, AtLeastTheRootsChildren) {
    EXPECT_EQ(fitting_depth(test::random_tree(50), {}, [](const TreeLayout&) { return false; }), 1);
}

}  // namespace
}  // namespace treelab
