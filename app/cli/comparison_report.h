#pragma once
// What `compare`, `merge-compare` and `train --cv` print: per data set a table of methods ×
// scores (mean ± sample std over the folds, pooled where the predictions are there), the paired
// tests against the reference method, and over several data sets the mean ranks and the Friedman
// test.
#include <iosfwd>

#include "core/compare/comparison.h"

namespace treelab::cli {

void print_comparison(std::ostream& out, const ComparisonResult& result);

// One line per fold of the single contender on the single data set (train --cv), then mean ± std.
void print_folds(std::ostream& out, const ComparisonResult& result);

}  // namespace treelab::cli
