// Times the pruning QP (000 Alg. 1 + Prop. 2, solve_pruning_qp) and its backward pass
// (pruning_qp_backward) on learner-like batches: q_root = 1, children min(q_parent, +-s) with
// s ~ U(-1, 1), eta ~ U(-1, 1). Single-threaded; prints a markdown table, fastest of R runs.
// Usage: pav_bench [--csv-dir DIR]; with --csv-dir it also times depth 3, n in {100, 1000} and writes
// d3_n<n>_{q,eta,a}.csv there, for a comparison with a generic QP solver (e.g. cvxopt).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <limits>
#include <random>
#include <string>

#include <Eigen/Core>

#include "core/learners/latent/pav_solver.h"

namespace {

Eigen::MatrixXd learner_q(int rows, int nodes, std::mt19937& rng) {
    std::uniform_real_distribution<double> s(-1.0, 1.0);
    Eigen::MatrixXd q(rows, nodes);
    q.col(0).setOnes();
    for (int t = 0; 2 * t + 2 < nodes; ++t)
        for (int i = 0; i < rows; ++i) {
            const double split = s(rng);
            q(i, 2 * t + 1) = std::min(q(i, t), split);
            q(i, 2 * t + 2) = std::min(q(i, t), -split);
        }
    return q;
}

void write_csv(const std::string& file, const Eigen::MatrixXd& m) {
    std::ofstream out(file);
    out.precision(17);
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) out << m(i, j) << (j + 1 < m.cols() ? ',' : '\n');
}

double milliseconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

struct Timing {
    double forward_ms = std::numeric_limits<double>::infinity();
    double backward_ms = std::numeric_limits<double>::infinity();
    treelab::PruningQpSolution solution;
};

// Fastest forward and backward of a few runs (more runs for small batches).
Timing time_case(const Eigen::MatrixXd& q, const Eigen::VectorXd& eta, const Eigen::VectorXd& grad_a) {
    Timing timing;
    Eigen::MatrixXd grad_q(q.rows(), q.cols());
    Eigen::VectorXd grad_eta(q.cols());
    const int repeats = static_cast<int>(std::clamp(2e7 / static_cast<double>(q.size()), 1.0, 20.0));
    for (int r = 0; r < repeats; ++r) {
        auto start = std::chrono::steady_clock::now();
        timing.solution = treelab::solve_pruning_qp(q, eta);
        timing.forward_ms = std::min(timing.forward_ms, milliseconds_since(start));
        start = std::chrono::steady_clock::now();
        treelab::pruning_qp_backward(timing.solution, grad_a, grad_q, grad_eta);
        timing.backward_ms = std::min(timing.backward_ms, milliseconds_since(start));
    }
    return timing;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string csv_dir = argc == 3 && std::string(argv[1]) == "--csv-dir" ? argv[2] : "";
    std::mt19937 rng(0);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    const auto random_vector = [&](int size) {
        Eigen::VectorXd v(size);
        for (double& x : v) x = u(rng);
        return v;
    };
    std::printf("| depth | n | forward ms | backward ms | groups | support size | reserved extra memory (MB) |\n");
    std::printf("|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int depth : {2, 4, 6, 8})
        for (int n : {100, 1000, 10000, 100000}) {
            const int nodes = (2 << depth) - 1;
            const Eigen::MatrixXd q = learner_q(n, nodes, rng);
            const Timing timing = time_case(q, random_vector(nodes), random_vector(nodes));
            std::size_t support = 0;
            for (const auto& s : timing.solution.support) support += s.size();
            // What solve_pruning_qp reserves beyond its inputs and dL/dq: room for every sorted column
            // (descending_columns.h; only the pages of the entries it looks at are touched) and the
            // returned support pairs.
            const double megabytes = (static_cast<double>(q.size()) * sizeof(treelab::DescendingColumns::Entry) +
                                      support * sizeof(std::pair<int, int>)) / 1e6;
            std::printf("| %d | %d | %.3f | %.3f | %zu | %zu | %.1f |\n", depth, n, timing.forward_ms,
                        timing.backward_ms, timing.solution.denominator.size(), support, megabytes);
            std::fflush(stdout);
        }
    if (csv_dir.empty()) return 0;
    for (int n : {100, 1000}) {
        const Eigen::MatrixXd q = learner_q(n, 15, rng);
        const Eigen::VectorXd eta = random_vector(15);
        const Timing timing = time_case(q, eta, random_vector(15));
        std::printf("depth 3, n %d: forward %.3f ms, backward %.3f ms\n", n, timing.forward_ms, timing.backward_ms);
        const std::string stem = csv_dir + "/d3_n" + std::to_string(n) + "_";
        write_csv(stem + "q.csv", q);
        write_csv(stem + "eta.csv", eta.transpose());
        write_csv(stem + "a.csv", timing.solution.a.transpose());
    }
    return 0;
}
