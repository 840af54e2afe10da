// onnx_model.h.
#include "core/export/onnx/onnx_model.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/error.h"
#include "core/export/data_units.h"
#include "core/export/exportable_columns.h"
#include "core/export/onnx/graph_writer.h"
#include "core/export/onnx/hard_routing_graph.h"
#include "core/export/onnx/input_pipeline_graph.h"
#include "core/export/onnx/routing_predictor_graph.h"
#include "core/export/onnx/tree_ensemble_graph.h"

namespace treelab {
namespace {

constexpr std::int64_t kIrVersion = 8;
constexpr std::int64_t kOnnxOpset = 17;
constexpr std::int64_t kMlOpset = 3;

bool predictor_predicts_target(const TreeModel& tree) {
    return tree.routing_predictor && tree.routing_predictor->predicts_target();
}

bool tree_ensemble_fits(const TreeModel& tree) {
    return !predictor_predicts_target(tree) && !tree.has_linear_leaves() &&
           std::none_of(tree.nodes.begin(), tree.nodes.end(), [](const TreeNode& node) { return node.is_oblique(); });
}

std::string graph_description(const TreeModel& tree) {
    if (predictor_predicts_target(tree)) return "soft routing (LatentTrees) and its dense predictor, standard operators";
    if (tree_ensemble_fits(tree)) return std::string("ai.onnx.ml ") + (tree.task == Task::Classification ? "TreeEnsembleClassifier" : "TreeEnsembleRegressor");
    return "hard routing of oblique splits or linear leaves, standard operators";
}

// Each feature's imputed value: the training mean of a numeric column, NaN for other features.
std::vector<double> imputed_values(const FeaturePipeline& pipeline) {
    std::vector<double> values;
    for (const InputColumn& input : pipeline.inputs) {
        if (input.kind == ColumnKind::Numeric) {
            values.push_back(input.impute_value);
            if (input.missing_indicator) values.push_back(std::numeric_limits<double>::quiet_NaN());
        } else {
            const std::size_t width = input.encoding == CategoricalEncoding::LeaveOneOut ? 1 : input.levels.size();
            values.insert(values.end(), width, std::numeric_limits<double>::quiet_NaN());
        }
    }
    return values;
}

}  // namespace

std::string onnx_model_bytes(const ModelFile& model) {
    model.tree.validate();
    require_exportable_columns(model.pipeline, "ONNX");
    if (model.pipeline.feature_names() != model.tree.feature_names)
        throw Error("the model's feature pipeline does not make the features its tree reads");
    if (model.tree.task == Task::Classification && model.tree.classes() < 1) throw Error("the model has no classes");
    onnx::ModelProto proto;
    proto.set_ir_version(kIrVersion);
    proto.set_producer_name("TreeLab");
    proto.set_producer_version(TREELAB_VERSION);
    proto.set_doc_string("TreeLab " + model.card.method + " model of '" + model.target.column + "': " + graph_description(model.tree));
    onnx::OperatorSetIdProto& onnx_opset = *proto.add_opset_import();
    onnx_opset.set_domain("");
    onnx_opset.set_version(kOnnxOpset);
    onnx::OperatorSetIdProto& ml_opset = *proto.add_opset_import();
    ml_opset.set_domain(onnx_export::kMlDomain);
    ml_opset.set_version(kMlOpset);
    onnx::GraphProto& graph = *proto.mutable_graph();
    graph.set_name("treelab");
    onnx_export::GraphWriter writer(graph);
    const std::string encoded = onnx_export::add_encoded_features(writer, model.pipeline);
    if (tree_ensemble_fits(model.tree)) {
        // The scaling folded into raw thresholds (data_units.h), so the ensemble reads the unscaled features.
        onnx_export::add_tree_ensemble(writer, tree_in_data_units(model), imputed_values(model.pipeline), encoded);
    } else {
        const std::string scaled = onnx_export::add_scaling(writer, model.pipeline, encoded);
        if (predictor_predicts_target(model.tree))
            onnx_export::add_routing_predictor(writer, model.tree, scaled);
        else
            onnx_export::add_hard_routing(writer, model.tree, scaled);
    }
    std::string bytes;
    if (!proto.SerializeToString(&bytes)) throw Error("the ONNX model could not be serialised (over protobuf's 2 GiB limit?)");
    return bytes;
}

}  // namespace treelab
