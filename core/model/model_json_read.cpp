// Model files, reading side. The input is untrusted: nothing is indexed, converted or allocated
// before its type and size are checked, and every problem becomes a ModelFileError naming the
// file, the place (node, pipeline input, ...) and the field.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/model/model_json.h"

namespace treelab {
namespace {

[[noreturn]] void throw_model_file_error(const std::string& source, const std::string& message) {
    throw ModelFileError(source, message);
}

class Reader : public JsonFields {
public:
    Reader(const std::string& source, const ModelFileLimits& limits) : JsonFields(source, throw_model_file_error), limits_(limits) {}

    ModelFile read(const std::string& text) const {
        const Json root = parse(text, std::max({limits_.max_nodes, limits_.max_features, limits_.max_classes, limits_.max_hidden_units}),
                                "model file");
        return read_document(root);
    }

    ModelFile read_document(const Json& root) const {
        if (!root.is_object()) fail("is not a TreeLab model file (the JSON is " + describe_json(root) + ", not an object)");
        check_header(root);
        ModelFile model;
        model.tree = read_tree(root);
        model.target = read_target(field(root, "target", ""), model.tree);
        model.pipeline = read_pipeline(field(root, "pipeline", ""), model.tree);
        model.card = read_card(field(root, "run_card", ""));
        return model;
    }

    void check_header(const Json& root) const {
        const auto format = root.find("format");
        if (format == root.end() || !format->is_string() || format->get<std::string>() != "treelab-model")
            fail("is not a TreeLab model file (\"format\" is " + (format == root.end() ? "missing" : describe_json(*format)) +
                 ", expected \"treelab-model\")");
        const std::int64_t version = integer(root, "version", "", 0, std::numeric_limits<std::int64_t>::max());
        if (version > kModelFormatVersion)
            fail("was written by a newer TreeLab (format version " + std::to_string(version) + "); this build reads up to " +
                 std::to_string(kModelFormatVersion));
        if (version < 1) fail("has format version 0, which no TreeLab writes");
        string(root, "treelab_version", "");
    }

    Task task(const Json& object, const char* key, const std::string& where) const {
        const std::string text = string(object, key, where);
        if (text != "classification" && text != "regression")
            fail(at(where) + "field \"" + key + "\" must be \"classification\" or \"regression\", not \"" + text + "\"");
        return task_from_string(text);
    }

    // ---- sections ----

    TreeModel read_tree(const Json& root) const {
        TreeModel tree;
        tree.task = task(root, "task", "");
        tree.feature_names = strings(root, "feature_names", "", limits_.max_features);
        tree.class_names = strings(root, "class_names", "", limits_.max_classes);
        // Optional: files written before it compared every split in double.
        if (root.contains("axis_precision")) {
            const std::string precision = string(root, "axis_precision", "");
            if (precision != "float32" && precision != "float64")
                fail("field \"axis_precision\" must be \"float32\" or \"float64\", not \"" + precision + "\"");
            tree.axis_precision = axis_precision_from_string(precision);
        }
        const Json& nodes = array(root, "nodes", "", limits_.max_nodes);
        tree.nodes.reserve(nodes.size());
        for (std::size_t id = 0; id < nodes.size(); ++id) tree.nodes.push_back(read_node(nodes[id], id, tree));
        if (root.contains("routing_predictor")) tree.routing_predictor = read_routing_predictor(root.at("routing_predictor"), tree);
        try {
            tree.validate();
        } catch (const Error& error) {
            fail(error.what());
        }
        return tree;
    }

    TreeNode read_node(const Json& json, std::size_t id, const TreeModel& tree) const {
        const std::string where = "node " + std::to_string(id);
        if (!json.is_object()) fail(where + " must be an object, not " + describe_json(json));
        if (const std::int64_t stored = integer(json, "id", where, 0, INT_MAX); stored != static_cast<std::int64_t>(id))
            fail(where + " has \"id\" " + std::to_string(stored) + "; ids must equal positions in \"nodes\"");
        // Sizes beyond the model's features or classes are refused here; exact sizes by validate().
        const std::size_t vector_limit = std::max(tree.feature_names.size(), tree.class_names.size()) + 1;
        TreeNode node;
        node.left = small_integer(json, "left", where, -1);
        node.right = small_integer(json, "right", where, -1);
        node.parent = small_integer(json, "parent", where, -1);
        node.depth = small_integer(json, "depth", where, 0);
        node.feature = small_integer(json, "feature", where, -1);
        node.threshold = number_or_nan(json, "threshold", where);
        node.weights = numbers(json, "weights", where, vector_limit);
        node.distribution = numbers(json, "distribution", where, vector_limit);
        node.samples = number(json, "samples", where);
        node.class_counts = numbers(json, "class_counts", where, vector_limit);
        node.impurity = number_or_nan(json, "impurity", where);
        node.soft_mass = number_or_nan(json, "soft_mass", where);
        node.pruned = boolean(json, "pruned", where);
        node.empty = boolean(json, "empty", where);
        // Optional (format version 3): a linear leaf's slopes; sizes and the task checked by validate().
        if (json.contains("leaf_weights")) node.leaf_weights = finite_numbers(json, "leaf_weights", where, vector_limit);
        return node;
    }

    // Sizes are bounded here, exact sizes and the heap layout checked by validate().
    RoutingPredictor read_routing_predictor(const Json& json, const TreeModel& tree) const {
        const std::string where = "the routing predictor";
        if (!json.is_object()) fail("field \"routing_predictor\" must be an object, not " + describe_json(json));
        RoutingPredictor predictor;
        const std::string activation = string(json, "split_activation", where);
        if (activation != "none" && activation != "elu")
            fail(where + ": field \"split_activation\" must be \"none\" or \"elu\", not \"" + activation + "\"");
        predictor.activation = split_activation_from_string(activation);
        predictor.activity = finite_numbers(json, "activity", where, tree.nodes.size());
        // What the first layer reads is at most features + leaves; exact sizes are checked by validate().
        std::size_t max_inputs = tree.feature_names.size() + tree.nodes.size();
        if (json.contains("hidden_layers")) {
            const Json& hidden = array(json, "hidden_layers", where, limits_.max_hidden_layers);
            for (std::size_t k = 0; k < hidden.size(); ++k) {
                predictor.layers.push_back(dense_layer(hidden[k], where + ": hidden layer " + std::to_string(k + 1),
                                                       limits_.max_hidden_units, max_inputs));
                max_inputs = limits_.max_hidden_units;
            }
        }
        const std::size_t max_outputs = std::max(tree.feature_names.size(), tree.class_names.size()) + 1;
        predictor.layers.push_back(dense_layer(json, where, max_outputs, max_inputs));
        const Eigen::VectorXd features = numbers(json, "output_features", where, tree.feature_names.size());
        for (const double feature : features) {
            if (!(feature >= 0.0 && feature < static_cast<double>(tree.feature_names.size()) && feature == std::floor(feature)))
                fail(where + ": \"output_features\" has " + std::to_string(feature) + ", not a feature index");
            predictor.output_features.push_back(static_cast<int>(feature));
        }
        return predictor;
    }

    // "weights" (rows of at most max_inputs numbers) and "bias" of one layer of f_φ.
    DenseLayer dense_layer(const Json& json, const std::string& where, std::size_t max_outputs, std::size_t max_inputs) const {
        if (!json.is_object()) fail(where + " must be an object, not " + describe_json(json));
        DenseLayer layer;
        layer.weights = weight_rows(array(json, "weights", where, max_outputs), where, max_inputs);
        layer.bias = finite_numbers(json, "bias", where, max_outputs);
        return layer;
    }

    // The rows of a matrix, each an array of finite numbers of the same length.
    Eigen::MatrixXd weight_rows(const Json& rows, const std::string& where, std::size_t max_columns) const {
        std::vector<Eigen::VectorXd> values;
        for (std::size_t k = 0; k < rows.size(); ++k) {
            const std::string row = where + ": row " + std::to_string(k) + " of \"weights\"";
            if (!rows[k].is_array() || rows[k].size() > max_columns)
                fail(row + " must be an array of at most " + std::to_string(max_columns) + " numbers");
            values.emplace_back(static_cast<Eigen::Index>(rows[k].size()));
            for (std::size_t j = 0; j < rows[k].size(); ++j) {
                const Json& value = rows[k][j];
                if (!value.is_number() || !std::isfinite(value.get<double>()))
                    fail(row + ": entry " + std::to_string(j) + " must be a finite number, not " + describe_json(value));
                values.back()(static_cast<Eigen::Index>(j)) = value.get<double>();
            }
            if (values.back().size() != values.front().size()) fail(row + " differs in length from row 0");
        }
        Eigen::MatrixXd matrix(static_cast<Eigen::Index>(values.size()), values.empty() ? 0 : values.front().size());
        for (std::size_t k = 0; k < values.size(); ++k) matrix.row(static_cast<Eigen::Index>(k)) = values[k].transpose();
        return matrix;
    }

    TargetEncoding read_target(const Json& json, const TreeModel& tree) const {
        const std::string where = "the target";
        if (!json.is_object()) fail("field \"target\" must be an object, not " + describe_json(json));
        TargetEncoding target;
        target.column = string(json, "column", where);
        target.task = task(json, "task", where);
        target.class_names = strings(json, "class_names", where, limits_.max_classes);
        if (target.task != tree.task) fail("the target's task differs from the tree's task \"" + to_string(tree.task) + "\"");
        if (tree.task == Task::Classification && target.class_names != tree.class_names)
            fail("the target's class names differ from the tree's class names");
        return target;
    }

    InputColumn read_input(const Json& json, std::size_t index) const {
        const std::string where = "pipeline input " + std::to_string(index);
        if (!json.is_object()) fail(where + " must be an object, not " + describe_json(json));
        InputColumn input;
        input.name = string(json, "name", where);
        const std::string kind = string(json, "kind", where);
        if (kind != "numeric" && kind != "categorical")
            fail(where + ": field \"kind\" must be \"numeric\" or \"categorical\", not \"" + kind + "\"");
        input.kind = kind == "numeric" ? ColumnKind::Numeric : ColumnKind::Categorical;
        input.impute_value = number_or_nan(json, "impute_value", where);
        input.missing_indicator = boolean(json, "missing_indicator", where);
        input.levels = strings(json, "levels", where, limits_.max_features);
        if (json.contains("encoding") && json["encoding"] == "ordinal" && input.kind == ColumnKind::Categorical)
            input.encoding = CategoricalEncoding::Ordinal;  // format version 4
        else if (json.contains("encoding"))
            read_leave_one_out(json, where, input);  // absent in one-hot (and older) files
        if (json.contains("reading")) {
            if (input.kind != ColumnKind::Numeric) fail(where + ": field \"reading\" belongs to a numeric input");
            input.reading = read_reading(json["reading"], where);
        }
        return input;
    }

    // The time of day a date column holds. Files written before it was recorded do not say: the
    // finest, so that thresholds show the exact date-time rather than a day that may not be true.
    TimeOfDay read_times(const Json& json, const std::string& where) const {
        if (!json.contains("times")) return TimeOfDay::Fractions;
        const std::string times = string(json, "times", where);
        if (times == "none") return TimeOfDay::None;
        if (times == "minutes") return TimeOfDay::Minutes;
        if (times == "seconds") return TimeOfDay::Seconds;
        if (times != "fractions")
            fail(where + ": a date's \"times\" must be \"none\", \"minutes\", \"seconds\" or \"fractions\", not \"" + times + "\"");
        return TimeOfDay::Fractions;
    }

    // A text column's reading as numbers (format version 4; cell_reading.h).
    CellReading read_reading(const Json& json, const std::string& where) const {
        if (!json.is_object()) fail(where + ": field \"reading\" must be an object, not " + describe_json(json));
        CellReading reading;
        const std::string kind = string(json, "kind", where);
        if (kind == "date") {
            reading.kind = CellReading::Kind::Date;
            const std::string order = string(json, "order", where);
            if (order == "dmy") reading.order = DateOrder::DayMonthYear;
            else if (order == "mdy") reading.order = DateOrder::MonthDayYear;
            else if (order != "ymd") fail(where + ": a date's \"order\" must be \"ymd\", \"dmy\" or \"mdy\", not \"" + order + "\"");
            reading.year = boolean(json, "year", where);
            reading.month = boolean(json, "month", where);
            reading.weekday = boolean(json, "weekday", where);
            reading.times = read_times(json, where);
            return reading;
        }
        if (kind != "number") fail(where + ": a reading's \"kind\" must be \"date\" or \"number\", not \"" + kind + "\"");
        reading.kind = CellReading::Kind::Number;
        const std::string grouping = string(json, "grouping", where), decimal = string(json, "decimal", where);
        if (grouping.size() > 1 || (grouping.size() == 1 && std::string(",. '").find(grouping[0]) == std::string::npos))
            fail(where + ": the thousands separator \"" + grouping + "\" is not one of , . space '");
        if (decimal != "." && decimal != ",") fail(where + ": the decimal separator must be \".\" or \",\", not \"" + decimal + "\"");
        reading.grouping = grouping.empty() ? 0 : grouping[0];
        reading.decimal = decimal[0];
        reading.percent = boolean(json, "percent", where);
        return reading;
    }

    void read_leave_one_out(const Json& json, const std::string& where, InputColumn& input) const {
        const std::string encoding = string(json, "encoding", where);
        if (encoding != "loo" || input.kind != ColumnKind::Categorical)
            fail(where + ": field \"encoding\" must be \"loo\" on a categorical input, not \"" + encoding + "\"");
        input.encoding = CategoricalEncoding::LeaveOneOut;
        const Eigen::VectorXd sums = finite_numbers(json, "loo_sums", where, limits_.max_features);
        const Eigen::VectorXd counts = finite_numbers(json, "loo_counts", where, limits_.max_features);
        const auto levels = static_cast<Eigen::Index>(input.levels.size());
        if (sums.size() != levels || counts.size() != levels)
            fail(where + ": the leave-one-out table needs " + std::to_string(levels) + " sums and counts, one per level");
        if ((counts.array() < 0.0).any()) fail(where + ": a leave-one-out count is negative");
        input.leave_one_out.sums.assign(sums.begin(), sums.end());
        input.leave_one_out.counts.assign(counts.begin(), counts.end());
        input.leave_one_out.mean = number(json, "loo_mean", where);
        if (!std::isfinite(input.leave_one_out.mean)) fail(where + ": field \"loo_mean\" must be finite");
    }

    FeaturePipeline read_pipeline(const Json& json, const TreeModel& tree) const {
        const std::string where = "the pipeline";
        if (!json.is_object()) fail("field \"pipeline\" must be an object, not " + describe_json(json));
        FeaturePipeline pipeline;
        const Json& inputs = array(json, "inputs", where, limits_.max_features);
        std::size_t levels = 0;  // bounds the feature count before feature_names() builds the names
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            pipeline.inputs.push_back(read_input(inputs[i], i));
            levels += pipeline.inputs.back().levels.size();
            if (levels > limits_.max_features)
                fail(where + " has more than " + std::to_string(limits_.max_features) + " categorical levels in all");
        }
        const std::string scaling = string(json, "scaling", where);
        if (scaling != "none" && scaling != "zscore" && scaling != "quantile")
            fail(where + ": field \"scaling\" must be \"none\", \"zscore\" or \"quantile\", not \"" + scaling + "\"");
        pipeline.scaling = scaling_from_string(scaling);
        if (json.contains("left_out")) {  // informative: the text columns the run left out and why
            const Json& left_out = array(json, "left_out", where, limits_.max_features);
            for (const Json& column : left_out) {
                if (!column.is_object()) fail(where + ": an entry of \"left_out\" must be an object, not " + describe_json(column));
                pipeline.left_out.push_back({string(column, "name", where), string(column, "reason", where)});
            }
        }
        pipeline.center = finite_numbers(json, "center", where, limits_.max_features);
        pipeline.scale = finite_numbers(json, "scale", where, limits_.max_features);
        const Json& quantiles = array(json, "quantiles", where, limits_.max_features);
        for (std::size_t i = 0; i < quantiles.size(); ++i) {
            if (!quantiles[i].is_array())
                fail(where + ": entry " + std::to_string(i) + " of \"quantiles\" must be an array, not " + describe_json(quantiles[i]));
            pipeline.quantiles.push_back(quantile_row(quantiles[i], i, where));
        }
        check_pipeline(pipeline, tree);
        return pipeline;
    }

    // The reference quantiles of feature i.
    Eigen::VectorXd quantile_row(const Json& values, std::size_t i, const std::string& where) const {
        Eigen::VectorXd result(static_cast<Eigen::Index>(values.size()));
        for (std::size_t k = 0; k < values.size(); ++k) {
            if (!values[k].is_number() || !std::isfinite(values[k].get<double>()))
                fail(where + ": quantile " + std::to_string(k) + " of feature " + std::to_string(i) + " must be a finite number, not " +
                     describe_json(values[k]));
            result(static_cast<Eigen::Index>(k)) = values[k].get<double>();
        }
        return result;
    }

    void check_pipeline(const FeaturePipeline& pipeline, const TreeModel& tree) const {
        const std::size_t features = pipeline.feature_names().size();
        if (features != tree.feature_names.size())
            fail("the pipeline makes " + std::to_string(features) + " features but the tree has " +
                 std::to_string(tree.feature_names.size()) + " feature names");
        const auto n = static_cast<Eigen::Index>(features);
        if (pipeline.scaling == Scaling::ZScore && (pipeline.center.size() != n || pipeline.scale.size() != n))
            fail("the pipeline's z-score scaling needs " + std::to_string(n) + " centers and scales, not " +
                 std::to_string(pipeline.center.size()) + " and " + std::to_string(pipeline.scale.size()));
        if (pipeline.scaling == Scaling::ZScore)  // fitting sets a constant feature's scale to 1, never 0
            for (Eigen::Index j = 0; j < n; ++j)
                if (!(pipeline.scale(j) > 0.0))
                    fail("the pipeline's z-score scale of feature '" + tree.feature_names[static_cast<std::size_t>(j)] + "' is " +
                         nlohmann::json(pipeline.scale(j)).dump() + "; a scale must be positive (a constant feature's is 1)");
        if (pipeline.scaling == Scaling::QuantileNormal) {
            if (pipeline.quantiles.size() != features)
                fail("the pipeline's quantile scaling needs quantiles for " + std::to_string(features) + " features, not " +
                     std::to_string(pipeline.quantiles.size()));
            for (std::size_t i = 0; i < features; ++i)
                if (pipeline.quantiles[i].size() == 0) fail("the pipeline has no quantiles for feature " + std::to_string(i));
        }
    }

    RunCard read_card(const Json& json) const {
        const std::string where = "the run card";
        if (!json.is_object()) fail("field \"run_card\" must be an object, not " + describe_json(json));
        RunCard card;
        card.method = string(json, "method", where);
        const Json& params = object(json, "params", where);
        for (const auto& [name, value] : params.items()) {
            if (!value.is_string()) fail(where + ": parameter \"" + name + "\" must be a string, not " + describe_json(value));
            card.params[name] = value.get<std::string>();
        }
        card.seed = static_cast<std::uint32_t>(integer(json, "seed", where, 0, UINT32_MAX));
        card.data_file = string(json, "data_file", where);
        card.data_sha256 = string(json, "data_sha256", where);
        // Absent from files written before the run card recorded how the file was read.
        if (json.contains("data_delimiter")) card.data_delimiter = string(json, "data_delimiter", where);
        if (json.contains("data_decimal")) card.data_decimal = string(json, "data_decimal", where);
        if (json.contains("data_encoding")) card.data_encoding = string(json, "data_encoding", where);
        if (json.contains("data_reading")) card.data_reading = string(json, "data_reading", where);
        if (json.contains("data_columns")) card.data_columns = string(json, "data_columns", where);
        card.split = string(json, "split", where);
        card.split_mode = string(json, "split_mode", where);
        // Absent from files written before the run card recorded the applied scaling.
        if (json.contains("scaling")) card.scaling = string(json, "scaling", where);
        card.command_line = string(json, "command_line", where);
        card.treelab_version = string(json, "treelab_version", where);
        return card;
    }

    const ModelFileLimits& limits_;
};

}  // namespace

ModelFile model_from_json(const std::string& text, const std::string& source_name, const ModelFileLimits& limits) {
    return Reader(source_name, limits).read(text);
}

ModelFile model_from_json_value(const Json& document, const std::string& source_name, const ModelFileLimits& limits) {
    return Reader(source_name, limits).read_document(document);
}

TreeModel tree_from_json_value(const Json& tree, const std::string& source_name, const ModelFileLimits& limits) {
    const Reader reader(source_name, limits);
    if (!tree.is_object()) reader.fail("must be an object, not " + describe_json(tree));
    return reader.read_tree(tree);
}

}  // namespace treelab
