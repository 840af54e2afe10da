#pragma once
// What a learner needs in memory for a fit, estimated before it allocates anything, from the shape
// of the prepared data and the complete parameters (LearnerInfo::memory_estimate). The run refuses
// a fit the machine cannot hold (core/run/memory_budget.h) with the estimate's own words.
#include <cstdint>
#include <functional>
#include <string>

#include <Eigen/Core>

#include "core/data/dataset.h"
#include "core/params/param_spec.h"

namespace treelab {

// The prepared data's shape as the learner sees it.
struct DataShape {
    Eigen::Index rows = 0;        // the rows the learner fits on
    Eigen::Index valid_rows = 0;  // validation rows it evaluates every epoch (0: none)
    Eigen::Index features = 0;    // columns after encoding
    Eigen::Index outputs = 1;     // classes (classification) or 1 (regression)
};

struct MemoryEstimate {
    double bytes = 0.0;  // peak working memory of the fit, beyond the prepared data it is given
    // The setting in the user's words, as a sentence's subject: "DGT at height 10 with hidden widths 2046,2046".
    std::string setting;
    // What to lower, as an imperative: "Lower height or the hidden widths."
    std::string remedy;
};

using MemoryEstimator = std::function<MemoryEstimate(const DataShape&, const ParamValues&)>;

// Bytes of an Eigen double matrix of rows × cols, as a double (no overflow on absurd shapes).
inline double matrix_bytes(double rows, double cols) { return rows * cols * static_cast<double>(sizeof(double)); }

}  // namespace treelab
