#pragma once
// The figures of trained models that `treelab-cli draw` and the GUI's figure view both show, so
// the two never differ: trees side by side, aligned node for node and titled with their metric
// and EN (000 Fig. 3), and one small tree per class (000 Fig. 4); captions carry the run cards.
#include <string>
#include <vector>

#include <Eigen/Core>

#include "app/render/figure_sheet.h"
#include "app/render/tree_picture.h"
#include "core/data/dataset.h"
#include "core/model/model_file.h"
#include "core/run/prepared_data.h"

namespace treelab {

// "LatentTrees λ = 0.001", "CART α = 0.01": the method's name and the pruning strength a comparison varies.
std::string model_title(const ModelFile& model);

// One tree of a comparison routing the rows `X` (already through the model's pipeline), titled
// with model_title and "dendrogram purity = 0.4215; 6 empty nodes" as 000 Fig. 3 titles them "DP =
// …; EN = …" (dendrogram purity for self-supervised models, accuracy or R² otherwise, when
// `labelled` holds the targets of the same rows; the empty nodes always).
TreePicture comparison_panel(const ModelFile& model, const Eigen::Ref<const Eigen::MatrixXd>& X, const Dataset* labelled,
                             const PictureOptions& options);

// The classes that have rows in `labelled`, in class order.
std::vector<int> classes_with_rows(const Dataset& labelled);
// One panel per class in `classes` (000 Fig. 4): that class's rows of `labelled`, normalised per
// depth level, titled with the class name and its row count.
std::vector<TreePicture> class_path_panels(const ModelFile& model, const Dataset& labelled, const std::vector<int>& classes,
                                           const PictureOptions& options);

// A caption line holding the run card: "label: LatentTrees, seed 1225, glass.csv (sha256 1a2b3c4d5e6f):
// treelab-cli train …": every exported figure says how to redo it.
std::string run_card_line(const std::string& label, const RunCard& card);

// Every row of a run (train, valid and test, in that order): 000's figures route all 214 Glass
// rows in one batch (vzantedeschi/LatentTrees notebooks/Analyze GLASS.ipynb).
Dataset all_rows(const PreparedData& data);

}  // namespace treelab
