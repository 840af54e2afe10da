#include "core/nn/matrix_product.h"

#include <algorithm>
#include <string>
#include <type_traits>

#include "core/error.h"
#include "core/nn/openblas_kernels.h"

namespace treelab::nn {
namespace {

template <class Matrix>
Eigen::Index rows_of(const Matrix& M, Op op) { return op == Op::Plain ? M.rows() : M.cols(); }
template <class Matrix>
Eigen::Index cols_of(const Matrix& M, Op op) { return op == Op::Plain ? M.cols() : M.rows(); }
CBLAS_TRANSPOSE blas(Op op) { return op == Op::Plain ? CblasNoTrans : CblasTrans; }
blasint leading(Eigen::Index outer_stride, Eigen::Index rows) { return static_cast<blasint>(std::max<Eigen::Index>({outer_stride, rows, 1})); }

template <class Scalar>
using ConstRef = const Eigen::Ref<const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>>&;

template <class Scalar>
void product(ConstRef<Scalar> A, Op op_a, ConstRef<Scalar> B, Op op_b, Eigen::Ref<Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>> C,
             Into into) {
    const Eigen::Index m = rows_of(A, op_a), k = cols_of(A, op_a), n = cols_of(B, op_b);
    if (rows_of(B, op_b) != k || C.rows() != m || C.cols() != n)
        throw Error("a matrix product of " + std::to_string(m) + " × " + std::to_string(k) + " by " + std::to_string(rows_of(B, op_b)) +
                    " × " + std::to_string(n) + " into " + std::to_string(C.rows()) + " × " + std::to_string(C.cols()));
    if (m == 0 || n == 0) return;
    if (k == 0) {
        if (into == Into::Overwrite) C.setZero();
        return;
    }
    const auto gemm = [&] {
        if constexpr (std::is_same_v<Scalar, double>)
            return openblas_kernels().dgemm;
        else
            return openblas_kernels().sgemm;
    }();
    gemm(CblasColMajor, blas(op_a), blas(op_b), static_cast<blasint>(m), static_cast<blasint>(n), static_cast<blasint>(k), Scalar{1},
         A.data(), leading(A.outerStride(), A.rows()), B.data(), leading(B.outerStride(), B.rows()), into == Into::Add ? Scalar{1} : Scalar{0},
         C.data(), leading(C.outerStride(), C.rows()));
}

template <class Scalar>
void product_into(ConstRef<Scalar> A, Op op_a, ConstRef<Scalar> B, Op op_b, Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>& C) {
    C.resize(rows_of(A, op_a), cols_of(B, op_b));
    product<Scalar>(A, op_a, B, op_b, C, Into::Overwrite);
}

}  // namespace

void multiply(const Eigen::Ref<const Eigen::MatrixXd>& A, Op op_a, const Eigen::Ref<const Eigen::MatrixXd>& B, Op op_b,
              Eigen::Ref<Eigen::MatrixXd> C, Into into) {
    product<double>(A, op_a, B, op_b, C, into);
}

void multiply(const Eigen::Ref<const Eigen::MatrixXf>& A, Op op_a, const Eigen::Ref<const Eigen::MatrixXf>& B, Op op_b,
              Eigen::Ref<Eigen::MatrixXf> C, Into into) {
    product<float>(A, op_a, B, op_b, C, into);
}

void multiply_into(const Eigen::Ref<const Eigen::MatrixXd>& A, Op op_a, const Eigen::Ref<const Eigen::MatrixXd>& B, Op op_b,
                   Eigen::MatrixXd& C) {
    product_into<double>(A, op_a, B, op_b, C);
}

void multiply_into(const Eigen::Ref<const Eigen::MatrixXf>& A, Op op_a, const Eigen::Ref<const Eigen::MatrixXf>& B, Op op_b,
                   Eigen::MatrixXf& C) {
    product_into<float>(A, op_a, B, op_b, C);
}

}  // namespace treelab::nn
