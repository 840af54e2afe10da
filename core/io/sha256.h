#pragma once
#include <filesystem>
#include <string>
#include <string_view>

namespace treelab {

std::string sha256_hex(std::string_view bytes);
std::string sha256_of_file(const std::filesystem::path& file);  // throws treelab::Error

}  // namespace treelab
