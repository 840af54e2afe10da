#pragma once
// TREELAB_VECTOR_CLONES before a function with a plain element-wise loop: GCC compiles it once per
// vector unit (AVX-512, AVX2, baseline) and the loader picks the machine's (function multi-
// versioning). The build targets baseline x86-64, whose 2-wide vectors bound loops of square roots
// and divisions. Elsewhere it is empty. A file whose loop multiplies and adds must be compiled with
// -ffp-contract=off (GCC's C++ default fuses them into FMA where the unit has it, which changes the
// bits), and one taking square roots with -fno-math-errno, or std::sqrt does not vectorise
// (set_source_files_properties in its CMakeLists.txt).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define TREELAB_VECTOR_CLONES [[gnu::target_clones("avx512f", "avx2", "default")]]
#else
#define TREELAB_VECTOR_CLONES
#endif
