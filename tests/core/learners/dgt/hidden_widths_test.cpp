#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/dgt/hidden_widths.h"

namespace treelab {
namespace {

using Widths = std::vector<Eigen::Index>;

// 003 Table 12 at the even heights, the next even height's widths at the odd ones.
TEST(DgtHiddenWidths, Table12) {
    EXPECT_EQ(dgt::table12_widths(2), (Widths{240, 240}));
    EXPECT_EQ(dgt::table12_widths(4), (Widths{600, 600}));
    EXPECT_EQ(dgt::table12_widths(6), (Widths{1008, 1008}));
    EXPECT_EQ(dgt::table12_widths(8), (Widths{1530, 1530}));
    EXPECT_EQ(dgt::table12_widths(10), (Widths{2046, 2046}));
    EXPECT_EQ(dgt::table12_widths(1), (Widths{240, 240}));
    EXPECT_EQ(dgt::table12_widths(7), (Widths{1530, 1530}));
    EXPECT_THROW(dgt::table12_widths(11), ParamError);
}

// auto, none and width lists read back canonically; malformed lists are refused.
TEST(DgtHiddenWidths, ParameterText) {
    EXPECT_EQ(dgt::canonical_hidden("auto"), "auto");
    EXPECT_EQ(dgt::canonical_hidden("none"), "none");
    EXPECT_EQ(dgt::canonical_hidden("1008,0600"), "1008,600");
    EXPECT_EQ(dgt::hidden_widths("none", 6), Widths{});
    EXPECT_EQ(dgt::hidden_widths("auto", 6), (Widths{1008, 1008}));
    EXPECT_EQ(dgt::hidden_widths("30,20,10", 6), (Widths{30, 20, 10}));
    for (const char* bad : {"", "0", "12,", "12,,3", "abc", "1.5", "-4", "99999", " auto", "12, 3"}) EXPECT_THROW(dgt::canonical_hidden(bad), ParamError) << bad;
}

}  // namespace
}  // namespace treelab
