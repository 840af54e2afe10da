#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/data/feature_pipeline.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

Table one_column(const std::vector<double>& values) {
    Table table;
    table.source = "fixture";
    table.rows = values.size();
    Column x;
    x.name = "x";
    x.numbers = values;
    Column y = x;
    y.name = "y";
    table.columns = {x, y};
    return table;
}

// The quantile-normal scaling reproduces sklearn 1.2.1 QuantileTransformer(output_distribution="normal"):
// the fitted quantiles bit for bit and the transformed values to rounding of the normal quantile function.
TEST(QuantileNormal, MatchesScikitLearn) {
    std::ifstream file(test::fixture("quantile_normal.json"));
    ASSERT_TRUE(file) << "missing tests/fixtures/quantile_normal.json";
    const nlohmann::json fixture = nlohmann::json::parse(file);
    ASSERT_FALSE(fixture["cases"].empty());
    for (const auto& c : fixture["cases"]) {
        SCOPED_TRACE(c["name"].get<std::string>());
        const auto train = c["train"].get<std::vector<double>>();
        std::vector<Eigen::Index> rows(train.size());
        for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<Eigen::Index>(i);
        const FeaturePipeline pipeline =
            fit_pipeline(one_column(train), 1, rows, {Scaling::QuantileNormal, c["n_quantiles"].get<int>()});
        ASSERT_EQ(pipeline.quantiles.size(), 1u);
        const auto quantiles = c["quantiles"].get<std::vector<double>>();
        ASSERT_EQ(pipeline.quantiles[0].size(), static_cast<Eigen::Index>(quantiles.size()));
        for (std::size_t i = 0; i < quantiles.size(); ++i) {
            EXPECT_EQ(pipeline.quantiles[0](static_cast<Eigen::Index>(i)), quantiles[i]) << "quantile " << i;
        }
        const auto test = c["test"].get<std::vector<double>>();
        const auto expected = c["expected"].get<std::vector<double>>();
        const Eigen::MatrixXd X = pipeline.transform(one_column(test));
        ASSERT_EQ(X.rows(), static_cast<Eigen::Index>(expected.size()));
        for (std::size_t i = 0; i < expected.size(); ++i) {
            SCOPED_TRACE("x = " + std::to_string(test[i]));
            test::expect_near_rel(X(static_cast<Eigen::Index>(i), 0), expected[i], 1e-12, 1e-13);
        }
    }
}

}  // namespace
}  // namespace treelab
