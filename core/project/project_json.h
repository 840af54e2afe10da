#pragma once
// Internal to core/project (.cpp files only; it brings in nlohmann-json): what the project file's
// sections share. Numbers that may be non-finite (scores, losses, metrics) are JSON numbers when
// finite, null for NaN and the strings "inf" and "-inf" for infinities; every other double is
// finite and written as the shortest text that parses back to the same bits.
#include <filesystem>
#include <map>
#include <string>

#include "core/error.h"
#include "core/model/json_fields.h"
#include "core/project/project_file.h"

namespace treelab {

using OrderedJson = nlohmann::ordered_json;

OrderedJson real_json(double value);
OrderedJson reals_json(const Eigen::VectorXd& values);
OrderedJson scores_json(const Scores& scores);
OrderedJson params_json(const ParamValues& params);  // name → canonical text
OrderedJson tree_stats_json(const TreeStats& stats);

template <typename T, typename ToJson>
OrderedJson list_json(const std::vector<T>& items, ToJson to_json) {
    OrderedJson array = OrderedJson::array();
    for (const T& item : items) array.push_back(to_json(item));
    return array;
}

// The typed reading of a project document: JsonFields' accessors, throwing ProjectFileError, and
// the project's own kinds of values. Models and trees are read by the model file's reader.
class ProjectFields : public JsonFields {
public:
    ProjectFields(const std::string& source, const ProjectLimits& limits);
    const ProjectLimits& limits() const { return limits_; }

    double real(const Json& object, const char* key, const std::string& where) const;  // real_json's text
    Eigen::VectorXd reals(const Json& object, const char* key, const std::string& where, std::size_t max_size) const;
    Scores scores(const Json& object, const char* key, const std::string& where) const;
    std::uint32_t seed(const Json& object, const char* key, const std::string& where) const;
    TreeStats tree_stats(const Json& object, const char* key, const std::string& where) const;
    // A complete parameter set of `method` (a learner or the forest) from its canonical texts; an
    // empty object gives empty values (a comparison's data set, whose parameters are unused).
    ParamValues params(const Json& object, const char* key, const std::string& where, const std::string& method) const;
    ModelFile model(const Json& object, const char* key, const std::string& where) const;
    TreeModel tree(const Json& object, const char* key, const std::string& where) const;
    // A text an enum's from_string parses (they throw ParamError for other texts).
    template <typename Parse>
    auto choice(const Json& object, const char* key, const std::string& where, Parse parse) const {
        const std::string text = string(object, key, where);
        try {
            return parse(text);
        } catch (const Error& error) {
            fail(at(where) + "field \"" + key + "\": " + error.what());
        }
    }
    // A name for a std::string_view that must outlive the project (EpochReport::metric).
    std::string_view lasting_name(const Json& object, const char* key, const std::string& where) const;

    // Data files as stored relative to the project's folder: absolute path → relative path.
    mutable std::map<std::filesystem::path, std::filesystem::path> relative_data_files;

private:
    const ProjectLimits& limits_;
};

// The array `key` of at most `max_items` items (0: limits().max_rows), each read by
// read(fields, item, "where: item N").
template <typename Read>
auto read_list(const ProjectFields& fields, const Json& json, const char* key, const std::string& where, const char* item, Read read,
               std::size_t max_items = 0) {
    const Json& array = fields.array(json, key, where, max_items == 0 ? fields.limits().max_rows : max_items);
    std::vector<decltype(read(fields, array[0], where))> items;
    items.reserve(array.size());
    for (std::size_t i = 0; i < array.size(); ++i)
        items.push_back(read(fields, array[i], JsonFields::at(where) + item + " " + std::to_string(i + 1)));
    return items;
}

}  // namespace treelab
