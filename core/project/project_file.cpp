// Project files on disk: gzip-compressed when written, read plain or compressed, checked against
// the limits before anything is allocated; the data file found where the project says it is.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <array>
#include <string_view>
#include <utility>
#include <istream>
#include <memory>
#include <sstream>

#include <zlib.h>

#include "core/data/gzip_input.h"
#include "core/error.h"
#include "core/io/atomic_file.h"
#include "core/io/sha256.h"
#include "core/project/project_document.h"

namespace treelab {
namespace {

namespace fs = std::filesystem;

constexpr int kGzipWindow = 15 + 16;  // zlib's largest window, with gzip's header and trailer (zlib.h, deflateInit2)

// gzip with zlib's default level, fed part by part; the header's time is 0, so equal projects
// give equal bytes.
class GzipWriter {
public:
    explicit GzipWriter(std::string name) : name_(std::move(name)) {
        if (deflateInit2(&stream_, Z_DEFAULT_COMPRESSION, Z_DEFLATED, kGzipWindow, 8, Z_DEFAULT_STRATEGY) != Z_OK)
            throw Error("cannot save the project " + name_ + ": zlib could not start compressing");
    }
    GzipWriter(const GzipWriter&) = delete;
    GzipWriter& operator=(const GzipWriter&) = delete;
    ~GzipWriter() { deflateEnd(&stream_); }

    void add(std::string_view text) { deflate_all(text, Z_NO_FLUSH); }
    std::string finish() {
        deflate_all({}, Z_FINISH);
        return std::move(compressed_);
    }

private:
    void deflate_all(std::string_view text, int flush) {
        stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
        stream_.avail_in = static_cast<uInt>(text.size());
        std::array<char, 1 << 16> buffer{};
        int status = Z_OK;
        do {
            stream_.next_out = reinterpret_cast<Bytef*>(buffer.data());
            stream_.avail_out = static_cast<uInt>(buffer.size());
            status = deflate(&stream_, flush);
            if (status == Z_STREAM_ERROR) throw Error("cannot save the project " + name_ + ": zlib could not compress it");
            compressed_.append(buffer.data(), buffer.size() - stream_.avail_out);
        } while (stream_.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END));
    }

    std::string name_;
    z_stream stream_{};
    std::string compressed_;
};

bool is_gzip(const std::string& bytes) {
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f && static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::string gunzip(const std::string& compressed, const std::string& name, std::uintmax_t max_bytes) {
    std::istringstream input(compressed);
    GzipInput inflating(input, "");
    std::istream text_stream(&inflating);
    text_stream.exceptions(std::ios::badbit);  // the inflater's DataError reaches the catch below
    std::string text;
    std::array<char, 1 << 16> buffer{};
    try {
        while (text_stream.read(buffer.data(), buffer.size()) || text_stream.gcount() > 0) {
            text.append(buffer.data(), static_cast<std::size_t>(text_stream.gcount()));
            if (text.size() > max_bytes)
                throw ProjectFileError(name, "decompresses to more than the " + std::to_string(max_bytes) + "-byte limit for projects");
        }
    } catch (const DataError& error) {
        throw ProjectFileError(name, std::string(error.what()) + " (at compressed byte " + std::to_string(inflating.compressed_bytes_used()) +
                                         " of " + std::to_string(compressed.size()) + ")");
    }
    return text;
}

std::string read_bytes(const fs::path& file, const ProjectLimits& limits) {
    const std::string name = file.string();
    std::error_code ec;
    const fs::file_status status = fs::status(file, ec);
    if (ec && ec != std::errc::no_such_file_or_directory) throw ProjectFileError(name, "cannot be read: " + ec.message());
    if (!fs::exists(status)) throw ProjectFileError(name, "no such file");
    if (fs::is_directory(status)) throw ProjectFileError(name, "is a folder, not a project file");
    if (!fs::is_regular_file(status)) throw ProjectFileError(name, "is not a regular file");
    const std::uintmax_t size = fs::file_size(file, ec);
    if (ec) throw ProjectFileError(name, "cannot be read: " + ec.message());
    if (size > limits.max_file_bytes)
        throw ProjectFileError(name, "is " + std::to_string(size) + " bytes, more than the " + std::to_string(limits.max_file_bytes) +
                                         "-byte limit for project files");
    const std::unique_ptr<std::FILE, decltype(&std::fclose)> in(std::fopen(file.c_str(), "rb"), &std::fclose);
    if (!in) throw ProjectFileError(name, std::string("cannot be read: ") + std::strerror(errno));
    std::string bytes(size, '\0');
    const std::size_t got = std::fread(bytes.data(), 1, bytes.size(), in.get());
    if (std::ferror(in.get())) throw ProjectFileError(name, std::string("cannot be read: ") + std::strerror(errno));
    bytes.resize(got);  // the file may have shrunk since file_size; whatever was read is parsed
    return bytes;
}

// The folder paths are stored relative to: the project file's, absolute.
fs::path project_folder(const fs::path& file) { return fs::absolute(file).parent_path(); }

}  // namespace

void save_project(const Project& project, const fs::path& file, const std::function<RunOutcome(std::size_t)>& outcome_of) {
    GzipWriter compressed(file.string());
    write_project_document(project, project_folder(file), outcome_of, [&compressed](std::string_view part) { compressed.add(part); });
    write_file_atomically(file, compressed.finish());
}

Project load_project(const fs::path& file, const ProjectLimits& limits) {
    const std::string name = file.string();
    std::string text = read_bytes(file, limits);
    if (is_gzip(text))
        text = gunzip(text, name, limits.max_json_bytes);
    else if (text.size() > limits.max_json_bytes)
        throw ProjectFileError(name, "holds more than the " + std::to_string(limits.max_json_bytes) + "-byte limit for projects");
    std::map<fs::path, fs::path> relative_data_files;
    Project project = read_project_document(text, name, limits, relative_data_files);
    // A project folder moved or copied whole: the data is where it was relative to the project.
    const fs::path folder = project_folder(file);
    for (const auto& [stored, relative] : relative_data_files) {
        std::error_code ec;
        if (fs::exists(stored, ec)) continue;
        const fs::path moved = (folder / relative).lexically_normal();
        if (fs::is_regular_file(moved, ec)) relocate_data_file(project, stored, moved);
    }
    return project;
}

DataFileState data_file_state(const Project& project) {
    if (project.form.data_file.empty()) return DataFileState::NoData;
    std::error_code ec;
    if (!fs::is_regular_file(project.form.data_file, ec)) return DataFileState::Missing;
    try {
        return sha256_of_file(project.form.data_file) == project.data_sha256 ? DataFileState::Unchanged : DataFileState::Changed;
    } catch (const Error&) {
        return DataFileState::Missing;  // there but unreadable: as good as missing for the project's use
    }
}

void relocate_data_file(Project& project, const fs::path& from, const fs::path& to) {
    const auto relocate = [&](RunConfig& config) {
        if (config.data_file == from) config.data_file = to;
    };
    relocate(project.form);
    for (ProjectRun& run : project.runs) {
        if (run.config) relocate(*run.config);
        if (run.refit)
            for (RunConfig& data_set : run.refit->comparison.data_sets) relocate(data_set);
    }
    for (SweepResult& sweep : project.sweeps) relocate(sweep.config.base);
    for (ComparisonResult& comparison : project.comparisons)
        for (RunConfig& data_set : comparison.config.data_sets) relocate(data_set);
}

}  // namespace treelab
