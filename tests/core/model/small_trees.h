#pragma once
// Hand-made trees shared by the model tests; every routing answer in the tests is worked out by
// hand from the descriptions below.
#include "core/model/tree_model.h"

namespace treelab::test {

// Classification, features x0 x1, classes a b c (children listed left, right; p = pruned).
//
//   0: x0 <= 0.5    -> 1, 2
//   1: x1 <= 1.0    -> 3, 4
//   2: x1 <= 2.0    -> 5p, 6p   (both pruned: rows stop at 2, a leaf of the effective tree)
//   3: leaf
//   4: x0 <= -1.0   -> 7, 8p    (one pruned child: rows sent right stop at 4)
//   7: leaf, flagged empty
//   distributions: 0 (.4 .3 .3), 1 (.5 .25 .25), 2 (.2 .2 .6), 3 (.9 .05 .05), 4 (.1 .45 .45),
//                  5 (0 1 0), 6 (0 0 1), 7 (.3 .7 0), 8 (1 0 0)
TreeModel axis_tree();
// Five rows through axis_tree: (0,0) (0,0) stop at 3, (0,5) at 4 (its child 8 is pruned), (1,0) and
// (1,3) at 2 (both children pruned); nobody reaches 5 6 7 8.
Eigen::MatrixXd axis_rows();

// Regression, features x0 x1, oblique splits.
//
//   0: x0 + x1 <= 1     -> 1, 2       value 25
//   1: 2 x0 - x1 <= 0   -> 3, 4       value 25
//   2: 0 x0 + x1 <= 0   -> 5p, 6      value 10 (rows sent left stop here)
//   3 = 20, 4 = 30, 5 = 50 (pruned), 6 = 40
TreeModel oblique_tree();

}  // namespace treelab::test
