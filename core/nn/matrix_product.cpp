#include "core/nn/matrix_product.h"

#include <algorithm>
#include <string>

#include <cblas.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

#include "core/error.h"

namespace treelab::nn {
namespace {

Eigen::Index rows_of(const Eigen::Ref<const Eigen::MatrixXd>& M, Op op) { return op == Op::Plain ? M.rows() : M.cols(); }
Eigen::Index cols_of(const Eigen::Ref<const Eigen::MatrixXd>& M, Op op) { return op == Op::Plain ? M.cols() : M.rows(); }
CBLAS_TRANSPOSE blas(Op op) { return op == Op::Plain ? CblasNoTrans : CblasTrans; }
blasint leading(Eigen::Index outer_stride, Eigen::Index rows) { return static_cast<blasint>(std::max<Eigen::Index>({outer_stride, rows, 1})); }

// A product of at least this many multiply-adds is cut into blocks of kBlock rows (or columns) of C,
// each one serial dgemm (matrix_product.h).
constexpr double kSplitWork = 1 << 21;
constexpr Eigen::Index kBlock = 256;

// Where row (or column, along_rows false) `first` of op(M) starts in M's storage: a row of op(M) is
// a row of M when plain and a column when transposed, a column of op(M) the other way round.
const double* offset(const double* data, blasint ld, Op op, Eigen::Index first, bool along_rows) {
    const bool column_offset = along_rows == (op == Op::Transposed);
    return data + (column_offset ? first * ld : first);
}

}  // namespace

void multiply(const Eigen::Ref<const Eigen::MatrixXd>& A, Op op_a, const Eigen::Ref<const Eigen::MatrixXd>& B, Op op_b,
              Eigen::Ref<Eigen::MatrixXd> C, Into into) {
    const Eigen::Index m = rows_of(A, op_a), k = cols_of(A, op_a), n = cols_of(B, op_b);
    if (rows_of(B, op_b) != k || C.rows() != m || C.cols() != n)
        throw Error("a matrix product of " + std::to_string(m) + " × " + std::to_string(k) + " by " + std::to_string(rows_of(B, op_b)) +
                    " × " + std::to_string(n) + " into " + std::to_string(C.rows()) + " × " + std::to_string(C.cols()));
    if (m == 0 || n == 0) return;
    if (k == 0) {
        if (into == Into::Overwrite) C.setZero();
        return;
    }
    const blasint lda = leading(A.outerStride(), A.rows()), ldb = leading(B.outerStride(), B.rows()), ldc = leading(C.outerStride(), C.rows());
    const double beta = into == Into::Add ? 1.0 : 0.0;
    const auto gemm = [&](Eigen::Index rows, Eigen::Index cols, const double* a, const double* b, double* c) {
        cblas_dgemm(CblasColMajor, blas(op_a), blas(op_b), static_cast<blasint>(rows), static_cast<blasint>(cols), static_cast<blasint>(k), 1.0,
                    a, lda, b, ldb, beta, c, ldc);
    };
    const double work = static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k);
    const bool along_rows = m >= n;
    const Eigen::Index extent = along_rows ? m : n, blocks = (extent + kBlock - 1) / kBlock;
    if (work < kSplitWork || blocks < 2) return gemm(m, n, A.data(), B.data(), C.data());
    // Blocks fixed by the shapes alone, each computed whole by one task: the same bits for any thread count.
    tbb::parallel_for(
        tbb::blocked_range<Eigen::Index>(0, blocks, 1),
        [&](const tbb::blocked_range<Eigen::Index>& range) {
            for (Eigen::Index block = range.begin(); block < range.end(); ++block) {
                const Eigen::Index first = block * kBlock, size = std::min(kBlock, extent - first);
                if (along_rows)
                    gemm(size, n, offset(A.data(), lda, op_a, first, true), B.data(), C.data() + first);
                else
                    gemm(m, size, A.data(), offset(B.data(), ldb, op_b, first, false), C.data() + first * ldc);
            }
        },
        tbb::simple_partitioner());
}

void multiply_into(const Eigen::Ref<const Eigen::MatrixXd>& A, Op op_a, const Eigen::Ref<const Eigen::MatrixXd>& B, Op op_b,
                   Eigen::MatrixXd& C) {
    C.resize(rows_of(A, op_a), cols_of(B, op_b));
    multiply(A, op_a, B, op_b, C);
}

}  // namespace treelab::nn
