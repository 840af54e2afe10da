// Thresholds on a scaled feature mapped back to the feature's own units (core/data/raw_threshold.h,
// feature_scaling.h), checked against the pipeline's own transform on every training value of Glass.
#include "core/data/raw_threshold.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <sstream>
#include <vector>

#include <gtest/gtest.h>

#include "core/data/csv_reader.h"
#include "core/data/feature_pipeline.h"
#include "core/data/feature_scaling.h"
#include "core/data/quantile_normal.h"
#include "core/error.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A step function with a flat stretch: the answer is the last x of the stretch at or below t,
// whatever the guess; a NaN t is refused.
TEST(RawThreshold, LastValueOfAFlatStretch) {
    const auto steps = [](double x) { return x < 1.0 ? 0.0 : x <= 2.0 ? 5.0 : 10.0; };  // flat on [1, 2]
    for (const double guess : {-1e300, 0.0, 1.5, 3.0, 1e300}) {
        const RawThreshold r = raw_threshold(steps, 5.0, guess);
        ASSERT_EQ(r.routes, RawThreshold::Routes::Split);
        EXPECT_EQ(r.value, 2.0) << "guess " << guess;
        EXPECT_EQ(raw_threshold(steps, 4.9, guess).value, std::nextafter(1.0, -kInf));
    }
    EXPECT_THROW(raw_threshold(steps, std::nan(""), 0.0), Error);
}

// A threshold below every T(x) sends every row right, one at or above every T(x) every row left.
TEST(RawThreshold, ThresholdsNoValueCrosses) {
    const auto clipped = [](double x) { return std::clamp(x, -5.0, 5.0); };
    EXPECT_EQ(raw_threshold(clipped, -5.5, 0.0).routes, RawThreshold::Routes::EveryRowRight);
    EXPECT_EQ(raw_threshold(clipped, 5.0, 0.0).routes, RawThreshold::Routes::EveryRowLeft);
    const RawThreshold at_bottom = raw_threshold(clipped, -5.0, 0.0);  // the whole clipped tail goes left
    EXPECT_EQ(at_bottom.routes, RawThreshold::Routes::Split);
    EXPECT_EQ(at_bottom.value, -5.0);
    // Signed zeros and tiny values are ordinary doubles of the search.
    EXPECT_EQ(raw_threshold([](double x) { return x; }, 0.0, 1.0).value, 0.0);
    EXPECT_EQ(raw_threshold([](double x) { return x; }, -1e-310, 1.0).value, -1e-310);
}

Table glass_table() { return read_csv(test::dataset("glass.csv")); }

std::vector<Eigen::Index> every_other_row(const Table& table) {
    std::vector<Eigen::Index> rows;
    for (Eigen::Index i = 0; i < static_cast<Eigen::Index>(table.rows); i += 2) rows.push_back(i);
    return rows;
}

// The quantile-normal transform searched over is non-decreasing: across every Glass feature's
// training values and the 64 doubles on either side of every fitted quantile (where the
// interpolation changes segment and rounding could step back).
TEST(RawThreshold, QuantileNormalIsNonDecreasing) {
    const Table table = glass_table();
    PipelineOptions options;
    options.scaling = Scaling::QuantileNormal;
    const FeaturePipeline pipeline = fit_pipeline(table, table.columns.size() - 1, every_other_row(table), options);
    const Eigen::MatrixXd raw = [&] {
        FeaturePipeline unscaled = pipeline;
        unscaled.scaling = Scaling::None;
        return unscaled.transform(table);
    }();
    for (Eigen::Index j = 0; j < raw.cols(); ++j) {
        std::set<double> xs(raw.col(j).begin(), raw.col(j).end());
        for (const double q : pipeline.quantiles[static_cast<std::size_t>(j)]) {
            double below = q, above = q;
            for (int k = 0; k < 64; ++k) {
                xs.insert(below = std::nextafter(below, -kInf));
                xs.insert(above = std::nextafter(above, kInf));
            }
            xs.insert(q);
        }
        const FeatureScaling scaling(pipeline, j);
        double previous = -kInf;
        for (const double x : xs) {
            const double z = scaling(x);
            ASSERT_GE(z, previous) << "feature " << j << " at " << x;
            previous = z;
        }
    }
}

// For z-score and quantile-normal pipelines fitted on Glass: for every feature, every threshold t
// at, between and next to the scaled training values, and every training value x:
// (x ≤ r) == (T(x) ≤ t), with T(x) as FeaturePipeline::transform computes it.
void expect_exact_on_glass(Scaling kind, bool noise) {
    const Table table = glass_table();
    PipelineOptions options;
    options.scaling = kind;
    options.quantile_fit_noise = noise;
    const std::vector<Eigen::Index> train = every_other_row(table);
    const FeaturePipeline pipeline = fit_pipeline(table, table.columns.size() - 1, train, options);
    FeaturePipeline unscaled = pipeline;
    unscaled.scaling = Scaling::None;
    const Eigen::MatrixXd raw = unscaled.transform(table)(train, Eigen::all);
    const Eigen::MatrixXd scaled = pipeline.transform(table)(train, Eigen::all);
    int checked = 0;
    for (Eigen::Index j = 0; j < raw.cols(); ++j) {
        const FeatureScaling scaling(pipeline, j);
        std::set<double> levels(scaled.col(j).begin(), scaled.col(j).end());
        std::vector<double> thresholds;
        for (auto it = levels.begin(); it != levels.end(); ++it) {
            thresholds.insert(thresholds.end(), {*it, std::nextafter(*it, -kInf), std::nextafter(*it, kInf)});
            if (const auto next = std::next(it); next != levels.end()) thresholds.push_back(0.5 * (*it + *next));
        }
        thresholds.insert(thresholds.end(), {-6.0, 6.0});
        for (const double t : thresholds) {
            const RawThreshold r = raw_threshold(scaling, t, scaling.approximate_inverse(t));
            for (Eigen::Index i = 0; i < raw.rows(); ++i) {
                const bool left = scaled(i, j) <= t;
                const bool raw_left = r.routes == RawThreshold::Routes::EveryRowLeft ||
                                      (r.routes == RawThreshold::Routes::Split && raw(i, j) <= r.value);
                ASSERT_EQ(raw_left, left) << "feature " << j << ", t = " << t << ", x = " << raw(i, j) << ", r = " << r.value;
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 100000);
}

TEST(RawThreshold, ExactForZScoreOnEveryGlassValue) { expect_exact_on_glass(Scaling::ZScore, false); }
TEST(RawThreshold, ExactForQuantileNormalOnEveryGlassValue) { expect_exact_on_glass(Scaling::QuantileNormal, false); }
TEST(RawThreshold, ExactForNoisyQuantileFitOnEveryGlassValue) { expect_exact_on_glass(Scaling::QuantileNormal, true); }

// One-hot levels and missing-value indicators are the indicator features, in feature order.
TEST(FeatureScaling, IndicatorFeatures) {
    std::istringstream text("x,colour,y\n1,red,0\n,blue,1\n3,red,0\n100,,1\n");
    const Table table = parse_csv(text, "inline.csv");
    const FeaturePipeline pipeline = fit_pipeline(table, 2, {0, 1, 2, 3});
    EXPECT_EQ(pipeline.feature_names(), (std::vector<std::string>{"x", "x=NA", "colour=red", "colour=blue"}));
    EXPECT_EQ(indicator_features(pipeline), (std::vector<bool>{false, true, true, true}));
    EXPECT_THROW(FeatureScaling(pipeline, 4), Error);
}

}  // namespace
}  // namespace treelab
