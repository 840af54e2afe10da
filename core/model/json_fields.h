#pragma once
// Internal to core's file readers (.cpp files only; it brings in nlohmann-json): parsing untrusted
// JSON with bounds on nesting, object members and array lengths enforced while it is parsed, and
// typed field accessors whose every refusal names the place and the field. Model files and project
// files read through it, so both refuse the same hostile input the same way.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <nlohmann/json.hpp>

namespace treelab {

using Json = nlohmann::json;

// A short, printable rendering of a value from the file for messages.
std::string describe_json(const Json& value);

class JsonFields {
public:
    // `fail` throws the reader's error kind (ModelFileError, ProjectFileError) for `source`.
    using Fail = void (*)(const std::string& source, const std::string& message);
    JsonFields(const std::string& source, Fail fail) : source_(source), fail_(fail) {}

    [[noreturn]] void fail(const std::string& message) const;
    const std::string& source() const { return source_; }

    // Parses `text`, refusing nesting deeper than 64, objects of more than 1000 members and arrays
    // longer than `max_array` as they are met; `document` names the kind ("model file") in messages.
    // Syntax errors name the byte offset.
    Json parse(const std::string& text, std::size_t max_array, const char* document) const;

    static std::string at(const std::string& where) { return where.empty() ? "" : where + ": "; }

    const Json& field(const Json& object, const char* key, const std::string& where) const;
    [[noreturn]] void wrong_type(const char* key, const std::string& where, const char* expected, const Json& value) const;
    const Json& object(const Json& parent, const char* key, const std::string& where) const;
    const Json& array(const Json& parent, const char* key, const std::string& where, std::size_t max_size) const;
    std::string string(const Json& object, const char* key, const std::string& where) const;
    bool boolean(const Json& object, const char* key, const std::string& where) const;
    // max >= 0; integers above the int64 range arrive as unsigned and are compared as such.
    std::int64_t integer(const Json& object, const char* key, const std::string& where, std::int64_t min, std::int64_t max) const;
    int small_integer(const Json& object, const char* key, const std::string& where, int min) const;
    double number(const Json& object, const char* key, const std::string& where) const;
    // NaN is written as null (JSON has no NaN).
    double number_or_nan(const Json& object, const char* key, const std::string& where) const;
    Eigen::VectorXd numbers(const Json& object, const char* key, const std::string& where, std::size_t max_size) const;
    Eigen::VectorXd finite_numbers(const Json& object, const char* key, const std::string& where, std::size_t max_size) const;
    std::vector<std::string> strings(const Json& object, const char* key, const std::string& where, std::size_t max_size) const;

private:
    const std::string& source_;
    Fail fail_;
};

}  // namespace treelab
