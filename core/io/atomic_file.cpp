#include "core/io/atomic_file.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <random>
#include <string>

#include <fcntl.h>
#include <unistd.h>

#include "core/error.h"

namespace treelab {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const fs::path& file, const std::string& reason) {
    throw Error("cannot write " + file.string() + ": " + reason);
}

// A name no other writer (thread or process) picks: pid + counter + random bits. Created with
// O_EXCL and mode 0666 so the umask applies as for any ordinary file (mkstemp would force 0600).
int create_temp(const fs::path& folder, const fs::path& name, fs::path& temp) {
    static std::atomic<unsigned> counter{0};
    std::random_device random;
    for (int attempt = 0; attempt < 100; ++attempt) {
        temp = folder / ("." + name.string() + "." + std::to_string(::getpid()) + "." + std::to_string(counter++) +
                         "." + std::to_string(random()) + ".tmp");
        const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    errno = EEXIST;
    return -1;
}

bool write_all(int fd, std::string_view contents) {
    while (!contents.empty()) {
        const ssize_t written = ::write(fd, contents.data(), contents.size());
        if (written < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        contents.remove_prefix(static_cast<std::size_t>(written));
    }
    return true;
}

// Makes the rename itself durable. Not every file system supports fsync on a folder, and the
// file is already complete and in place, so a failure here is not reported.
void sync_folder(const fs::path& folder) {
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

fs::path folder_of(const fs::path& file) { return file.parent_path().empty() ? fs::path(".") : file.parent_path(); }

void check_folder(const fs::path& file) {
    if (file.filename().empty()) fail(file, "the name is a folder, not a file");
    const fs::path folder = folder_of(file);
    std::error_code ec;
    if (!fs::is_directory(folder, ec))
        fail(file, fs::exists(folder, ec) ? folder.string() + " is not a folder"
                                          : "the folder " + folder.string() + " does not exist");
}

}  // namespace

void check_writable_destination(const fs::path& file) {
    check_folder(file);
    if (::access(folder_of(file).c_str(), W_OK) != 0) fail(file, std::strerror(errno));
}

void write_file_atomically(const fs::path& file, std::string_view contents) {
    check_folder(file);
    const fs::path folder = folder_of(file);

    fs::path temp;
    const int fd = create_temp(folder, file.filename(), temp);
    if (fd < 0) fail(file, std::strerror(errno));
    // The first failure wins; the temporary file is removed whatever failed.
    int reason = 0;
    if (!write_all(fd, contents) || ::fsync(fd) != 0) reason = errno;
    if (::close(fd) != 0 && reason == 0) reason = errno;
    if (reason == 0 && ::rename(temp.c_str(), file.c_str()) != 0) reason = errno;
    if (reason != 0) {
        ::unlink(temp.c_str());
        fail(file, std::strerror(reason));
    }
    sync_folder(folder);
}

}  // namespace treelab
