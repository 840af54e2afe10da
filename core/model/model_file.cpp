// Model files on disk: written atomically, read only after checking the file is there, is a
// regular file and is not larger than any model may be.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "core/error.h"
#include "core/io/atomic_file.h"
#include "core/model/model_file.h"

namespace treelab {

void save_model(const ModelFile& model, const std::filesystem::path& file) {
    write_file_atomically(file, model_to_json(model));
}

ModelFile load_model(const std::filesystem::path& file, const ModelFileLimits& limits) {
    namespace fs = std::filesystem;
    const std::string name = file.string();
    std::error_code ec;
    const fs::file_status status = fs::status(file, ec);
    if (ec && ec != std::errc::no_such_file_or_directory) throw ModelFileError(name, "cannot be read: " + ec.message());
    if (!fs::exists(status)) throw ModelFileError(name, "no such file");
    if (fs::is_directory(status)) throw ModelFileError(name, "is a folder, not a model file");
    if (!fs::is_regular_file(status)) throw ModelFileError(name, "is not a regular file");
    const std::uintmax_t size = fs::file_size(file, ec);
    if (ec) throw ModelFileError(name, "cannot be read: " + ec.message());
    if (size > limits.max_file_bytes)
        throw ModelFileError(name, "is " + std::to_string(size) + " bytes, more than the " +
                                       std::to_string(limits.max_file_bytes) + "-byte limit for model files");

    const std::unique_ptr<std::FILE, decltype(&std::fclose)> in(std::fopen(file.c_str(), "rb"), &std::fclose);
    if (!in) throw ModelFileError(name, std::string("cannot be read: ") + std::strerror(errno));
    std::string text(size, '\0');
    const std::size_t got = std::fread(text.data(), 1, text.size(), in.get());
    if (std::ferror(in.get())) throw ModelFileError(name, std::string("cannot be read: ") + std::strerror(errno));
    text.resize(got);  // the file may have shrunk since file_size; whatever was read is parsed
    return model_from_json(text, name, limits);
}

}  // namespace treelab
