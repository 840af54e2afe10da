#include "core/compare/comparison.h"

#include "core/error.h"

namespace treelab {

ComparisonResult run_comparison(const ComparisonConfig&, const ComparisonProgress&) {
    throw Error("run_comparison is not written yet");
}

std::string contender_label(const Contender& contender) { return contender.label.empty() ? contender.method : contender.label; }

Contender make_contender(const std::string& method, const std::vector<std::string>& assignments) {
    return Contender{method, method_params(method, assignments), {}};
}

std::string comparison_to_csv(const ComparisonResult&) { return {}; }

RunOutcome refit(const ComparisonConfig&, std::size_t, std::size_t, const Progress&) {
    throw Error("refit is not written yet");
}

}  // namespace treelab
