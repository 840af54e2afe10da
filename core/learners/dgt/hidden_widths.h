#pragma once
// The widths of DGT's over-parameterising hidden layers (003 §3.2) and the `hidden` parameter
// that chooses them.
#include <string>
#include <vector>

#include <Eigen/Core>

namespace treelab::dgt {

// 003 Table 12 (L = 3): two hidden layers of 240, 600, 1008, 1530, 2046 units at heights 2, 4, 6,
// 8, 10, the widths run.sh's over_param multipliers give (80, 40, 16, 6, 2 × (2^h − 1);
// 003 Table 12). The paper has no odd heights; an odd height takes the widths
// of the next even one (height 1 those of height 2). Throws ParamError outside 1..10.
std::vector<Eigen::Index> table12_widths(int height);

// The `hidden` parameter's text: "auto" (Table 12), "none" (one linear layer, 003 Table 7's L = 1)
// or widths separated by commas, e.g. "1008,1008" (no spaces, as GET's schedule). Returns the
// canonical text ("0600" reads back as "600"); throws ParamError with a sentence saying what is wrong.
std::string canonical_hidden(const std::string& text);

// The widths a canonical `hidden` text gives at this height.
std::vector<Eigen::Index> hidden_widths(const std::string& canonical, int height);

}  // namespace treelab::dgt
