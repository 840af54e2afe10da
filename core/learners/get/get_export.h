#pragma once
// A GET parameter vector → the shared TreeModel through complete_tree.h: the
// oblique splits mapped back to the data's units and the leaves refitted on the hard routing of
// the training rows (the trained leaf constants are never exported, as in the code's update_c,
// maoqiangqiang/GET GET/treeFunc.py); GET-Linear's leaves become the model's linear leaves, in the data's units.
#include <Eigen/Core>

#include "core/data/dataset.h"
#include "core/learners/get/get_hard_tree.h"
#include "core/learners/get/get_parameter_layout.h"
#include "core/learners/get/unit_scaling.h"
#include "core/model/tree_model.h"

namespace treelab::get {

// What the export needs of a run: its shape, its scaling, and the training rows on the unit
// scale with their targets (rows × 1, or rows × C one-hot), as the learner trains on them.
struct TrainingRows {
    const Spec& spec;
    const UnitScaling& scaling;
    const Eigen::MatrixXd& unit_inputs;
    const Eigen::MatrixXd& targets;
};

// The hard tree's leaves on the unit scale (get_hard_tree.h) for these parameters.
LeafFit hard_leaf_fit(const TrainingRows& rows, const Eigen::VectorXd& parameters);

// The tree in the data's units; `train` is the unscaled training set the model routes for its counts.
TreeModel export_tree(const TrainingRows& rows, const Eigen::VectorXd& parameters, const Dataset& train);

}  // namespace treelab::get
