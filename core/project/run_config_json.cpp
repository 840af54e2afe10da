// RunConfig ⇄ JSON. Optional values (task, seeds, scaling) are null when unset; parameters are
// their canonical texts, read back against the method's description.
#include "core/project/run_config_json.h"

#include "core/data/cell_reading.h"
#include "core/data/leave_one_out.h"
#include "core/error.h"

namespace treelab {
namespace {

// A delimiter or decimal character; "" = detected by the reader.
OrderedJson character_json(char c) { return c == 0 ? std::string() : std::string(1, c); }

char character(const ProjectFields& fields, const Json& json, const char* key, const std::string& where) {
    const std::string text = fields.string(json, key, where);
    if (text.size() > 1) fields.fail(JsonFields::at(where) + "field \"" + key + "\" must be one character or \"\", not \"" + text + "\"");
    return text.empty() ? '\0' : text[0];
}

template <typename T>
OrderedJson optional_json(const std::optional<T>& value) {
    return value ? OrderedJson(*value) : OrderedJson(nullptr);
}

std::optional<std::uint32_t> optional_seed(const ProjectFields& fields, const Json& json, const char* key, const std::string& where) {
    if (fields.field(json, key, where).is_null()) return std::nullopt;
    return fields.seed(json, key, where);
}

}  // namespace

OrderedJson run_config_json(const RunConfig& config, const std::filesystem::path& project_folder) {
    OrderedJson json{{"data_file", config.data_file.string()}};
    if (!project_folder.empty() && !config.data_file.empty()) {
        namespace fs = std::filesystem;
        const fs::path relative =
            fs::absolute(config.data_file).lexically_normal().lexically_relative(fs::absolute(project_folder).lexically_normal());
        if (!relative.empty()) json["data_file_relative"] = relative.generic_string();
    }
    json["delimiter"] = character_json(config.delimiter);
    json["decimal"] = character_json(config.decimal);
    json["encoding"] = config.encoding;
    json["target"] = config.target;
    json["task"] = config.task ? OrderedJson(to_string(*config.task)) : OrderedJson(nullptr);
    json["drop_columns"] = config.drop_columns;
    json["method"] = config.method;
    json["params"] = params_json(config.params);
    json["seed"] = config.seed;
    json["split_seed"] = optional_json(config.split_seed);
    json["learner_seed"] = optional_json(config.learner_seed);
    json["split"] = {config.split.train, config.split.valid, config.split.test};
    json["split_mode"] = to_string(config.split_mode);
    json["scaling"] = scaling_text(config);  // "auto", "quantile-gradtree" (the noisy fit), ...
    json["quantile_fit_noise"] = config.quantile_fit_noise;
    json["categorical_encoding"] = to_string(config.categorical_encoding);
    json["missing_as_level"] = config.missing_as_level;
    json["fit_on"] = to_string(config.fit_on);
    json["smote"] = config.smote;
    json["thousands"] = thousands_text(config.reading.thousands);
    json["percent"] = config.reading.percent;
    json["dates"] = dates_text(config.reading.dates);
    OrderedJson encodings = OrderedJson::object();
    for (const auto& [column, encoding] : config.column_encodings) encodings[column] = to_string(encoding);
    json["column_encodings"] = std::move(encodings);
    return json;
}

RunConfig read_run_config(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(JsonFields::at(where) + "must be an object, not " + describe_json(json));
    RunConfig config;
    config.data_file = fields.string(json, "data_file", where);
    if (json.contains("data_file_relative"))
        fields.relative_data_files[config.data_file] = std::filesystem::path(fields.string(json, "data_file_relative", where));
    config.delimiter = character(fields, json, "delimiter", where);
    config.decimal = character(fields, json, "decimal", where);
    config.encoding = fields.string(json, "encoding", where);
    config.target = fields.string(json, "target", where);
    if (!fields.field(json, "task", where).is_null()) config.task = fields.choice(json, "task", where, task_from_string);
    config.drop_columns = fields.strings(json, "drop_columns", where, fields.limits().model.max_features);
    config.method = fields.string(json, "method", where);
    config.params = fields.params(json, "params", where, config.method);
    config.seed = fields.seed(json, "seed", where);
    config.split_seed = optional_seed(fields, json, "split_seed", where);
    config.learner_seed = optional_seed(fields, json, "learner_seed", where);
    const Eigen::VectorXd split = fields.finite_numbers(json, "split", where, 3);
    if (split.size() != 3) fields.fail(JsonFields::at(where) + "field \"split\" must hold the train, validation and test fractions");
    config.split = {split(0), split(1), split(2)};
    config.split_mode = fields.choice(json, "split_mode", where, split_mode_from_string);
    fields.choice(json, "scaling", where, [&](const std::string& text) {
        set_scaling(config, text);
        return 0;
    });
    config.quantile_fit_noise = fields.boolean(json, "quantile_fit_noise", where);
    config.categorical_encoding = fields.choice(json, "categorical_encoding", where, categorical_encoding_from_string);
    config.missing_as_level = fields.boolean(json, "missing_as_level", where);
    config.fit_on = fields.choice(json, "fit_on", where, fit_on_from_string);
    config.smote = fields.boolean(json, "smote", where);
    config.reading.thousands = fields.choice(json, "thousands", where, thousands_from_string);
    config.reading.percent = fields.boolean(json, "percent", where);
    config.reading.dates = fields.choice(json, "dates", where, dates_from_string);
    const Json& encodings = fields.field(json, "column_encodings", where);
    if (!encodings.is_object() || encodings.size() > fields.limits().model.max_features)
        fields.fail(JsonFields::at(where) + "field \"column_encodings\" must be an object of at most " +
                    std::to_string(fields.limits().model.max_features) + " columns");
    for (const auto& [column, encoding] : encodings.items()) {
        if (!encoding.is_string()) fields.fail(JsonFields::at(where) + "the encoding of column \"" + column + "\" must be a string");
        try {
            config.column_encodings[column] = categorical_encoding_from_string(encoding.get<std::string>());
        } catch (const ParamError& error) {
            fields.fail(JsonFields::at(where) + "column \"" + column + "\": " + error.what());
        }
    }
    return config;
}

}  // namespace treelab
