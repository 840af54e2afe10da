#pragma once
// What a data file was when it was loaded (size, modification time, SHA-256), to notice before a
// run, a sweep or a comparison reads it again that it changed on disk since: the data shown would
// no longer be the data trained on.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>

namespace treelab {

struct DataFileStamp {
    std::filesystem::path file;
    std::uintmax_t size = 0;
    std::filesystem::file_time_type modified{};
    std::string sha256;  // hex, of the bytes as they were when stamped
    // The file was modified within a few seconds of the stamp, where a later write may keep the
    // same modification time (coarse file-system clocks): then only the hash can tell.
    bool modified_recently = false;
};

// Throws treelab::Error naming the file when it cannot be read.
DataFileStamp stamp_data_file(const std::filesystem::path& file);

// Whether the file now differs from `stamp`: another size, or a missing file, says so at once; the
// same size and modification time (not recent) say it did not; otherwise the hash decides, so a
// file touched or saved again with the same bytes has not changed.
bool changed_since(const DataFileStamp& stamp);

}  // namespace treelab
