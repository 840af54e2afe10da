#pragma once
// A model's tree as Graphviz DOT in the layout of scikit-learn's export_graphviz(filled=True,
// class_names=…): one box per node with its split, impurity, samples, class counts and class,
// filled in the majority class's colour by its purity (regression: by its value). Splits are in
// the data's units (data_units.h); an oblique split shows its largest weights, as the canvas does.
// Pruned and empty nodes are drawn dashed and grey, as on the canvas. The left edge ("True") is
// x <= t.
#include <string>

#include "core/model/model_file.h"

namespace treelab {

std::string dot_export(const ModelFile& model);

}  // namespace treelab
