#pragma once
// Every file TreeLab writes goes to a temporary file in the same folder and is renamed into place,
// so a crash never leaves half a file.
#include <filesystem>
#include <string_view>

namespace treelab {

// Throws treelab::Error naming the file and the system's reason.
void write_file_atomically(const std::filesystem::path& file, std::string_view contents);

// Throws the Error write_file_atomically would throw for a name that is a folder, a folder that
// does not exist or is not one, or a folder this process may not write to: for a command to check
// its output files before hours of training rather than after.
void check_writable_destination(const std::filesystem::path& file);

}  // namespace treelab
