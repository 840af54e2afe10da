#include <cmath>
#include <fstream>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/nn/mlp.h"
#include "tests/core/nn/nn_test_util.h"

namespace treelab {
namespace {

using nn::MlpShape;

std::span<const double> span_of(const Eigen::VectorXd& v) { return {v.data(), static_cast<std::size_t>(v.size())}; }

Eigen::VectorXd initial(const MlpShape& shape, std::uint32_t seed) {
    Eigen::VectorXd p(shape.parameters());
    std::mt19937 random(seed);
    nn::initialize_mlp(shape, random, {p.data(), static_cast<std::size_t>(p.size())});
    return p;
}

// ⟨g, mlp(x)⟩ with the dropout mask of `mask_seed` (none when rate is 0).
double weighted_output(const MlpShape& shape, const Eigen::VectorXd& p, const Eigen::MatrixXd& x, const Eigen::MatrixXd& g,
                       double rate, std::uint32_t mask_seed) {
    std::mt19937 random(mask_seed);
    const nn::Dropout dropout{rate, random};
    return g.cwiseProduct(nn::mlp_forward(shape, span_of(p), x, nullptr, &dropout)).sum();
}

// The backward pass of ⟨g, mlp(x)⟩ against central differences in every parameter and input entry,
// with the mask of a fixed seed held constant across the evaluations.
void expect_gradient_matches_finite_differences(double rate) {
    const MlpShape shape{{4, 5, 3, 2}};
    const Eigen::VectorXd p = initial(shape, 5);
    const Eigen::MatrixXd x = test::random_matrix(6, 4, 21, 2.0);
    const Eigen::MatrixXd g = test::random_matrix(6, 2, 22);
    const std::uint32_t mask_seed = 99;
    std::mt19937 random(mask_seed);
    const nn::Dropout dropout{rate, random};
    nn::MlpTape tape;
    nn::mlp_forward(shape, span_of(p), x, &tape, &dropout);
    Eigen::VectorXd d_p(p.size());
    Eigen::MatrixXd d_x;
    nn::mlp_backward(shape, span_of(p), tape, g, {d_p.data(), static_cast<std::size_t>(d_p.size())}, &d_x);
    ASSERT_EQ(tape.activated.size(), 2u);
    EXPECT_GT((tape.activated[0].array() < 0.0).count(), 0) << "want ELU's negative branch";
    EXPECT_GT((tape.activated[0].array() > 0.0).count(), 0) << "want ELU's positive branch";
    if (rate > 0.0) {
        ASSERT_EQ(tape.kept.size(), 2u);
        EXPECT_GT((tape.kept[0].array() == 0.0).count(), 0) << "want dropped units";
        EXPECT_GT((tape.kept[0].array() > 0.0).count(), 0) << "want kept units";
    }
    test::check_gradient([&](const Eigen::VectorXd& q) { return weighted_output(shape, q, x, g, rate, mask_seed); }, p, d_p);
    test::check_matrix_gradient([&](const Eigen::MatrixXd& y) { return weighted_output(shape, p, y, g, rate, mask_seed); }, x, d_x);
}

Eigen::MatrixXd matrix_of(const nlohmann::json& rows) {
    Eigen::MatrixXd m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows.at(0).size()));
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) m(i, j) = rows.at(static_cast<std::size_t>(i)).at(static_cast<std::size_t>(j));
    return m;
}

Eigen::VectorXd vector_of(const nlohmann::json& values) {
    const std::vector<double> v = values.get<std::vector<double>>();
    return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

// Largest |a − b| / max(1, |b|).
double largest_error(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
    EXPECT_EQ(a.rows(), b.rows());
    EXPECT_EQ(a.cols(), b.cols());
    if (a.rows() != b.rows() || a.cols() != b.cols()) return INFINITY;
    return ((a - b).array().abs() / b.array().abs().max(1.0)).maxCoeff();
}

// The reference's sizes: L fully-connected layers, hidden widths 64, 128, …; one layer is linear.
TEST(NnMlp, ReferenceShape) {
    EXPECT_EQ(nn::reference_mlp_shape(10, 3, 1).sizes, (std::vector<Eigen::Index>{10, 3}));
    EXPECT_EQ(nn::reference_mlp_shape(10, 3, 2).sizes, (std::vector<Eigen::Index>{10, 64, 3}));
    EXPECT_EQ(nn::reference_mlp_shape(10, 3, 5).sizes, (std::vector<Eigen::Index>{10, 64, 128, 256, 512, 3}));
    EXPECT_EQ(nn::reference_mlp_shape(10, 3, 2).parameters(), 10 * 64 + 64 + 64 * 3 + 3);
    EXPECT_THROW(nn::reference_mlp_shape(10, 3, 0), Error);
}

// Each layer's weights and bias are U(±1/√fan_in), reach close to the bound, and repeat for a seed.
TEST(NnMlp, InitializationIsPyTorchsDefault) {
    const MlpShape shape{{4, 64, 9, 2}};
    const Eigen::VectorXd p = initial(shape, 7);
    EXPECT_EQ(p, initial(shape, 7));
    EXPECT_NE(p, initial(shape, 8));
    Eigen::Index offset = 0;
    for (Eigen::Index k = 0; k < shape.layers(); ++k) {
        const Eigen::Index size = shape.sizes[k + 1] * (shape.sizes[k] + 1);
        const double bound = 1.0 / std::sqrt(static_cast<double>(shape.sizes[k]));
        const double largest = p.segment(offset, size).cwiseAbs().maxCoeff();
        EXPECT_LT(largest, bound) << "layer " << k;
        EXPECT_GT(largest, 0.8 * bound) << "layer " << k;
        offset += size;
    }
    EXPECT_EQ(offset, p.size());
}

// The hand-written backward pass equals central differences (parameters and input), without dropout.
TEST(NnMlp, GradientMatchesFiniteDifferences) { expect_gradient_matches_finite_differences(0.0); }

// The same through a fixed dropout mask (the mask of one seed, drawn again at every evaluation).
TEST(NnMlp, GradientWithDropoutMatchesFiniteDifferences) { expect_gradient_matches_finite_differences(0.4); }

// Output, parameter gradient and input gradient equal torch autograd's (tests/tools/make_mlp_fixture.py)
// to rounding, for a linear map, two hidden layers, the reference's 64-unit layer and a dropout mask.
TEST(NnMlp, MatchesTorch) {
    std::ifstream file(test::fixture("nn/mlp.json"));
    const nlohmann::json fixture = nlohmann::json::parse(file);
    ASSERT_EQ(fixture.at("cases").size(), 4u);
    for (const nlohmann::json& c : fixture.at("cases")) {
        SCOPED_TRACE(c.at("name").get<std::string>());
        const MlpShape shape{c.at("sizes").get<std::vector<Eigen::Index>>()};
        const Eigen::VectorXd p = vector_of(c.at("parameters"));
        const Eigen::MatrixXd x = matrix_of(c.at("input")), g = matrix_of(c.at("output_gradient"));
        std::mt19937 random(c.at("mask_seed").is_null() ? 0u : c.at("mask_seed").get<std::uint32_t>());
        const nn::Dropout dropout{c.at("dropout").get<double>(), random};
        nn::MlpTape tape;
        const Eigen::MatrixXd out = nn::mlp_forward(shape, span_of(p), x, &tape, &dropout);
        Eigen::VectorXd d_p(p.size());
        Eigen::MatrixXd d_x;
        nn::mlp_backward(shape, span_of(p), tape, g, {d_p.data(), static_cast<std::size_t>(d_p.size())}, &d_x);
        EXPECT_LE(largest_error(out, matrix_of(c.at("output"))), 1e-12);
        EXPECT_LE(largest_error(d_p, vector_of(c.at("parameter_gradient"))), 1e-12);
        EXPECT_LE(largest_error(d_x, matrix_of(c.at("input_gradient"))), 1e-12);
    }
}

// Dropout draws only in training with a positive rate; evaluation is deterministic and the kept
// fraction is about 1 − rate, each kept unit scaled by 1/(1 − rate).
TEST(NnMlp, DropoutOnlyInTraining) {
    const MlpShape shape{{3, 64, 2}};
    const Eigen::VectorXd p = initial(shape, 1);
    const Eigen::MatrixXd x = test::random_matrix(100, 3, 2);
    std::mt19937 random(4), untouched(4);
    const nn::Dropout none{0.0, random};
    EXPECT_EQ(nn::mlp_forward(shape, span_of(p), x, nullptr, &none), nn::mlp_forward(shape, span_of(p), x));
    EXPECT_EQ(random(), untouched());
    const nn::Dropout quarter{0.25, random};
    nn::MlpTape tape;
    nn::mlp_forward(shape, span_of(p), x, &tape, &quarter);
    ASSERT_EQ(tape.kept.size(), 1u);
    const Eigen::ArrayXXd kept = tape.kept[0].array();
    EXPECT_TRUE((kept == 0.0 || kept == 1.0 / 0.75).all());
    EXPECT_NEAR(static_cast<double>((kept > 0.0).count()) / static_cast<double>(kept.size()), 0.75, 0.03);
    const nn::Dropout all{1.0, random};
    EXPECT_THROW(nn::mlp_forward(shape, span_of(p), x, nullptr, &all), Error);
}

// Mismatched sizes are refused with an exception, not read out of bounds.
TEST(NnMlp, RefusesMismatchedSizes) {
    const MlpShape shape{{3, 4, 2}};
    const Eigen::VectorXd p = initial(shape, 1);
    EXPECT_THROW(nn::mlp_forward(shape, span_of(p), Eigen::MatrixXd::Zero(2, 4)), Error);
    EXPECT_THROW(nn::mlp_forward(shape, span_of(p).first(5), Eigen::MatrixXd::Zero(2, 3)), Error);
    nn::MlpTape tape;
    nn::mlp_forward(shape, span_of(p), Eigen::MatrixXd::Zero(2, 3), &tape);
    Eigen::VectorXd d_p(p.size());
    EXPECT_THROW(nn::mlp_backward(shape, span_of(p), tape, Eigen::MatrixXd::Zero(2, 3), {d_p.data(), 26}, nullptr), Error);
    EXPECT_THROW(nn::mlp_backward(shape, span_of(p), nn::MlpTape{}, Eigen::MatrixXd::Zero(2, 2), {d_p.data(), 26}, nullptr), Error);
}

}  // namespace
}  // namespace treelab
