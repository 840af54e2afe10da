#pragma once
// Leave-one-out target encoding of a categorical column, as category_encoders 2.5.1's
// LeaveOneOutEncoder does it in the GradTree protocol (001 §4.1). With S_c and n_c the sum
// and count of y over the training rows of level c, and ȳ the training mean of y:
//   training row i:  (S_c − y_i)/(n_c − 1), or ȳ when n_c = 1;
//   any other row:   S_c/n_c, or ȳ when n_c ≤ 1 (a level unseen in training);
//   missing value:   ȳ (the encoder's handle_missing='value').
// For classification y is the class index, so a multi-class target encodes the mean class index,
// a quirk the paper's numbers depend on.
#include <optional>
#include <vector>

#include <Eigen/Core>

#include "core/data/table.h"

namespace treelab {

// Ordinal: one feature, the level's rank in sorted order; missing and unseen levels are -1
// (sklearn's OrdinalEncoder with unknown_value=-1).
enum class CategoricalEncoding { OneHot, LeaveOneOut, Ordinal };
std::string to_string(CategoricalEncoding encoding);
CategoricalEncoding categorical_encoding_from_string(const std::string& text);  // "onehot" | "loo" | "ordinal", throws ParamError

// The fitted table of one column, indexed like the column's levels.
struct LeaveOneOutTable {
    std::vector<double> sums;    // S_c
    std::vector<double> counts;  // n_c
    double mean = 0.0;           // ȳ

    // Encoding of a row outside the training rows; `level` empty = missing or unseen.
    double value(std::optional<std::size_t> level) const;
    // Encoding of the training row whose target is y.
    double training_value(std::optional<std::size_t> level, double y) const;
};

// Sums and counts over `train_rows` of the categorical `column`, whose level k is table entry k.
// With `missing_is_level`, missing values count as one more level, the table's last entry
// (PipelineOptions::missing_as_level); otherwise they count only in ȳ.
LeaveOneOutTable fit_leave_one_out(const Column& column, const std::vector<Eigen::Index>& train_rows,
                                   const Eigen::VectorXd& y, bool missing_is_level = false);

}  // namespace treelab
