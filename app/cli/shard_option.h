#pragma once
// --shard K/N of `sweep` and `compare`.
#include <string>
#include <utility>

namespace treelab::cli {

// "K/N" -> (K, N); the command checks 0 <= K < N. Throws ParamError for another shape.
std::pair<int, int> parse_shard(const std::string& text);

}  // namespace treelab::cli
