#pragma once
// A hand-made tree with a routing predictor (LatentTrees, 000 §3.3) shared by the model tests.
#include "core/model/tree_model.h"

namespace treelab::test {

// Classification, features x0 x1, classes a b, depth 1, heap order:
//   0: s(x) = x0 − x1 + 0.5 (weights (1, −1), threshold −0.5); left iff s < 0 (000 §3.1)
//   1, 2: leaves; activity a = (1, 0.7, 0), so node 2 is pruned
//   f_φ(x, z) = [[1, 2, 3, 4], [3, 0.5, 0, 2]] · [x0, x1, z1, z2] + (0.1, −0.2)
// Worked by hand: x = (0, 1): s = −0.5, q = (1, 0.5, −0.5), z = (1, 0.5, 0), outputs (3.6, 0.3);
//                 x = (1, 0): s = 1.5,  q = (1, −1.5, 1),  z = (1, 0, 0),   outputs (1.1, 2.8).
TreeModel latent_tree();

// The same tree with an MLP predictor (000 §4): h = elu([[1, −1, 0, 0], [0, 0, 2, 0]] · [x, z1, z2]
// + (0, −0.5)), f_φ = [[1, 2], [−1, 0.5]] · h + (0.1, 0.2).
// Worked by hand: x = (0, 1): h = (e^−1 − 1, 0.5),       outputs (e^−1 + 0.1, 1.45 − e^−1);
//                 x = (1, 0): h = (1, e^−0.5 − 1),       outputs (2e^−0.5 − 0.9, 0.5e^−0.5 − 1.3).
TreeModel latent_mlp_tree();

}  // namespace treelab::test
