// load_project on arbitrary bytes, plain or gzip-compressed (seeds of both kinds), with limits low
// enough that the fuzzer's memory bound is about the reader, not legitimately large projects.
// ProjectFileError is the expected refusal. A project that loads must also write (project_to_json
// throws only for projects that would not load back), so that is checked too.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "core/error.h"
#include "core/project/project_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::string file = "/tmp/fuzz_project_" + std::to_string(getpid()) + ".treelab";
    std::FILE* out = std::fopen(file.c_str(), "wb");
    if (out == nullptr) return 0;
    std::fwrite(data, 1, size, out);
    std::fclose(out);
    treelab::ProjectLimits limits;
    limits.max_json_bytes = 16 << 20;
    limits.max_runs = 1000;
    limits.max_rows = 100'000;
    limits.model.max_nodes = 100'000;
    limits.model.max_features = 10'000;
    limits.model.max_classes = 10'000;
    limits.model.max_hidden_units = 10'000;
    treelab::Project project;
    try {
        project = treelab::load_project(file, limits);
    } catch (const treelab::ProjectFileError&) {
        return 0;
    }
    treelab::project_to_json(project);
    return 0;
}
