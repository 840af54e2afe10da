#pragma once
// Hyperparameters are described once, as data. The description drives the CLI
// flags (--param name=value), the `params` table, the README table and later the GUI form;
// validation lives here, never in a widget.
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/params/stage_list.h"

namespace treelab {

// Text: free text, or text in a grammar its ParamSpec::parse_text checks (e.g. GET's scale-factor schedule).
enum class ParamType { Integer, Real, Boolean, Choice, Text };
std::string to_string(ParamType type);

using ParamValue = std::variant<long long, double, bool, std::string>;

// The range a sweep of the parameter starts from, where the learner's trees change (count 0 = none
// given: the sweep tab derives one from the default).
struct SweepRange {
    double from = 0.0, to = 0.0;
    int count = 0;
};

struct ParamSpec {
    std::string name;   // CLI and file name, snake_case
    std::string label;  // form label
    std::string help;   // one sentence
    ParamType type = ParamType::Real;
    double min = 0.0, max = 0.0;             // Integer/Real: inclusive range
    ParamValue default_value = {};
    std::vector<std::string> choices = {};   // Choice: allowed words; Text: named presets parse_text accepts
    // Choice: what the GUI shows for each of `choices`, in order ("TreeLab defaults" for "treelab");
    // empty = the words themselves. The command line and files keep the words.
    std::vector<std::string> choice_labels = {};
    bool accepts_number = false;             // Choice: also accepts a number in [min, max]
    bool log_scale = false;                  // sweeps and sliders step geometrically
    SweepRange sweep = {};                   // the sweep tab's first grid
    // Text: checks a value and returns its canonical text, or throws ParamError with a sentence
    // saying what is wrong (ParamValues::set prefixes the parameter and the text); empty = any text.
    std::function<std::string(const std::string&)> parse_text = {};
    // Text: the value is a stage list (a schedule) that these read and write; the GUI edits it as one.
    std::optional<StageListForm> stages = {};

    std::string range_text() const;     // "[1, 1000]", "gini | entropy", "true | false", "paper | code | text"
    std::string choice_label(const std::string& word) const;  // the GUI's words for a choice (the word when none)
};

// Values by name; missing names take their defaults.
// "name=value" as on the command line -> {name, value}; throws ParamError without a name and '='.
std::pair<std::string, std::string> split_assignment(const std::string& assignment);

class ParamValues {
public:
    ParamValues() = default;
    explicit ParamValues(std::span<const ParamSpec> specs);  // all defaults

    // Parses "value" for `name` against `specs`; throws ParamError naming the parameter, the
    // text and the allowed range.
    void set(std::span<const ParamSpec> specs, const std::string& name, const std::string& text);
    // "name=value" form, as on the command line.
    void set_assignment(std::span<const ParamSpec> specs, const std::string& assignment);

    long long integer(const std::string& name) const;
    double real(const std::string& name) const;  // Integer or Real
    bool boolean(const std::string& name) const;
    std::string text(const std::string& name) const;  // Choice (or any value as canonical text)
    bool is_number(const std::string& name) const;    // Choice with accepts_number holding a number
    // A Choice row that takes a word ("auto") or a whole number (GradTree's batch_size, DGT's
    // evaluate_every): the number, or nothing for the word; throws ParamError for a fraction.
    std::optional<long long> whole_number(const std::string& name) const;
    bool contains(const std::string& name) const;     // the method has this parameter

    std::map<std::string, std::string> canonical() const;  // for run cards and the JSON output

private:
    std::map<std::string, ParamValue> values_;
};

std::string to_text(const ParamValue& value);

}  // namespace treelab
