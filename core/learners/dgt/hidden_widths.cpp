// hidden_widths.h.
#include "core/learners/dgt/hidden_widths.h"

#include <charconv>
#include <sstream>

#include "core/error.h"

namespace treelab::dgt {
namespace {

constexpr Eigen::Index kMaxWidth = 16384;
constexpr std::size_t kMaxLayers = 8;

// The widths of a comma-separated list, each a whole number in [1, kMaxWidth].
std::vector<Eigen::Index> parse_widths(const std::string& text) {
    std::vector<Eigen::Index> widths;
    std::stringstream stream(text);
    for (std::string item; std::getline(stream, item, ',');) {
        long long width = 0;
        const auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), width);
        if (item.empty() || error != std::errc() || end != item.data() + item.size() || width < 1 || width > kMaxWidth)
            throw ParamError("each hidden width must be a whole number from 1 to " + std::to_string(kMaxWidth) + ", not '" + item +
                             "'; write auto, none, or widths separated by commas, such as 1008,1008");
        widths.push_back(static_cast<Eigen::Index>(width));
    }
    if (widths.empty()) throw ParamError("no hidden widths given; write auto, none, or widths such as 1008,1008");
    if (text.back() == ',') throw ParamError("the list of hidden widths ends with a comma");
    if (widths.size() > kMaxLayers) throw ParamError("at most " + std::to_string(kMaxLayers) + " hidden layers, not " + std::to_string(widths.size()));
    return widths;
}

}  // namespace

std::vector<Eigen::Index> table12_widths(int height) {
    if (height < 1 || height > 10) throw ParamError("003 Table 12 gives hidden widths for heights 1 to 10, not " + std::to_string(height));
    static constexpr Eigen::Index kWidth[] = {240, 600, 1008, 1530, 2046};  // heights 2, 4, 6, 8, 10
    const Eigen::Index width = kWidth[(height - 1) / 2];
    return {width, width};
}

std::string canonical_hidden(const std::string& text) {
    if (text == "auto" || text == "none") return text;
    std::string canonical;
    for (const Eigen::Index width : parse_widths(text)) canonical += (canonical.empty() ? "" : ",") + std::to_string(width);
    return canonical;
}

std::vector<Eigen::Index> hidden_widths(const std::string& canonical, int height) {
    if (canonical == "auto") return table12_widths(height);
    if (canonical == "none") return {};
    return parse_widths(canonical);
}

}  // namespace treelab::dgt
