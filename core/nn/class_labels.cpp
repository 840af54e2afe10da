#include "core/nn/class_labels.h"

#include <cmath>
#include <string>

#include "core/error.h"

namespace treelab::nn {

void check_class_labels(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                        Eigen::Index classes, const char* loss_name) {
    if (labels.size() != logits.rows())
        throw Error(std::string(loss_name) + ": " + std::to_string(logits.rows()) + " rows of logits but " +
                    std::to_string(labels.size()) + " labels");
    if (logits.rows() == 0) throw Error(std::string(loss_name) + ": there are no rows to average over");
    for (Eigen::Index i = 0; i < labels.size(); ++i) {
        const double y = labels(i);
        if (!(y >= 0.0 && y < static_cast<double>(classes) && y == std::floor(y)))
            throw Error(std::string(loss_name) + ": the label of row " + std::to_string(i + 1) + " is " + std::to_string(y) +
                        ", not a class index between 0 and " + std::to_string(classes - 1));
    }
}

}  // namespace treelab::nn
