#pragma once
// Demšar's critical-difference diagram (Demšar 2006, Fig. 1): methods placed on an axis of mean
// ranks 1..k with the best on the left, each named at the end of an elbow line (the better half on
// the left, the worse half on the right), a thick bar under the axis joining each group of methods
// the Nemenyi test does not tell apart, and the critical difference drawn above the axis as an
// interval with its value. Vector, captioned, written by save_figure (figure_file.h).
#include <string>
#include <vector>

#include <Eigen/Core>

#include "app/render/figure_file.h"

namespace treelab {

// `methods` and `mean_ranks` (1 = best) in the same order, at least two; `data_sets` the N the
// ranks are averaged over; `note` is appended to the caption (e.g. the Friedman test's result or
// the command that made the comparison). Throws treelab::Error on mismatched or too few methods.
FigureDrawing critical_difference_figure(const std::vector<std::string>& methods, const Eigen::VectorXd& mean_ranks,
                                         int data_sets, double alpha = 0.05, const std::string& note = {});

// The figure's caption: what it shows, N, α, the test and the critical difference.
std::string critical_difference_caption(int methods, int data_sets, double alpha, double critical_difference);

}  // namespace treelab
