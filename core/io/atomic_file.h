#pragma once
// Every file TreeLab writes goes to a temporary file in the same folder and is renamed into place,
// so a crash never leaves half a file (conventions §10).
#include <filesystem>
#include <string_view>

namespace treelab {

// Throws treelab::Error naming the file and the system's reason.
void write_file_atomically(const std::filesystem::path& file, std::string_view contents);

}  // namespace treelab
