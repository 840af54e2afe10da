#include <cstdlib>
#include <string_view>

#include <gtest/gtest.h>

#include "core/nn/openblas_kernels.h"

namespace treelab {
namespace {

// On a CPU with AVX2, the products never run OpenBLAS's SSE3 baseline, "Prescott", which the
// library falls back to for a CPU model it does not know (this development machine's Xeon).
TEST(OpenBlasKernels, RunTheVectorUnitsTheCpuHas) {
    const char* setting = std::getenv("OPENBLAS_CORETYPE");
    if (setting && std::string_view(setting) == "Prescott") GTEST_SKIP() << "OPENBLAS_CORETYPE asks for the baseline kernels";
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) GTEST_SKIP() << "this CPU has no AVX2";
    const nn::OpenBlasKernels& kernels = nn::openblas_kernels();
    EXPECT_NE(kernels.core, "Prescott");
    EXPECT_NE(kernels.dgemm, nullptr);
    EXPECT_NE(kernels.sgemm, nullptr);
}

}  // namespace
}  // namespace treelab
