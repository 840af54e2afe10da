#pragma once
// Ranks 1..n of values with ties given their average rank (SciPy's rankdata(method="average")),
// and the sizes of the tied groups (SciPy's find_repeats), which the rank tests' tie corrections use.
#include <span>
#include <vector>

namespace treelab {

struct AverageRanks {
    std::vector<double> ranks;     // ranks[i] is the rank of values[i]
    std::vector<int> tie_sizes;    // the size of every group of two or more equal values
};

AverageRanks average_ranks(std::span<const double> values);

}  // namespace treelab
