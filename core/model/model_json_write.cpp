// Model files, writing side. Doubles are written by nlohmann-json in their shortest form that
// parses back to the same bits; NaN, which JSON cannot hold, is written as null.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/model/model_json.h"

namespace treelab {
namespace {

using OrderedJson = nlohmann::ordered_json;  // keeps the fields in the documented order for readers

OrderedJson number_or_null(double value) { return std::isnan(value) ? OrderedJson(nullptr) : OrderedJson(value); }

// Tree arrays are checked finite by TreeModel::validate; pipeline arrays are checked here, since a
// non-finite value would come back as null and make the file unreadable.
OrderedJson numbers(const Eigen::VectorXd& values, const char* what) {
    OrderedJson array = OrderedJson::array();
    for (const double v : values) {
        if (!std::isfinite(v)) throw Error(std::string("cannot save the model: the pipeline's ") + what + " has a non-finite value");
        array.push_back(v);
    }
    return array;
}

OrderedJson tree_numbers(const Eigen::VectorXd& values) { return OrderedJson(std::vector<double>(values.begin(), values.end())); }

// "leaf_weights" only on a linear leaf (format version 3), so other models stay readable by older builds.
OrderedJson node_json(const TreeNode& node, std::size_t id) {
    OrderedJson json{{"id", id},
              {"left", node.left},
              {"right", node.right},
              {"parent", node.parent},
              {"depth", node.depth},
              {"feature", node.feature},
              {"threshold", number_or_null(node.threshold)},
              {"weights", tree_numbers(node.weights)},
              {"distribution", tree_numbers(node.distribution)},
              {"samples", node.samples},
              {"class_counts", tree_numbers(node.class_counts)},
              {"impurity", number_or_null(node.impurity)},
              {"soft_mass", number_or_null(node.soft_mass)},
              {"pruned", node.pruned},
              {"empty", node.empty}};
    if (node.is_linear()) json["leaf_weights"] = tree_numbers(node.leaf_weights);
    return json;
}

OrderedJson weight_rows(const Eigen::MatrixXd& weights) {
    OrderedJson rows = OrderedJson::array();
    for (Eigen::Index k = 0; k < weights.rows(); ++k) rows.push_back(tree_numbers(weights.row(k).transpose()));
    return rows;
}

// Optional block (format version 1 files without it are models without predictor). The last layer
// is "weights" and "bias", as the one layer of a linear predictor always was; the layers before it,
// if any, are "hidden_layers" (format version 2).
OrderedJson routing_predictor_json(const RoutingPredictor& predictor) {
    OrderedJson json{{"split_activation", to_string(predictor.activation)}, {"activity", tree_numbers(predictor.activity)}};
    if (predictor.layers.size() > 1) {
        OrderedJson hidden = OrderedJson::array();
        for (std::size_t k = 0; k + 1 < predictor.layers.size(); ++k)
            hidden.push_back({{"weights", weight_rows(predictor.layers[k].weights)}, {"bias", tree_numbers(predictor.layers[k].bias)}});
        json["hidden_layers"] = std::move(hidden);
    }
    json["weights"] = weight_rows(predictor.layers.back().weights);
    json["bias"] = tree_numbers(predictor.layers.back().bias);
    json["output_features"] = predictor.output_features;
    return json;
}

// The oldest format version that holds the model (model_file.h).
int format_version(const TreeModel& tree, const FeaturePipeline& pipeline) {
    const bool read_columns = std::any_of(pipeline.inputs.begin(), pipeline.inputs.end(), [](const InputColumn& input) {
        return !input.reading.plain() || (input.kind == ColumnKind::Categorical && input.encoding == CategoricalEncoding::Ordinal);
    });
    if (read_columns) return 4;
    if (tree.has_linear_leaves()) return 3;
    return tree.routing_predictor && tree.routing_predictor->layers.size() > 1 ? 2 : 1;
}

// How a text column reads as numbers (cell_reading.h).
OrderedJson reading_json(const CellReading& reading) {
    if (reading.kind == CellReading::Kind::Date) {
        const char* order = reading.order == DateOrder::DayMonthYear ? "dmy" : reading.order == DateOrder::MonthDayYear ? "mdy" : "ymd";
        // "times" was added within format version 4: readers that predate it ignore it.
        const char* times = reading.times == TimeOfDay::None      ? "none"
                            : reading.times == TimeOfDay::Minutes ? "minutes"
                            : reading.times == TimeOfDay::Seconds ? "seconds"
                                                                  : "fractions";
        return OrderedJson{{"kind", "date"},          {"order", order},          {"year", reading.year},
                           {"month", reading.month}, {"weekday", reading.weekday}, {"times", times}};
    }
    return OrderedJson{{"kind", "number"},
                {"grouping", reading.grouping == 0 ? std::string() : std::string(1, reading.grouping)},
                {"decimal", std::string(1, reading.decimal)},
                {"percent", reading.percent}};
}

OrderedJson pipeline_json(const FeaturePipeline& pipeline) {
    OrderedJson inputs = OrderedJson::array();
    for (const InputColumn& input : pipeline.inputs) {
        OrderedJson json{{"name", input.name},
                  {"kind", input.kind == ColumnKind::Numeric ? "numeric" : "categorical"},
                  {"impute_value", number_or_null(input.impute_value)},
                  {"missing_indicator", input.missing_indicator},
                  {"levels", input.levels}};
        // Written only when used, so one-hot models stay readable by older versions.
        if (input.kind == ColumnKind::Categorical && input.encoding == CategoricalEncoding::LeaveOneOut) {
            const LeaveOneOutTable& loo = input.leave_one_out;
            json["encoding"] = to_string(input.encoding);
            json["loo_sums"] = loo.sums;
            json["loo_counts"] = loo.counts;
            json["loo_mean"] = loo.mean;
        }
        if (input.kind == ColumnKind::Categorical && input.encoding == CategoricalEncoding::Ordinal) json["encoding"] = "ordinal";
        if (!input.reading.plain()) json["reading"] = reading_json(input.reading);  // format version 4
        inputs.push_back(std::move(json));
    }
    OrderedJson quantiles = OrderedJson::array();
    for (const Eigen::VectorXd& q : pipeline.quantiles) quantiles.push_back(numbers(q, "quantiles"));
    OrderedJson json{{"inputs", std::move(inputs)},
              {"scaling", to_string(pipeline.scaling)},
              {"center", numbers(pipeline.center, "center")},
              {"scale", numbers(pipeline.scale, "scale")},
              {"quantiles", std::move(quantiles)}};
    // What the run left out and why, for the reader of the file; older builds ignore it.
    if (!pipeline.left_out.empty()) {
        OrderedJson left_out = OrderedJson::array();
        for (const LeftOutColumn& column : pipeline.left_out) left_out.push_back({{"name", column.name}, {"reason", column.reason}});
        json["left_out"] = std::move(left_out);
    }
    return json;
}

OrderedJson run_card_json(const RunCard& card) {
    return OrderedJson{{"method", card.method},
                {"params", card.params},
                {"seed", card.seed},
                {"data_file", card.data_file},
                {"data_sha256", card.data_sha256},
                {"data_delimiter", card.data_delimiter},
                {"data_decimal", card.data_decimal},
                {"data_encoding", card.data_encoding},
                {"data_reading", card.data_reading},
                {"data_columns", card.data_columns},
                {"split", card.split},
                {"split_mode", card.split_mode},
                {"scaling", card.scaling},
                {"command_line", card.command_line},
                {"treelab_version", card.treelab_version}};
}

OrderedJson tree_nodes(const TreeModel& tree) {
    OrderedJson nodes = OrderedJson::array();
    for (std::size_t id = 0; id < tree.nodes.size(); ++id) nodes.push_back(node_json(tree.nodes[id], id));
    return nodes;
}

void validate_for_saving(const TreeModel& tree) {
    // Refuse to write what load_model would refuse to read.
    try {
        tree.validate();
    } catch (const Error& error) {
        throw Error(std::string("cannot save an invalid model: ") + error.what());
    }
}

}  // namespace

OrderedJson tree_json(const TreeModel& tree) {
    validate_for_saving(tree);
    OrderedJson json{{"task", to_string(tree.task)},
              {"feature_names", tree.feature_names},
              {"class_names", tree.class_names},
              {"axis_precision", to_string(tree.axis_precision)},
              {"nodes", tree_nodes(tree)}};
    if (tree.routing_predictor) json["routing_predictor"] = routing_predictor_json(*tree.routing_predictor);
    return json;
}

OrderedJson model_json(const ModelFile& model) {
    validate_for_saving(model.tree);
    const std::size_t pipeline_features = model.pipeline.feature_names().size();
    if (pipeline_features != model.tree.feature_names.size())
        throw Error("cannot save the model: its pipeline makes " + std::to_string(pipeline_features) +
                    " features but the tree has " + std::to_string(model.tree.feature_names.size()));

    OrderedJson file{{"format", "treelab-model"},
              {"version", format_version(model.tree, model.pipeline)},
              {"treelab_version", TREELAB_VERSION},
              {"task", to_string(model.tree.task)},
              {"feature_names", model.tree.feature_names},
              {"class_names", model.tree.class_names},
              {"target",
               OrderedJson{{"column", model.target.column},
                    {"task", to_string(model.target.task)},
                    {"class_names", model.target.class_names}}},
              {"pipeline", pipeline_json(model.pipeline)},
              {"run_card", run_card_json(model.card)},
              {"axis_precision", to_string(model.tree.axis_precision)},
              {"nodes", tree_nodes(model.tree)}};
    if (model.tree.routing_predictor) file["routing_predictor"] = routing_predictor_json(*model.tree.routing_predictor);
    return file;
}

std::string model_to_json(const ModelFile& model) {
    const OrderedJson file = model_json(model);
    try {
        return file.dump(1);
    } catch (const OrderedJson::type_error& error) {
        // nlohmann refuses strings that are not UTF-8 (e.g. a Latin-1 column name).
        throw Error(std::string("cannot save the model: a name or run-card text is not valid UTF-8 (") + error.what() + ")");
    }
}

}  // namespace treelab
