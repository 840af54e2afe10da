// The project document's shared value kinds, both ways (project_json.h).
#include <cmath>
#include <limits>
#include <mutex>
#include <set>

#include "core/compare/comparison.h"
#include "core/error.h"
#include "core/forest/random_forest.h"
#include "core/model/model_json.h"
#include "core/project/project_json.h"

namespace treelab {
namespace {

[[noreturn]] void throw_project_file_error(const std::string& source, const std::string& message) {
    throw ProjectFileError(source, message);
}

// Names a loaded history points at for the life of the process. Bounded, since a hostile file
// could otherwise grow it with every load.
constexpr std::size_t kMaxLastingNames = 1000, kMaxLastingNameLength = 200;

}  // namespace

OrderedJson real_json(double value) {
    if (std::isnan(value)) return OrderedJson(nullptr);
    if (std::isinf(value)) return OrderedJson(value > 0 ? "inf" : "-inf");
    return OrderedJson(value);
}

OrderedJson reals_json(const Eigen::VectorXd& values) {
    OrderedJson array = OrderedJson::array();
    for (const double value : values) array.push_back(real_json(value));
    return array;
}

OrderedJson scores_json(const Scores& scores) {
    OrderedJson json = OrderedJson::object();
    for (const auto& [name, value] : scores) json[name] = real_json(value);
    return json;
}

OrderedJson params_json(const ParamValues& params) {
    OrderedJson json = OrderedJson::object();
    for (const auto& [name, text] : params.canonical()) json[name] = text;
    return json;
}

OrderedJson tree_stats_json(const TreeStats& stats) {
    return OrderedJson{{"depth", stats.depth},
                       {"nodes", stats.nodes},
                       {"leaves", stats.leaves},
                       {"active_nodes", stats.active_nodes},
                       {"empty_nodes", stats.empty_nodes},
                       {"pruned_nodes", stats.pruned_nodes}};
}

ProjectFields::ProjectFields(const std::string& source, const ProjectLimits& limits)
    : JsonFields(source, throw_project_file_error), limits_(limits) {}

namespace {

double real_value(const JsonFields& fields, const Json& value, const std::string& what) {
    if (value.is_number()) return value.get<double>();
    if (value.is_null()) return std::numeric_limits<double>::quiet_NaN();
    if (value == "inf") return std::numeric_limits<double>::infinity();
    if (value == "-inf") return -std::numeric_limits<double>::infinity();
    fields.fail(what + " must be a number, null, \"inf\" or \"-inf\", not " + describe_json(value));
}

}  // namespace

double ProjectFields::real(const Json& object, const char* key, const std::string& where) const {
    return real_value(*this, field(object, key, where), at(where) + "field \"" + key + "\"");
}

Eigen::VectorXd ProjectFields::reals(const Json& object, const char* key, const std::string& where, std::size_t max_size) const {
    const Json& values = array(object, key, where, max_size);
    Eigen::VectorXd result(static_cast<Eigen::Index>(values.size()));
    for (std::size_t i = 0; i < values.size(); ++i)
        result(static_cast<Eigen::Index>(i)) = real_value(*this, values[i], at(where) + "entry " + std::to_string(i) + " of \"" + key + "\"");
    return result;
}

Scores ProjectFields::scores(const Json& object, const char* key, const std::string& where) const {
    const Json& json = this->object(object, key, where);
    Scores scores;
    for (const auto& [name, value] : json.items())
        scores[name] = real_value(*this, value, at(where) + "score \"" + name + "\" of \"" + key + "\"");
    return scores;
}

std::uint32_t ProjectFields::seed(const Json& object, const char* key, const std::string& where) const {
    return static_cast<std::uint32_t>(integer(object, key, where, 0, std::numeric_limits<std::uint32_t>::max()));
}

TreeStats ProjectFields::tree_stats(const Json& object, const char* key, const std::string& where) const {
    const Json& json = this->object(object, key, where);
    const std::string inside = at(where) + key;
    TreeStats stats;
    stats.depth = small_integer(json, "depth", inside, 0);
    stats.nodes = small_integer(json, "nodes", inside, 0);
    stats.leaves = small_integer(json, "leaves", inside, 0);
    stats.active_nodes = small_integer(json, "active_nodes", inside, 0);
    stats.empty_nodes = small_integer(json, "empty_nodes", inside, 0);
    stats.pruned_nodes = small_integer(json, "pruned_nodes", inside, 0);
    return stats;
}

ParamValues ProjectFields::params(const Json& object, const char* key, const std::string& where, const std::string& method) const {
    const Json& json = this->object(object, key, where);
    if (json.empty()) return {};
    try {
        const std::span<const ParamSpec> specs = method == forest_method ? forest_params() : find_learner(method).params;
        ParamValues values(specs);
        for (const auto& [name, text] : json.items()) {
            if (!text.is_string()) fail(at(where) + "parameter \"" + name + "\" must be a string, not " + describe_json(text));
            values.set(specs, name, text.get<std::string>());
        }
        return values;
    } catch (const ParamError& error) {
        fail(at(where) + "field \"" + key + "\": " + error.what());
    }
}

ModelFile ProjectFields::model(const Json& object, const char* key, const std::string& where) const {
    const Json& json = field(object, key, where);
    try {
        return model_from_json_value(json, at(where) + key, limits_.model);
    } catch (const ModelFileError& error) {
        throw ProjectFileError(source(), error.what());
    }
}

TreeModel ProjectFields::tree(const Json& object, const char* key, const std::string& where) const {
    const Json& json = field(object, key, where);
    try {
        return tree_from_json_value(json, at(where) + key, limits_.model);
    } catch (const ModelFileError& error) {
        throw ProjectFileError(source(), error.what());
    }
}

std::string_view ProjectFields::lasting_name(const Json& object, const char* key, const std::string& where) const {
    static std::mutex mutex;
    static std::set<std::string, std::less<>> names;
    const std::string text = string(object, key, where);
    const std::lock_guard lock(mutex);
    if (const auto found = names.find(text); found != names.end()) return *found;
    if (text.size() > kMaxLastingNameLength || names.size() >= kMaxLastingNames)
        fail(at(where) + "field \"" + key + "\" is not a metric or schedule name TreeLab writes");
    return *names.insert(text).first;
}

}  // namespace treelab
