// Typed, bounded reading of untrusted JSON (json_fields.h). Nothing is indexed, converted or
// allocated before its type and size are checked.
#include "core/model/json_fields.h"

#include <climits>
#include <cmath>
#include <functional>
#include <limits>
#include <new>

namespace treelab {
namespace {

// No legitimate TreeLab file nests deeper than a dozen levels or has objects with more than a few
// dozen members (a run card's parameters); bounds keep hostile nesting and key floods harmless.
constexpr std::size_t kMaxNesting = 64;
constexpr std::size_t kMaxObjectMembers = 1000;

// Enforces those bounds and a bound on every array's length while nlohmann parses, so a hostile
// file is refused before it is fully held in memory. The exact per-field limits are checked
// afterwards, with messages naming the field.
class SizeGuard {
public:
    SizeGuard(std::size_t max_array, const JsonFields& fields, const char* document)
        : max_array_(max_array), fields_(fields), document_(document) {}

    bool operator()(int /*depth*/, Json::parse_event_t event, Json& /*parsed*/) {
        switch (event) {
            case Json::parse_event_t::object_start:
            case Json::parse_event_t::array_start:
                count_entry();
                if (open_.size() >= kMaxNesting) fields_.fail("nests JSON deeper than " + std::to_string(kMaxNesting) + " levels");
                open_.push_back({event == Json::parse_event_t::array_start, 0});
                break;
            case Json::parse_event_t::object_end:
            case Json::parse_event_t::array_end:
                open_.pop_back();
                break;
            case Json::parse_event_t::value:
                count_entry();
                break;
            case Json::parse_event_t::key:
                break;
        }
        return true;
    }

private:
    struct Open {
        bool array;
        std::size_t entries;
    };

    void count_entry() {
        if (open_.empty()) return;
        Open& open = open_.back();
        const std::size_t limit = open.array ? max_array_ : kMaxObjectMembers;
        if (++open.entries > limit)
            fields_.fail(std::string("has a JSON ") + (open.array ? "array" : "object") + " with more than " +
                         std::to_string(limit) + " entries, more than any " + document_ + " holds");
    }

    std::size_t max_array_;
    const JsonFields& fields_;
    const char* document_;
    std::vector<Open> open_;
};

std::string without_prefix(const char* what) {
    // what() is "[json.exception.parse_error.101] parse error at line 1, column 11: ..."
    std::string detail = what;
    if (const std::size_t prefix = detail.find("] "); prefix != std::string::npos) detail.erase(0, prefix + 2);
    return detail;
}

}  // namespace

std::string describe_json(const Json& value) {
    if (value.is_string()) {
        std::string text = value.get<std::string>();
        if (text.size() > 40) text = text.substr(0, 40) + "...";
        return "the string \"" + text + "\"";
    }
    if (value.is_number()) return "the number " + value.dump();
    if (value.is_boolean()) return value.dump();
    return std::string(value.is_null() ? "null" : value.is_array() ? "an array" : "an object");
}

void JsonFields::fail(const std::string& message) const {
    fail_(source_, message);
    throw std::logic_error("JsonFields: the fail function returned");  // never reached: fail_ throws
}

Json JsonFields::parse(const std::string& text, std::size_t max_array, const char* document) const {
    SizeGuard guard(max_array, *this, document);
    try {
        return Json::parse(text, std::ref(guard));
    } catch (const Json::parse_error& error) {
        fail("is not valid JSON (byte " + std::to_string(error.byte) + "): " + without_prefix(error.what()));
    } catch (const Json::out_of_range& error) {
        // nlohmann refuses a number beyond the double range (e.g. 1e999) with out_of_range.406.
        fail("has a number too large for a double (" + without_prefix(error.what()) + ")");
    } catch (const std::bad_alloc&) {
        fail("is too large to load into memory");
    }
}

const Json& JsonFields::field(const Json& object, const char* key, const std::string& where) const {
    const auto it = object.find(key);
    if (it == object.end()) fail(at(where) + "field \"" + key + "\" is missing");
    return *it;
}

void JsonFields::wrong_type(const char* key, const std::string& where, const char* expected, const Json& value) const {
    fail(at(where) + "field \"" + key + "\" must be " + expected + ", not " + describe_json(value));
}

const Json& JsonFields::object(const Json& parent, const char* key, const std::string& where) const {
    const Json& value = field(parent, key, where);
    if (!value.is_object()) wrong_type(key, where, "an object", value);
    return value;
}

const Json& JsonFields::array(const Json& parent, const char* key, const std::string& where, std::size_t max_size) const {
    const Json& value = field(parent, key, where);
    if (!value.is_array()) wrong_type(key, where, "an array", value);
    if (value.size() > max_size)
        fail(at(where) + "field \"" + key + "\" has " + std::to_string(value.size()) + " entries, more than the limit of " +
             std::to_string(max_size));
    return value;
}

std::string JsonFields::string(const Json& object, const char* key, const std::string& where) const {
    const Json& value = field(object, key, where);
    if (!value.is_string()) wrong_type(key, where, "a string", value);
    return value.get<std::string>();
}

bool JsonFields::boolean(const Json& object, const char* key, const std::string& where) const {
    const Json& value = field(object, key, where);
    if (!value.is_boolean()) wrong_type(key, where, "true or false", value);
    return value.get<bool>();
}

std::int64_t JsonFields::integer(const Json& object, const char* key, const std::string& where, std::int64_t min,
                                 std::int64_t max) const {
    const Json& value = field(object, key, where);
    if (!value.is_number_integer()) wrong_type(key, where, "an integer", value);
    const bool above = value.is_number_unsigned() ? value.get<std::uint64_t>() > static_cast<std::uint64_t>(max)
                                                  : value.get<std::int64_t>() > max;
    if (above || (!value.is_number_unsigned() && value.get<std::int64_t>() < min))
        fail(at(where) + "field \"" + key + "\" is " + value.dump() + ", outside the range " + std::to_string(min) + " to " +
             std::to_string(max));
    return value.get<std::int64_t>();
}

int JsonFields::small_integer(const Json& object, const char* key, const std::string& where, int min) const {
    return static_cast<int>(integer(object, key, where, min, INT_MAX));
}

double JsonFields::number(const Json& object, const char* key, const std::string& where) const {
    const Json& value = field(object, key, where);
    if (!value.is_number()) wrong_type(key, where, "a number", value);
    return value.get<double>();
}

double JsonFields::number_or_nan(const Json& object, const char* key, const std::string& where) const {
    const Json& value = field(object, key, where);
    if (value.is_null()) return std::numeric_limits<double>::quiet_NaN();
    if (!value.is_number()) wrong_type(key, where, "a number or null", value);
    return value.get<double>();
}

Eigen::VectorXd JsonFields::numbers(const Json& object, const char* key, const std::string& where, std::size_t max_size) const {
    const Json& values = array(object, key, where, max_size);
    Eigen::VectorXd result(static_cast<Eigen::Index>(values.size()));
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!values[i].is_number())
            fail(at(where) + "entry " + std::to_string(i) + " of \"" + key + "\" must be a number, not " + describe_json(values[i]));
        result(static_cast<Eigen::Index>(i)) = values[i].get<double>();
    }
    return result;
}

Eigen::VectorXd JsonFields::finite_numbers(const Json& object, const char* key, const std::string& where,
                                           std::size_t max_size) const {
    Eigen::VectorXd result = numbers(object, key, where, max_size);
    if (!result.array().isFinite().all()) fail(at(where) + "field \"" + key + "\" has a value too large for a double");
    return result;
}

std::vector<std::string> JsonFields::strings(const Json& object, const char* key, const std::string& where,
                                             std::size_t max_size) const {
    const Json& values = array(object, key, where, max_size);
    std::vector<std::string> result;
    result.reserve(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!values[i].is_string())
            fail(at(where) + "entry " + std::to_string(i) + " of \"" + key + "\" must be a string, not " + describe_json(values[i]));
        result.push_back(values[i].get<std::string>());
    }
    return result;
}

}  // namespace treelab
