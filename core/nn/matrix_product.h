#pragma once
// Dense matrix products through OpenBLAS's dgemm (sgemm in float32). TreeLab builds for baseline x86-64, where Eigen's
// own products use 2-wide SSE2 kernels; Debian's OpenBLAS (DYNAMIC_ARCH) picks the machine's AVX2 or
// AVX-512 kernels at run time. The serial build runs on the calling thread, so a product's result
// does not depend on how many threads the caller uses. For the large products of a step (DGT's
// over-parameterised chain, 10⁶ weights per step), where they were half of the time.
#include <Eigen/Core>

namespace treelab::nn {

enum class Op { Plain, Transposed };

// Whether a product replaces C or adds to it (dgemm's β = 0 or 1). Adding saves the pass that
// zeroes C, and the pass that would add another term to C afterwards (DGT's L1 gradient).
enum class Into { Overwrite, Add };

// C = op(A)·op(B), or C += op(A)·op(B); C already sized to the product (Error otherwise);
// column-major views with unit inner stride (matrices, maps, column blocks).
void multiply(const Eigen::Ref<const Eigen::MatrixXd>& A, Op op_a, const Eigen::Ref<const Eigen::MatrixXd>& B, Op op_b,
              Eigen::Ref<Eigen::MatrixXd> C, Into into = Into::Overwrite);

// The same into a matrix it first resizes.
void multiply_into(const Eigen::Ref<const Eigen::MatrixXd>& A, Op op_a, const Eigen::Ref<const Eigen::MatrixXd>& B, Op op_b,
                   Eigen::MatrixXd& C);

// The same in float32 (sgemm), for a learner's float32 storage.
void multiply(const Eigen::Ref<const Eigen::MatrixXf>& A, Op op_a, const Eigen::Ref<const Eigen::MatrixXf>& B, Op op_b,
              Eigen::Ref<Eigen::MatrixXf> C, Into into = Into::Overwrite);
void multiply_into(const Eigen::Ref<const Eigen::MatrixXf>& A, Op op_a, const Eigen::Ref<const Eigen::MatrixXf>& B, Op op_b,
                   Eigen::MatrixXf& C);

}  // namespace treelab::nn
