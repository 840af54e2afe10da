// Tests of the pruning QP solver (000 eq. 4, Prop. 2, Alg. 1, §3.2 "Backward pass") against the
// a depth-1 example worked by hand (checked by brute force over a₀), two independent minimisers of eq. 4
// and central finite differences.
#include "core/learners/latent/pav_solver.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace treelab {
namespace {

int node_count(int depth) { return (2 << depth) - 1; }
int parent(int t) { return (t - 1) / 2; }

// Eq. 4 objective: sum_t 1/2 (a_t - eta_t)^2 + sum_{i,t} 1/2 max(q_it - a_t, 0)^2.
double objective(const Eigen::MatrixXd& q, const Eigen::VectorXd& eta, const Eigen::VectorXd& a) {
    double total = 0.5 * (a - eta).squaredNorm();
    for (Eigen::Index t = 0; t < q.cols(); ++t)
        for (Eigen::Index i = 0; i < q.rows(); ++i) total += 0.5 * std::pow(std::max(q(i, t) - a[t], 0.0), 2);
    return total;
}

// Unconstrained minimiser over a of sum_{t in nodes} g_t(a) + shift * a, by bisection on the strictly
// increasing derivative (no sorting, no support sets: independent of Prop. 2).
double minimise_pooled(const Eigen::MatrixXd& q, const Eigen::VectorXd& eta, const std::vector<int>& nodes,
                       double shift = 0.0) {
    const auto derivative = [&](double a) {
        double d = shift;
        for (int t : nodes) {
            d += a - eta[t];
            for (Eigen::Index i = 0; i < q.rows(); ++i) d -= std::max(q(i, t) - a, 0.0);
        }
        return d;
    };
    // The root lies between the smallest and the largest of eta_t - shift/|nodes| and the q entries.
    const double offset = shift / static_cast<double>(nodes.size());
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (int t : nodes) {
        lo = std::min({lo, eta[t] - offset, q.col(t).minCoeff()});
        hi = std::max({hi, eta[t] - offset, q.col(t).maxCoeff()});
    }
    for (int step = 0; step < 400; ++step) {
        const double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        (derivative(mid) > 0.0 ? hi : lo) = mid;
    }
    return std::abs(derivative(lo)) < std::abs(derivative(hi)) ? lo : hi;
}

// Exact minimiser of eq. 4 for T <= 15: at the optimum, cutting the edges with a_child < a_parent
// leaves connected groups, each at the box-clipped minimiser of its pooled objective; so the best
// feasible candidate over all 2^(T-1) edge cuts is the minimiser. Group values are memoised by mask.
Eigen::VectorXd enumerate_minimiser(const Eigen::MatrixXd& q, const Eigen::VectorXd& eta) {
    const int nodes = static_cast<int>(q.cols());
    std::vector<double> value_of_mask(std::size_t{1} << nodes, std::numeric_limits<double>::quiet_NaN());
    Eigen::VectorXd best;
    double best_objective = std::numeric_limits<double>::infinity();
    std::vector<int> top(nodes);
    std::vector<std::uint32_t> mask(nodes);
    Eigen::VectorXd a(nodes);
    for (std::uint32_t cuts = 0; cuts < (std::uint32_t{1} << (nodes - 1)); ++cuts) {
        std::fill(mask.begin(), mask.end(), 0u);
        for (int t = 0; t < nodes; ++t) {
            top[t] = (t == 0 || ((cuts >> (t - 1)) & 1u)) ? t : top[parent(t)];
            mask[top[t]] |= 1u << t;
        }
        for (int t = 0; t < nodes; ++t) {
            double& value = value_of_mask[mask[top[t]]];
            if (std::isnan(value)) {
                std::vector<int> group;
                for (int u = 0; u < nodes; ++u)
                    if ((mask[top[t]] >> u) & 1u) group.push_back(u);
                value = std::clamp(minimise_pooled(q, eta, group), 0.0, 1.0);
            }
            a[t] = value;
        }
        bool feasible = true;
        for (int t = 1; t < nodes; ++t) feasible = feasible && a[t] <= a[parent(t)];
        if (!feasible) continue;
        const double value = objective(q, eta, a);
        if (value < best_objective) {
            best_objective = value;
            best = a;
        }
    }
    return best;
}

// A generic solver for any depth: accelerated projected gradient ascent (FISTA with adaptive restart)
// on the Lagrange dual of the edge constraints a_t <= a_p(t), with the box kept in the per-node
// minimisation. Each g_t has curvature >= 1 and the tree Laplacian has norm <= 6, so step 1/6.
Eigen::VectorXd dual_minimiser(const Eigen::MatrixXd& q, const Eigen::VectorXd& eta) {
    const int nodes = static_cast<int>(q.cols());
    const auto primal = [&](const Eigen::VectorXd& mu) {
        Eigen::VectorXd a(nodes);
        for (int t = 0; t < nodes; ++t) {
            double shift = t == 0 ? 0.0 : mu[t];
            for (int c = 2 * t + 1; c <= 2 * t + 2 && c < nodes; ++c) shift -= mu[c];
            a[t] = std::clamp(minimise_pooled(q, eta, {t}, shift), 0.0, 1.0);
        }
        return a;
    };
    const auto gradient = [&](const Eigen::VectorXd& a) {
        Eigen::VectorXd g = Eigen::VectorXd::Zero(nodes);
        for (int t = 1; t < nodes; ++t) g[t] = a[t] - a[parent(t)];
        return g;
    };
    Eigen::VectorXd mu = Eigen::VectorXd::Zero(nodes);
    Eigen::VectorXd y = mu;
    double momentum = 1.0;
    for (int iteration = 0; iteration < 200000; ++iteration) {
        const Eigen::VectorXd next = (y + gradient(primal(y)) / 6.0).cwiseMax(0.0);
        const double change = (next - mu).lpNorm<Eigen::Infinity>();
        const bool restart = (y - next).dot(next - mu) > 0.0;
        const double next_momentum = restart ? 1.0 : 0.5 * (1.0 + std::sqrt(1.0 + 4.0 * momentum * momentum));
        y = restart ? next : Eigen::VectorXd(next + ((momentum - 1.0) / next_momentum) * (next - mu));
        mu = next;
        momentum = next_momentum;
        if (change <= 1e-14 * (1.0 + mu.lpNorm<Eigen::Infinity>())) break;
        // Where clipped nodes make the dual flat, mu need not settle although a(mu) has: stop once
        // a(mu) is feasible and the duality gap sum_t mu_t (a_p(t) - a_t) vanishes.
        if (iteration % 16 == 0) {
            const Eigen::VectorXd slack = -gradient(primal(mu));
            if (slack.minCoeff() >= -1e-13 && mu.dot(slack) <= 1e-14 * (1.0 + mu.lpNorm<Eigen::Infinity>())) break;
        }
    }
    return primal(mu);
}

// The learner's q (000 §3.1; vzantedeschi/LatentTrees src/LT_models.py): q_root = 1, left child min(q_p, s_p), right
// child min(q_p, -s_p).
Eigen::MatrixXd learner_q(int rows, int depth, std::mt19937& rng) {
    std::uniform_real_distribution<double> s(-1.0, 1.0);
    Eigen::MatrixXd q(rows, node_count(depth));
    for (int i = 0; i < rows; ++i) {
        q(i, 0) = 1.0;
        for (int t = 0; 2 * t + 2 < q.cols(); ++t) {
            const double split = s(rng);
            q(i, 2 * t + 1) = std::min(q(i, t), split);
            q(i, 2 * t + 2) = std::min(q(i, t), -split);
        }
    }
    return q;
}

// q uniform in [-scale, scale], with the parent-min propagation of scripts/check_pruned_treeqp.py or not.
Eigen::MatrixXd random_q(int rows, int depth, bool parent_min, double scale, std::mt19937& rng) {
    std::uniform_real_distribution<double> u(-scale, scale);
    Eigen::MatrixXd q(rows, node_count(depth));
    for (int t = 0; t < q.cols(); ++t)
        for (int i = 0; i < rows; ++i) q(i, t) = parent_min && t > 0 ? std::min(q(i, parent(t)), u(rng)) : u(rng);
    return q;
}

Eigen::VectorXd random_eta(int nodes, double scale, std::mt19937& rng) {
    std::uniform_real_distribution<double> u(-scale, scale);
    Eigen::VectorXd eta(nodes);
    for (double& e : eta) e = u(rng);
    return eta;
}

// scripts/make_edge_cases.py: bases 0, +100, -100, each alone and with one coordinate set to +-1 or +-100.
std::vector<Eigen::VectorXd> edge_case_etas(int nodes) {
    std::vector<Eigen::VectorXd> etas;
    for (double base : {0.0, 100.0, -100.0}) {
        etas.push_back(Eigen::VectorXd::Constant(nodes, base));
        for (int t = 0; t < nodes; ++t)
            for (double v : {1.0, -1.0, 100.0, -100.0}) {
                etas.push_back(Eigen::VectorXd::Constant(nodes, base));
                etas.back()[t] = v;
            }
    }
    return etas;
}

// Row t of the Jacobian of the clipped a: (da_t/dq, da_t/deta), by the backward pass with cotangent e_t.
std::pair<Eigen::MatrixXd, Eigen::VectorXd> jacobian_row(const PruningQpSolution& solution, Eigen::Index rows, int t) {
    const Eigen::Index nodes = solution.a.size();
    Eigen::MatrixXd grad_q = Eigen::MatrixXd::Constant(rows, nodes, 7.0);  // must be overwritten
    Eigen::VectorXd grad_eta = Eigen::VectorXd::Constant(nodes, 7.0);
    pruning_qp_backward(solution, Eigen::VectorXd::Unit(nodes, t), grad_q, grad_eta);
    return {grad_q, grad_eta};
}

void expect_solver_matches(const Eigen::MatrixXd& q, const Eigen::VectorXd& eta, const Eigen::VectorXd& expected) {
    const PruningQpSolution solution = solve_pruning_qp(q, eta);
    ASSERT_EQ(solution.a.size(), expected.size());
    EXPECT_LE((solution.a - expected).lpNorm<Eigen::Infinity>(), 1e-8)
        << "q =\n" << q << "\neta = " << eta.transpose() << "\nsolver " << solution.a.transpose()
        << "\nexpected " << expected.transpose();
}

// The depth-1 example worked by hand (q = [[1, 0.4, −0.4], [1, −0.7, 0.7]], η = [0.2, 0.9, −0.5], a* = [0.775, 0.775, 0.1]): values, groups, denominators, support and the full Jacobian.
TEST(PavSolver, WorkedExampleMatchesHandComputation) {
    Eigen::MatrixXd q(2, 3);
    q << 1, 0.4, -0.4, 1, -0.7, 0.7;
    const Eigen::Vector3d eta(0.2, 0.9, -0.5);
    const PruningQpSolution solution = solve_pruning_qp(q, eta);
    EXPECT_NEAR(solution.a[0], 0.775, 1e-15);
    EXPECT_NEAR(solution.a[1], 0.775, 1e-15);
    EXPECT_NEAR(solution.a[2], 0.1, 1e-15);
    EXPECT_EQ(solution.a, solution.a_unclipped);
    ASSERT_EQ(solution.denominator.size(), 2u);
    EXPECT_EQ(solution.group_of_node, (std::vector<int>{0, 0, 1}));
    EXPECT_EQ(solution.denominator, (std::vector<double>{4.0, 2.0}));
    using Support = std::vector<std::pair<int, int>>;
    Support merged = solution.support[0];
    std::sort(merged.begin(), merged.end());
    EXPECT_EQ(merged, (Support{{0, 0}, {1, 0}}));
    EXPECT_EQ(solution.support[1], (Support{{1, 2}}));

    Eigen::MatrixXd dq_top = Eigen::MatrixXd::Zero(2, 3);
    dq_top(0, 0) = dq_top(1, 0) = 0.25;
    Eigen::MatrixXd dq_right = Eigen::MatrixXd::Zero(2, 3);
    dq_right(1, 2) = 0.5;
    const std::vector<std::pair<Eigen::MatrixXd, Eigen::VectorXd>> expected = {
        {dq_top, Eigen::Vector3d(0.25, 0.25, 0)}, {dq_top, Eigen::Vector3d(0.25, 0.25, 0)},
        {dq_right, Eigen::Vector3d(0, 0, 0.5)}};
    for (int t = 0; t < 3; ++t) {
        const auto [grad_q, grad_eta] = jacobian_row(solution, 2, t);
        EXPECT_EQ(grad_q, expected[t].first) << "row " << t;
        EXPECT_EQ(grad_eta, expected[t].second) << "row " << t;
    }
}

// On depths 1-3 the solver equals the exhaustive minimiser of eq. 4 (box included) for random q (learner-like, parent-min, fully random), random eta and the reference's 87-style edge-case eta vectors.
TEST(PavSolver, MatchesExhaustiveMinimiserOnSmallTrees) {
    std::mt19937 rng(20201013);
    std::uniform_int_distribution<int> rows(1, 6);
    for (int depth = 1; depth <= 3; ++depth) {
        const int cases = depth == 3 ? 40 : 150;
        for (int c = 0; c < cases; ++c) {
            const int n = rows(rng);
            const Eigen::MatrixXd q = c % 3 == 0   ? learner_q(n, depth, rng)
                                      : c % 3 == 1 ? random_q(n, depth, true, 1.0, rng)
                                                   : random_q(n, depth, false, 1.5, rng);
            const Eigen::VectorXd eta = random_eta(node_count(depth), 3.0, rng);
            expect_solver_matches(q, eta, enumerate_minimiser(q, eta));
        }
        const std::vector<Eigen::VectorXd> etas = edge_case_etas(node_count(depth));
        for (std::size_t e = 0; e < etas.size(); e += depth == 3 ? 5 : 1) {
            const Eigen::MatrixXd q = random_q(rows(rng), depth, e % 2 == 0, 1.0, rng);
            expect_solver_matches(q, etas[e], enumerate_minimiser(q, etas[e]));
        }
    }
}

// On depths 2-4 the solver equals a generic dual solver of eq. 4 (FISTA on the edge multipliers), which shares no code path with PAV.
TEST(PavSolver, MatchesGenericDualSolver) {
    std::mt19937 rng(42);
    std::uniform_int_distribution<int> rows(1, 6);
    for (int depth = 2; depth <= 4; ++depth) {
        for (int c = 0; c < 100; ++c) {
            const int n = rows(rng);
            const Eigen::MatrixXd q = c % 3 == 0   ? learner_q(n, depth, rng)
                                      : c % 3 == 1 ? random_q(n, depth, true, 1.0, rng)
                                                   : random_q(n, depth, false, 1.5, rng);
            const Eigen::VectorXd eta = random_eta(node_count(depth), 3.0, rng);
            expect_solver_matches(q, eta, dual_minimiser(q, eta));
        }
        const std::vector<Eigen::VectorXd> etas = edge_case_etas(node_count(depth));
        for (std::size_t e = 0; e < etas.size(); e += 3) {
            const Eigen::MatrixXd q = learner_q(rows(rng), depth, rng);
            expect_solver_matches(q, etas[e], dual_minimiser(q, etas[e]));
        }
    }
}

// Whether the clipped map a(q, eta) is smooth in a neighbourhood of radius `margin`: no group value near
// 0, 1, a q entry of its own nodes (a breakpoint of Prop. 2) or the value of an adjacent group.
bool away_from_kinks(const Eigen::MatrixXd& q, const PruningQpSolution& solution, double margin) {
    for (Eigen::Index t = 0; t < q.cols(); ++t) {
        const double a = solution.a_unclipped[t];
        if (std::abs(a) < margin || std::abs(a - 1.0) < margin) return false;
        if (((q.col(t).array() - a).abs() < margin).any()) return false;
        if (t > 0 && solution.group_of_node[t] != solution.group_of_node[parent(static_cast<int>(t))] &&
            std::abs(a - solution.a_unclipped[parent(static_cast<int>(t))]) < margin)
            return false;
    }
    return true;
}

// The backward pass equals central finite differences of the clipped a with respect to every q and eta entry, at random points away from kinks.
TEST(PavSolver, BackwardMatchesFiniteDifferences) {
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> rows(1, 5);
    const double eps = 1e-7;
    int checked = 0;
    for (int c = 0; c < 200; ++c) {
        const int depth = 1 + c % 3;
        const int n = rows(rng);
        const Eigen::MatrixXd q = c % 2 == 0 ? learner_q(n, depth, rng) : random_q(n, depth, false, 1.5, rng);
        const Eigen::VectorXd eta = random_eta(node_count(depth), 1.5, rng);
        const PruningQpSolution solution = solve_pruning_qp(q, eta);
        if (!away_from_kinks(q, solution, 1e-6)) continue;
        ++checked;
        const Eigen::Index nodes = q.cols();
        // Column (i, u) or eta_u of the Jacobian: the central difference of a.
        const auto central = [&](const std::function<void(Eigen::MatrixXd&, Eigen::VectorXd&, double)>& perturb) {
            Eigen::MatrixXd qp = q, qm = q;
            Eigen::VectorXd ep = eta, em = eta;
            perturb(qp, ep, eps);
            perturb(qm, em, -eps);
            return Eigen::VectorXd((solve_pruning_qp(qp, ep).a - solve_pruning_qp(qm, em).a) / (2 * eps));
        };
        for (int t = 0; t < nodes; ++t) {
            const auto [grad_q, grad_eta] = jacobian_row(solution, n, t);
            for (Eigen::Index u = 0; u < nodes; ++u) {
                const Eigen::VectorXd d_eta = central([u](Eigen::MatrixXd&, Eigen::VectorXd& e, double h) { e[u] += h; });
                EXPECT_NEAR(grad_eta[u], d_eta[t], 1e-6) << "case " << c << " da_" << t << "/deta_" << u;
                for (Eigen::Index i = 0; i < n; ++i) {
                    const Eigen::VectorXd d_q =
                        central([i, u](Eigen::MatrixXd& m, Eigen::VectorXd&, double h) { m(i, u) += h; });
                    EXPECT_NEAR(grad_q(i, u), d_q[t], 1e-6) << "case " << c << " da_" << t << "/dq_" << i << u;
                }
            }
        }
    }
    EXPECT_GE(checked, 100);
}

// The ICML-2021 formulation (anchor weight λ on η = 0, q shifted by ½): the same depth-1 example
// at four values of λ, solved by brute force (vzantedeschi/LatentTrees at HEAD, src/qp_fast.cpp).
TEST(PavSolver, IcmlFormulationMatchesOracle) {
    Eigen::MatrixXd q(2, 3);
    q << 1, 0.4, -0.4, 1, -0.7, 0.7;
    const std::vector<std::pair<double, Eigen::Vector3d>> oracle = {{0.001, {1, 0.899101, 1}},
                                                                    {0.1, {1, 0.818182, 1}},
                                                                    {1, {1, 0.45, 0.6}},
                                                                    {10, {0.25, 0.081818, 0.109091}}};
    for (const auto& [lambda, expected] : oracle) {
        const PruningQpSolution solution = solve_pruning_qp(q, Eigen::Vector3d::Zero(), {lambda, 0.5});
        EXPECT_LE((solution.a - expected).lpNorm<Eigen::Infinity>(), 1e-6) << "lambda " << lambda << ": " << solution.a.transpose();
    }
}

// An anchor weight 1/m equals every row repeated m times (the objective divided by m), a shift c
// equals q + c, and the η part of the backward pass carries the weight (central differences).
TEST(PavSolver, AnchorWeightAndShiftMatchRepeatedRows) {
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> rows(1, 5);
    int checked = 0;
    for (int c = 0; c < 120; ++c) {
        const int depth = 1 + c % 3, n = rows(rng);
        const Eigen::MatrixXd q = learner_q(n, depth, rng);
        const Eigen::VectorXd eta = random_eta(node_count(depth), 2.0, rng);
        const Eigen::MatrixXd repeated = (Eigen::MatrixXd(3 * n, q.cols()) << q, q, q).finished();
        EXPECT_LE((solve_pruning_qp(q, eta, {1.0 / 3.0, 0.0}).a_unclipped - solve_pruning_qp(repeated, eta).a_unclipped)
                      .lpNorm<Eigen::Infinity>(),
                  1e-12);
        const Eigen::MatrixXd shifted = (q.array() + 0.25).matrix();
        EXPECT_LE((solve_pruning_qp(q, eta, {0.7, 0.25}).a - solve_pruning_qp(shifted, eta, {0.7, 0.0}).a).lpNorm<Eigen::Infinity>(),
                  1e-12);
        const PruningQpWeights weights{2.5, 0.5};
        const PruningQpSolution solution = solve_pruning_qp(q, eta, weights);
        if (!away_from_kinks((q.array() + 0.5).matrix(), solution, 1e-6)) continue;
        ++checked;
        for (Eigen::Index t = 0; t < q.cols(); ++t) {
            const auto [grad_q, grad_eta] = jacobian_row(solution, n, static_cast<int>(t));
            for (Eigen::Index u = 0; u < q.cols(); ++u) {
                Eigen::VectorXd plus = eta, minus = eta;
                plus[u] += 1e-7;
                minus[u] -= 1e-7;
                const double central = (solve_pruning_qp(q, plus, weights).a[t] - solve_pruning_qp(q, minus, weights).a[t]) / 2e-7;
                EXPECT_NEAR(grad_eta[u], central, 1e-6) << "case " << c << " da_" << t << "/deta_" << u;
            }
        }
    }
    EXPECT_GE(checked, 40);
}

// Groups whose value is clipped to 0 or 1 pass no gradient to their q or eta entries, while an unclipped group does.
TEST(PavSolver, ClippedGroupsGetZeroGradient) {
    // Depth 1: the root sits above 1 (a = 5), the left leaf inside (0.55), the right leaf below 0 (-1.4).
    Eigen::MatrixXd q(2, 3);
    q << 1, 0.9, -0.4, 1, 0.3, 0.2;
    const PruningQpSolution solution = solve_pruning_qp(q, Eigen::Vector3d(5.0, 0.2, -4.0));
    EXPECT_NEAR(solution.a_unclipped[0], 5.0, 1e-15);
    EXPECT_NEAR(solution.a_unclipped[1], 0.55, 1e-15);
    EXPECT_NEAR(solution.a_unclipped[2], -1.4, 1e-15);
    EXPECT_EQ(solution.a, Eigen::Vector3d(1.0, 0.55, 0.0));
    Eigen::MatrixXd grad_q(2, 3);
    Eigen::VectorXd grad_eta(3);
    pruning_qp_backward(solution, Eigen::Vector3d(0.3, -2.0, 1.5), grad_q, grad_eta);
    EXPECT_EQ(grad_eta, Eigen::Vector3d(0.0, -1.0, 0.0));
    Eigen::MatrixXd expected_q = Eigen::MatrixXd::Zero(2, 3);
    expected_q(0, 1) = -1.0;
    EXPECT_EQ(grad_q, expected_q);

    // Every group clipped, at 1 (eta far above) or at 0 (eta far below): nothing flows back.
    for (double level : {5.0, -5.0}) {
        const PruningQpSolution clipped = solve_pruning_qp(q, Eigen::Vector3d::Constant(level));
        EXPECT_EQ(clipped.a, Eigen::Vector3d::Constant(level > 0 ? 1.0 : 0.0));
        pruning_qp_backward(clipped, Eigen::Vector3d(0.3, -2.0, 1.5), grad_q, grad_eta);
        EXPECT_TRUE(grad_q.isZero());
        EXPECT_TRUE(grad_eta.isZero());
    }
}

}  // namespace
}  // namespace treelab
