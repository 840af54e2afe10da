#include "core/data/smote.h"

#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

Dataset fixture_dataset(const nlohmann::json& rows, const nlohmann::json& labels, int classes) {
    Dataset data;
    data.X.resize(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows.at(0).size()));
    data.y.resize(data.X.rows());
    for (Eigen::Index i = 0; i < data.X.rows(); ++i) {
        for (Eigen::Index j = 0; j < data.X.cols(); ++j) data.X(i, j) = rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
        data.y(i) = labels[static_cast<std::size_t>(i)];
    }
    for (int c = 0; c < classes; ++c) data.class_names.push_back(std::to_string(c));
    data.feature_names.assign(static_cast<std::size_t>(data.X.cols()), "x");
    return data;
}

int class_count(const nlohmann::json& labels) {
    int classes = 0;
    for (const auto& label : labels) classes = std::max(classes, label.get<int>() + 1);
    return classes;
}

// imblearn 0.10's SMOTE(random_state=seed) and RandomOverSampler(random_state=42) fallback
// (tests/tools/make_smote_fixture.py): the same appended rows, bit for bit up to rounding of the
// interpolation, on binary, three-class and fallback cases.
TEST(Smote, MatchesImblearn) {
    std::ifstream file(test::fixture("smote.json"));
    ASSERT_TRUE(file);
    const nlohmann::json fixture = nlohmann::json::parse(file);
    for (const auto& c : fixture.at("cases")) {
        SCOPED_TRACE(c.at("name").get<std::string>());
        const int classes = class_count(c.at("y"));
        const Dataset train = fixture_dataset(c.at("X"), c.at("y"), classes);
        const Dataset expected = fixture_dataset(c.at("new_X"), c.at("new_y"), classes);
        const Dataset rows = smote_rows(train, SmoteRandom{c.at("seed").get<std::uint32_t>()});
        ASSERT_EQ(rows.y, expected.y);
        EXPECT_LE((rows.X - expected.X).cwiseAbs().maxCoeff(), 1e-12);
    }
}

// SMOTE() on numpy's global stream (the paper's call) draws the first oversampled class as
// SMOTE(random_state=seed) does, then goes on where that class left the stream instead of
// restarting: the binary fixture is unchanged, the three-class one differs from its second class on.
// Normals drawn before (the protocol's quantile noise) move the whole stream.
TEST(Smote, GlobalStreamGoesOnAcrossClasses) {
    std::ifstream file(test::fixture("smote.json"));
    const nlohmann::json fixture = nlohmann::json::parse(file);
    for (const auto& c : fixture.at("cases")) {
        const std::string name = c.at("name").get<std::string>();
        if (name == "fallback") continue;
        SCOPED_TRACE(name);
        const Dataset train = fixture_dataset(c.at("X"), c.at("y"), class_count(c.at("y")));
        const auto seed = c.at("seed").get<std::uint32_t>();
        const Dataset restarted = smote_rows(train, SmoteRandom{seed});
        const Dataset global = smote_rows(train, SmoteRandom{seed, true});
        ASSERT_EQ(global.y, restarted.y);
        const Eigen::Index first = (restarted.y.array() == restarted.y(0)).count();
        EXPECT_EQ(global.X.topRows(first), restarted.X.topRows(first));
        if (name == "binary")
            EXPECT_EQ(global.X, restarted.X);
        else
            EXPECT_NE(global.X.bottomRows(global.rows() - first), restarted.X.bottomRows(global.rows() - first));
        EXPECT_NE(smote_rows(train, SmoteRandom{seed, true, 3}).X, global.X);
    }
}

// Properties that hold whatever the RNG: every class reaches the majority count, each synthetic row
// lies on the segment from a row of its class to one of that row's 5 nearest same-class rows, and
// a seed fixes the rows.
TEST(Smote, SyntheticRowsLieBetweenNearNeighbours) {
    Dataset train;
    train.X.resize(60, 2);
    train.y.resize(60);
    for (Eigen::Index i = 0; i < 60; ++i) {
        const double t = static_cast<double>(i);
        train.X.row(i) << std::sin(1.7 * t) * (1.0 + t / 60.0), std::cos(2.3 * t);
        train.y(i) = i % 6 == 0 ? 1.0 : 0.0;  // 10 of 60
    }
    train.class_names = {"a", "b"};
    const Dataset rows = smote_rows(train, SmoteRandom{3});
    ASSERT_EQ(rows.rows(), 40);
    EXPECT_TRUE((rows.y.array() == 1.0).all());
    std::vector<Eigen::Index> minority;
    for (Eigen::Index i = 0; i < 60; i += 6) minority.push_back(i);
    for (Eigen::Index r = 0; r < rows.rows(); ++r) {
        bool on_segment = false;
        for (const Eigen::Index a : minority) {
            std::vector<std::pair<double, Eigen::Index>> near;
            for (const Eigen::Index b : minority)
                if (b != a) near.emplace_back((train.X.row(b) - train.X.row(a)).squaredNorm(), b);
            std::sort(near.begin(), near.end());
            for (std::size_t k = 0; k < 5; ++k) {
                const Eigen::RowVectorXd d = train.X.row(near[k].second) - train.X.row(a);
                const Eigen::RowVectorXd e = rows.X.row(r) - train.X.row(a);
                const double t = e.dot(d) / d.squaredNorm();
                if (t >= 0.0 && t <= 1.0 && (e - t * d).norm() < 1e-12) on_segment = true;
            }
        }
        EXPECT_TRUE(on_segment) << "synthetic row " << r;
    }
    EXPECT_EQ(smote_rows(train, SmoteRandom{3}).X, rows.X);
    EXPECT_NE(smote_rows(train, SmoteRandom{4}).X, rows.X);
}

// The trigger is the smallest class share at most 0.25/(C − 1) (001 §4.1; utilities_GDT.py, rebalance_data), over the classes present.
TEST(Smote, TriggersAtTheProtocolsShare) {
    const auto labels = [](int n0, int n1, int n2) {
        Eigen::VectorXd y(n0 + n1 + n2);
        y << Eigen::VectorXd::Zero(n0), Eigen::VectorXd::Ones(n1), Eigen::VectorXd::Constant(n2, 2.0);
        return y;
    };
    EXPECT_TRUE(needs_rebalancing(labels(75, 25, 0), 2));    // 0.25 <= 0.25
    EXPECT_FALSE(needs_rebalancing(labels(74, 26, 0), 2));
    EXPECT_TRUE(needs_rebalancing(labels(50, 38, 12), 3));   // 0.12 <= 0.125
    EXPECT_FALSE(needs_rebalancing(labels(50, 37, 13), 3));
    // Only the classes present count, as collections.Counter does: 75/25 of a 3-class target with
    // class 2 absent is the two-class share 0.25 <= 0.25/(2 − 1), not an absent class's share 0.
    EXPECT_TRUE(needs_rebalancing(labels(75, 25, 0), 3));
    EXPECT_FALSE(needs_rebalancing(labels(70, 30, 0), 3));
    EXPECT_FALSE(needs_rebalancing(labels(100, 0, 0), 3));
}

}  // namespace
}  // namespace treelab
