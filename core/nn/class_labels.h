#pragma once
// Checks shared by the classification losses: targets hold class indices as doubles (Dataset::y).
#include <Eigen/Core>

namespace treelab::nn {

// Throws treelab::Error unless `labels` has one entry per row of `logits` and each is an integer
// in [0, classes).
void check_class_labels(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                        Eigen::Index classes, const char* loss_name);

}  // namespace treelab::nn
