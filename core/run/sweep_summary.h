#pragma once
// A sweep seen per grid value: mean and spread over the seeds of every score and of the tree size,
// what the sweep plots draw (sklearn's pruning example, rpart's plotcp).
#include <cstddef>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "core/run/sweep.h"

namespace treelab {

struct MeanStd {
    double mean = 0.0;
    double std = 0.0;  // population standard deviation (divides by n): the seeds are all there is
    int count = 0;
};

MeanStd mean_std(std::span<const double> values);  // {0, 0, 0} for no values

struct SweepPoint {
    std::string value;
    std::vector<std::size_t> rows;  // indices of this value's rows in the sweep, in sweep order
    std::map<std::string, MeanStd> train, valid, test;  // per score name, over the rows that have it
    MeanStd active_nodes;
};

// One point per distinct value, in order of first appearance; a value's first row is its first seed.
std::vector<SweepPoint> summarize_sweep(const std::vector<SweepRow>& rows);

}  // namespace treelab
