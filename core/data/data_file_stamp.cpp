#include "core/data/data_file_stamp.h"

#include <system_error>

#include "core/error.h"
#include "core/io/sha256.h"

namespace treelab {
namespace {

namespace fs = std::filesystem;

// Longer than the coarsest modification-time clock a data file is likely to sit on (FAT: 2 s).
constexpr std::chrono::seconds kAmbiguousAge{3};

}  // namespace

DataFileStamp stamp_data_file(const fs::path& file) {
    DataFileStamp stamp;
    stamp.file = file;
    std::error_code error;
    stamp.size = fs::file_size(file, error);
    if (!error) stamp.modified = fs::last_write_time(file, error);
    if (error) throw Error("cannot read " + file.string() + ": " + error.message());
    stamp.sha256 = sha256_of_file(file);
    stamp.modified_recently = fs::file_time_type::clock::now() - stamp.modified < kAmbiguousAge;
    return stamp;
}

bool changed_since(const DataFileStamp& stamp) {
    std::error_code error;
    const std::uintmax_t size = fs::file_size(stamp.file, error);
    if (error || size != stamp.size) return true;
    const fs::file_time_type modified = fs::last_write_time(stamp.file, error);
    if (error) return true;
    if (modified == stamp.modified && !stamp.modified_recently) return false;
    try {
        return sha256_of_file(stamp.file) != stamp.sha256;
    } catch (const Error&) {
        return true;  // unreadable now: not the file that was loaded
    }
}

}  // namespace treelab
