// openblas_kernels.h.
#include "core/nn/openblas_kernels.h"

#include <cstdlib>
#include <optional>
#include <string_view>

#include <dlfcn.h>

#include "core/error.h"

namespace treelab::nn {
namespace {

// The serial build's path (CMake takes it from pkg-config): the pthread build may be installed too,
// and its products would depend on the thread count.
constexpr const char* kLibrary = TREELAB_OPENBLAS_LIBRARY;

// OpenBLAS's name for the widest kernels this CPU runs, or nothing beyond the baseline.
std::optional<std::string_view> widest_core() {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
        return "SkylakeX";
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return "Haswell";
#endif
    return std::nullopt;
}

template <class Function>
Function symbol(void* library, const char* name) {
    void* address = dlsym(library, name);
    if (!address) throw Error(std::string("OpenBLAS (") + kLibrary + ") has no " + name);
    return reinterpret_cast<Function>(address);
}

OpenBlasKernels load(void* library) {
    OpenBlasKernels kernels;
    kernels.dgemm = symbol<decltype(kernels.dgemm)>(library, "cblas_dgemm");
    kernels.sgemm = symbol<decltype(kernels.sgemm)>(library, "cblas_sgemm");
    kernels.core = symbol<char* (*)()>(library, "openblas_get_corename")();
    return kernels;
}

void* open_library() {
    void* library = dlopen(kLibrary, RTLD_NOW | RTLD_LOCAL);
    if (!library) throw Error(std::string("cannot load OpenBLAS: ") + dlerror());
    return library;
}

struct Loaded {
    std::optional<OpenBlasKernels> kernels;
    std::string error;
};

Loaded load_widest() try {
    void* library = open_library();
    OpenBlasKernels kernels = load(library);
    const std::optional<std::string_view> widest = widest_core();
    if (kernels.core == "Prescott" && widest && !std::getenv("OPENBLAS_CORETYPE")) {
        // The library reads OPENBLAS_CORETYPE when it loads: unload it, set it, load it again.
        dlclose(library);
        setenv("OPENBLAS_CORETYPE", std::string(*widest).c_str(), 0);
        kernels = load(open_library());
    }
    return {std::move(kernels), {}};
} catch (const Error& error) {
    return {std::nullopt, error.what()};
}

const Loaded& loaded() {
    static const Loaded once = load_widest();
    return once;
}

// Before main, while the process has one thread.
[[maybe_unused]] const Loaded& loaded_before_main = loaded();

}  // namespace

const OpenBlasKernels& openblas_kernels() {
    if (!loaded().kernels) throw Error(loaded().error);
    return *loaded().kernels;
}

}  // namespace treelab::nn
