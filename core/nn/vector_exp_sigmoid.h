#pragma once
// The scaled sigmoid s = 1/(1 + e^(−α·u)) over a contiguous array with glibc's vector exp
// (libmvec's AVX2 variant, four doubles at a time) on CPUs that have AVX2 and FMA. The build
// targets baseline x86-64, where Eigen's packet exp works on two doubles with SSE2; GET spends
// about a third of an epoch in this sigmoid (resources/doc/benchmarks.md, GET).
#include <cstddef>

namespace treelab::nn {

// True when this build has the kernel and the CPU it runs on can execute it.
bool vector_exp_sigmoid_available();

// s[i] = 1/(1 + e^(−alpha·u[i])) for i < n; call only when vector_exp_sigmoid_available().
void vector_exp_sigmoid(const double* u, double* s, std::size_t n, double alpha);

}  // namespace treelab::nn
