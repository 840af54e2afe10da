#pragma once
// Internal to the ONNX writer: the quantile-normal scaling (core/data/quantile_normal.h) as ONNX
// operators.
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/export/onnx/graph_writer.h"

namespace treelab::onnx_export {

// QuantileNormal of every column of `features` (double [N, features]), column j through
// `quantiles[j]`. Throws Error naming what ONNX lacks when it cannot be expressed.
std::string add_quantile_normal(GraphWriter& graph, const std::vector<Eigen::VectorXd>& quantiles, const std::string& features);

}  // namespace treelab::onnx_export
