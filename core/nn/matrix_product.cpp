#include "core/nn/matrix_product.h"

#include <algorithm>
#include <string>

#include "core/error.h"
#include "core/nn/openblas_kernels.h"

namespace treelab::nn {
namespace {

Eigen::Index rows_of(const Eigen::Ref<const Eigen::MatrixXd>& M, Op op) { return op == Op::Plain ? M.rows() : M.cols(); }
Eigen::Index cols_of(const Eigen::Ref<const Eigen::MatrixXd>& M, Op op) { return op == Op::Plain ? M.cols() : M.rows(); }
CBLAS_TRANSPOSE blas(Op op) { return op == Op::Plain ? CblasNoTrans : CblasTrans; }
blasint leading(Eigen::Index outer_stride, Eigen::Index rows) { return static_cast<blasint>(std::max<Eigen::Index>({outer_stride, rows, 1})); }

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
    openblas_kernels().dgemm(CblasColMajor, blas(op_a), blas(op_b), static_cast<blasint>(m), static_cast<blasint>(n), static_cast<blasint>(k), 1.0,
                A.data(), leading(A.outerStride(), A.rows()), B.data(), leading(B.outerStride(), B.rows()), into == Into::Add ? 1.0 : 0.0, C.data(),
                leading(C.outerStride(), C.rows()));
}

void multiply_into(const Eigen::Ref<const Eigen::MatrixXd>& A, Op op_a, const Eigen::Ref<const Eigen::MatrixXd>& B, Op op_b,
                   Eigen::MatrixXd& C) {
    C.resize(rows_of(A, op_a), cols_of(B, op_b));
    multiply(A, op_a, B, op_b, C);
}

}  // namespace treelab::nn
