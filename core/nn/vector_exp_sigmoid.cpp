// vector_exp_sigmoid.h. libmvec is part of glibc on x86-64 (the x86-64 vector function ABI names
// its 4-lane AVX2 exp _ZGVdN4v_exp); the function is compiled for AVX2 with a target attribute
// and only called after a run-time CPU check, so the rest of the build stays baseline x86-64.
#include "core/nn/vector_exp_sigmoid.h"

#include <cmath>

#if defined(TREELAB_HAVE_LIBMVEC)
#include <immintrin.h>

extern "C" __m256d _ZGVdN4v_exp(__m256d x);  // glibc libmvec: exp of four doubles (≤ 4 ulp)
#endif

namespace treelab::nn {

#if defined(TREELAB_HAVE_LIBMVEC)

bool vector_exp_sigmoid_available() {
    static const bool available = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return available;
}

__attribute__((target("avx2,fma"))) void vector_exp_sigmoid(const double* u, double* s, std::size_t n, double alpha) {
    const __m256d minus_alpha = _mm256_set1_pd(-alpha), one = _mm256_set1_pd(1.0);
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        // e^(−αu) may be +inf for very negative αu, and 1/inf = 0: no overflow to guard.
        const __m256d e = _ZGVdN4v_exp(_mm256_mul_pd(minus_alpha, _mm256_loadu_pd(u + i)));
        _mm256_storeu_pd(s + i, _mm256_div_pd(one, _mm256_add_pd(one, e)));
    }
    for (; i < n; ++i) s[i] = 1.0 / (1.0 + std::exp(-alpha * u[i]));
}

#else

bool vector_exp_sigmoid_available() { return false; }

void vector_exp_sigmoid(const double* u, double* s, std::size_t n, double alpha) {
    for (std::size_t i = 0; i < n; ++i) s[i] = 1.0 / (1.0 + std::exp(-alpha * u[i]));
}

#endif

}  // namespace treelab::nn
