#pragma once
// Debian's serial OpenBLAS, loaded with the vector kernels this CPU runs. The library (DYNAMIC_ARCH)
// picks its kernels from the CPU's model number when it loads, and a model newer than the library
// (0.3.21 in Debian 12; e.g. an Emerald Rapids Xeon, family 6 model 207) gets its baseline SSE3
// kernels, "Prescott": DGT's steps then take nearly twice as long. TreeLab loads the library
// itself, and when the library falls back to that baseline on a CPU with AVX2 or AVX-512, loads it
// again with OpenBLAS's own setting for that case, OPENBLAS_CORETYPE (Haswell or SkylakeX kernels).
// A user's OPENBLAS_CORETYPE is left as it is.
#include <string>

#include <cblas.h>

namespace treelab::nn {

struct OpenBlasKernels {
    decltype(&cblas_dgemm) dgemm = nullptr;
    decltype(&cblas_sgemm) sgemm = nullptr;
    std::string core;  // the kernels' name as OpenBLAS gives it (openblas_get_corename)
};

// Loaded once, before main (single-threaded, so that setting the environment races with nothing)
// or at first use. Throws Error naming the library when it cannot be loaded.
const OpenBlasKernels& openblas_kernels();

}  // namespace treelab::nn
