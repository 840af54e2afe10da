#include "app/cli/shard_option.h"

#include <stdexcept>

#include "core/error.h"

namespace treelab::cli {

std::pair<int, int> parse_shard(const std::string& text) {
    const std::size_t slash = text.find('/');
    try {
        std::size_t used_k = 0, used_n = 0;
        const int k = std::stoi(text.substr(0, slash), &used_k);
        const int n = slash == std::string::npos ? 0 : std::stoi(text.substr(slash + 1), &used_n);
        if (slash != std::string::npos && used_k == slash && used_n == text.size() - slash - 1) return {k, n};
    } catch (const std::logic_error&) {
    }
    throw ParamError("--shard '" + text + "' must be K/N, e.g. 0/4 for the first of four shards");
}

}  // namespace treelab::cli
