#include <algorithm>
#include <charconv>
#include <cmath>

#include "core/error.h"
#include "core/params/param_spec.h"

namespace treelab {
namespace {

const ParamSpec& find_spec(std::span<const ParamSpec> specs, const std::string& name) {
    for (const ParamSpec& spec : specs)
        if (spec.name == name) return spec;
    std::string known;
    for (const ParamSpec& spec : specs) known += (known.empty() ? "" : ", ") + spec.name;
    throw ParamError("unknown parameter '" + name + "'; this method has: " + known);
}

bool parse_number(const std::string& text, double& value) {
    const char* first = text.data();
    const char* last = first + text.size();
    const auto [end, error] = std::from_chars(first, last, value);
    return error == std::errc() && end == last && std::isfinite(value);
}

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

[[noreturn]] void reject(const ParamSpec& spec, const std::string& text, const std::string& expected) {
    throw ParamError("parameter " + spec.name + " = '" + text + "': expected " + expected + " " + spec.range_text());
}

ParamValue parse_value(const ParamSpec& spec, const std::string& text) {
    double number = 0.0;
    switch (spec.type) {
    case ParamType::Integer:
        if (!parse_number(text, number) || number != std::floor(number)) reject(spec, text, "an integer in");
        if (number < spec.min || number > spec.max) reject(spec, text, "an integer in");
        return static_cast<long long>(number);
    case ParamType::Real:
        if (!parse_number(text, number) || number < spec.min || number > spec.max) reject(spec, text, "a number in");
        return number;
    case ParamType::Boolean: {
        const std::string word = lowercase(text);
        if (word == "true" || word == "1" || word == "yes" || word == "on") return true;
        if (word == "false" || word == "0" || word == "no" || word == "off") return false;
        reject(spec, text, "one of");
    }
    case ParamType::Choice: {
        const std::string word = lowercase(text);
        if (std::find(spec.choices.begin(), spec.choices.end(), word) != spec.choices.end()) return word;
        if (spec.accepts_number && parse_number(text, number) && number >= spec.min && number <= spec.max) return number;
        reject(spec, text, "one of");
    }
    case ParamType::Text:
        if (!spec.parse_text) return text;
        try {
            return spec.parse_text(text);
        } catch (const ParamError& error) {
            throw ParamError("parameter " + spec.name + " = '" + text + "': " + error.what());
        }
    }
    reject(spec, text, "a value in");
}

}  // namespace

std::string to_string(ParamType type) {
    switch (type) {
    case ParamType::Integer: return "integer";
    case ParamType::Real: return "real";
    case ParamType::Boolean: return "boolean";
    case ParamType::Choice: return "choice";
    case ParamType::Text: return "text";
    }
    return "unknown";
}

std::string to_text(const ParamValue& value) {
    if (const auto* integer = std::get_if<long long>(&value)) return std::to_string(*integer);
    if (const auto* flag = std::get_if<bool>(&value)) return *flag ? "true" : "false";
    if (const auto* word = std::get_if<std::string>(&value)) return *word;
    // Shortest text that reads back to the same double.
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, std::get<double>(value));
    return std::string(buffer, result.ptr);
}

std::string ParamSpec::choice_label(const std::string& word) const {
    for (std::size_t k = 0; k < choices.size() && k < choice_labels.size(); ++k)
        if (choices[k] == word) return choice_labels[k];
    return word;
}

std::string ParamSpec::range_text() const {
    auto number = [](double value) { return value >= 1e300 ? std::string("inf") : to_text(value); };
    switch (type) {
    case ParamType::Integer:
    case ParamType::Real: return "[" + number(min) + ", " + number(max) + "]";
    case ParamType::Boolean: return "true | false";
    case ParamType::Choice: {
        std::string text;
        for (const std::string& choice : choices) text += (text.empty() ? "" : " | ") + choice;
        if (accepts_number) text += " | a number in [" + number(min) + ", " + number(max) + "]";
        return text;
    }
    case ParamType::Text: {
        std::string text;
        for (const std::string& preset : choices) text += preset + " | ";
        return text + "text";
    }
    }
    return "";
}

ParamValues::ParamValues(std::span<const ParamSpec> specs) {
    for (const ParamSpec& spec : specs) values_[spec.name] = spec.default_value;
}

void ParamValues::set(std::span<const ParamSpec> specs, const std::string& name, const std::string& text) {
    values_[name] = parse_value(find_spec(specs, name), text);
}

std::pair<std::string, std::string> split_assignment(const std::string& assignment) {
    const std::size_t equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0)
        throw ParamError("parameter '" + assignment + "' must be written NAME=VALUE");
    return {assignment.substr(0, equals), assignment.substr(equals + 1)};
}

void ParamValues::set_assignment(std::span<const ParamSpec> specs, const std::string& assignment) {
    const auto [name, text] = split_assignment(assignment);
    set(specs, name, text);
}

namespace {
const ParamValue& lookup(const std::map<std::string, ParamValue>& values, const std::string& name) {
    const auto found = values.find(name);
    if (found == values.end()) throw ParamError("parameter '" + name + "' has no value");
    return found->second;
}
}  // namespace

long long ParamValues::integer(const std::string& name) const {
    const ParamValue& value = lookup(values_, name);
    if (const auto* integer = std::get_if<long long>(&value)) return *integer;
    throw ParamError("parameter '" + name + "' is not an integer");
}

double ParamValues::real(const std::string& name) const {
    const ParamValue& value = lookup(values_, name);
    if (const auto* integer = std::get_if<long long>(&value)) return static_cast<double>(*integer);
    if (const auto* number = std::get_if<double>(&value)) return *number;
    throw ParamError("parameter '" + name + "' is not a number");
}

bool ParamValues::boolean(const std::string& name) const {
    const ParamValue& value = lookup(values_, name);
    if (const auto* flag = std::get_if<bool>(&value)) return *flag;
    throw ParamError("parameter '" + name + "' is not a boolean");
}

std::string ParamValues::text(const std::string& name) const { return to_text(lookup(values_, name)); }

bool ParamValues::contains(const std::string& name) const { return values_.count(name) > 0; }

bool ParamValues::is_number(const std::string& name) const {
    const ParamValue& value = lookup(values_, name);
    return std::holds_alternative<double>(value) || std::holds_alternative<long long>(value);
}

std::optional<long long> ParamValues::whole_number(const std::string& name) const {
    if (!is_number(name)) return std::nullopt;
    const double value = real(name);
    if (value != std::floor(value)) throw ParamError(name + " must be auto or a whole number, not " + text(name));
    return static_cast<long long>(value);
}

std::map<std::string, std::string> ParamValues::canonical() const {
    std::map<std::string, std::string> texts;
    for (const auto& [name, value] : values_) texts[name] = to_text(value);
    return texts;
}

}  // namespace treelab
