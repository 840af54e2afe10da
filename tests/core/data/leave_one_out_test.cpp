#include "core/data/leave_one_out.h"

#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "core/data/csv_reader.h"
#include "core/data/feature_pipeline.h"
#include "core/error.h"

namespace treelab {
namespace {

Table inline_table(const std::string& text) {
    std::istringstream input(text);
    return parse_csv(input, "inline.csv");
}

// Rows 0-5 train (a: y 0,1,1; b: 1,0; c: 1 alone), rows 6-10 are new rows a, b, c, unseen d, missing.
const char* const small = "c,y\na,0\na,1\na,1\nb,1\nb,0\nc,1\na,0\nb,0\nc,0\nd,1\n,1\n";
const std::vector<Eigen::Index> small_train{0, 1, 2, 3, 4, 5};

Eigen::VectorXd targets(const Table& table) {
    Eigen::VectorXd y(static_cast<Eigen::Index>(table.rows));
    for (std::size_t r = 0; r < table.rows; ++r) y(static_cast<Eigen::Index>(r)) = table.columns[1].numbers[r];
    return y;
}

// Hand-computed: training rows leave their own target out, a singleton level and every new row
// that is unseen, missing or a singleton get the training mean 4/6 (category_encoders' LeaveOneOutEncoder).
TEST(LeaveOneOut, HandComputedSmallTable) {
    const Table table = inline_table(small);
    PipelineOptions options;
    options.categorical = CategoricalEncoding::LeaveOneOut;
    const FeaturePipeline pipeline = fit_pipeline(table, 1, small_train, options, {}, targets(table));
    EXPECT_EQ(pipeline.feature_names(), std::vector<std::string>{"c"});
    const double mean = 4.0 / 6.0;
    const Eigen::VectorXd fitted = pipeline.transform_fitted(table, small_train, targets(table)).col(0);
    const Eigen::VectorXd expected_fitted =
        (Eigen::VectorXd(11) << 1.0, 0.5, 0.5, 0.0, 1.0, mean, 2.0 / 3.0, 0.5, mean, mean, mean).finished();
    for (Eigen::Index r = 0; r < 11; ++r) EXPECT_DOUBLE_EQ(fitted(r), expected_fitted(r)) << "row " << r;
    // New data (predict, eval): every row, the training rows too, gets S_c/n_c.
    const Eigen::VectorXd fresh = pipeline.transform(table).col(0);
    const Eigen::VectorXd expected_fresh =
        (Eigen::VectorXd(11) << 2.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0, 0.5, 0.5, mean, 2.0 / 3.0, 0.5, mean, mean, mean).finished();
    for (Eigen::Index r = 0; r < 11; ++r) EXPECT_DOUBLE_EQ(fresh(r), expected_fresh(r)) << "row " << r;
}

// With missing_as_level, a missing value is a level of its own, "?" (the GradTree loader reads
// Congressional Voting's "?" as a value): rows 2-4 (targets 1, 0, 1) form it, S = 2, n = 3, so a
// training row leaves its own target out and a new missing row gets 2/3; one-hot gets "c=?".
// Column d's one missing value is outside the training rows: like any level seen only there, it is
// listed (levels come from the whole table) and encoded as the training mean.
TEST(LeaveOneOut, MissingAsLevelIsALevelOfItsOwn) {
    const Table table = inline_table("c,d,y\na,u,0\na,u,1\n,u,1\n,v,0\n,v,1\nb,v,1\nb,u,0\n,v,1\na,,0\n");
    const std::vector<Eigen::Index> train{0, 1, 2, 3, 4, 5, 6};
    Eigen::VectorXd y(9);
    for (std::size_t r = 0; r < 9; ++r) y(static_cast<Eigen::Index>(r)) = table.columns[2].numbers[r];
    PipelineOptions options;
    options.categorical = CategoricalEncoding::LeaveOneOut;
    options.missing_as_level = true;
    const FeaturePipeline pipeline = fit_pipeline(table, 2, train, options, {}, y);
    EXPECT_EQ(pipeline.inputs[0].levels, (std::vector<std::string>{"a", "b", kMissingLevel}));
    EXPECT_EQ(pipeline.inputs[1].levels, (std::vector<std::string>{"u", "v", kMissingLevel}));
    const Eigen::VectorXd fitted = pipeline.transform_fitted(table, train, y).col(0);
    EXPECT_DOUBLE_EQ(fitted(2), 0.5);  // (2 − 1) / 2
    EXPECT_DOUBLE_EQ(fitted(3), 1.0);  // (2 − 0) / 2
    EXPECT_DOUBLE_EQ(fitted(7), 2.0 / 3.0);
    EXPECT_DOUBLE_EQ(pipeline.transform(table)(8, 1), 4.0 / 7.0) << "no training row is missing in d";

    options.categorical = CategoricalEncoding::OneHot;
    const FeaturePipeline onehot = fit_pipeline(table, 2, train, options, {}, y);
    EXPECT_EQ(onehot.feature_names(), (std::vector<std::string>{"c=a", "c=b", "c=?", "d=u", "d=v", "d=?"}));
    EXPECT_EQ(onehot.transform(table).row(7), (Eigen::RowVectorXd(6) << 0, 0, 1, 0, 1, 0).finished());
}

// An independent oracle: the encoder's formulas over a map of (sum, count) per level text, on a table
// with three classes, missing cells among the training rows and levels seen only outside them.
TEST(LeaveOneOut, MatchesTheFormulaOnALargerTable) {
    std::ostringstream csv;
    csv << "u,v,y\n";
    const char* const levels[] = {"p", "q", "r", "s", "t"};
    for (int i = 0; i < 60; ++i) {
        const int y = (i * 7 + i / 5) % 3;
        std::string u = i % 11 == 0 ? "" : levels[(i * 3) % 4 + (i >= 50 ? 1 : 0)];
        if (i == 56) u = "unseen";     // row 56 is not a training row
        if (i == 57) u = "singleton";  // a level with one training row
        csv << u << "," << levels[(i * i) % 5] << "," << y << "\n";
    }
    const Table table = inline_table(csv.str());
    std::vector<Eigen::Index> train;
    for (Eigen::Index r = 0; r < 60; r += (r % 4 == 3 ? 2 : 1)) train.push_back(r);
    Eigen::VectorXd y(60);
    for (Eigen::Index r = 0; r < 60; ++r) y(r) = table.columns[2].numbers[static_cast<std::size_t>(r)];
    PipelineOptions options;
    options.categorical = CategoricalEncoding::LeaveOneOut;
    const FeaturePipeline pipeline = fit_pipeline(table, 2, train, options, {}, y);
    const Eigen::MatrixXd X = pipeline.transform_fitted(table, train, y);

    for (std::size_t column = 0; column < 2; ++column) {
        const Column& cells = table.columns[column];
        std::map<std::string, std::pair<double, double>> stats;  // level text -> (sum, count)
        double mean = 0.0;
        for (const Eigen::Index r : train) {
            mean += y(r) / static_cast<double>(train.size());
            const std::string text = cell_text(cells, static_cast<std::size_t>(r));
            if (text.empty()) continue;
            stats[text].first += y(r);
            stats[text].second += 1.0;
        }
        for (Eigen::Index r = 0; r < 60; ++r) {
            const std::string text = cell_text(cells, static_cast<std::size_t>(r));
            const bool training = std::find(train.begin(), train.end(), r) != train.end();
            const auto found = stats.find(text);
            double expected = mean;
            if (found != stats.end() && found->second.second > 1.0) {
                const auto [sum, count] = found->second;
                expected = training ? (sum - y(r)) / (count - 1.0) : sum / count;
            }
            EXPECT_NEAR(X(r, static_cast<Eigen::Index>(column)), expected, 1e-12) << "column " << column << " row " << r;
        }
    }
}

// The scaling is fitted on the training rows as leave-one-out encodes them (001 §4.1; utilities_GDT.py):
// the z-score centre is the mean of the training-row encodings, not of S_c/n_c.
TEST(LeaveOneOut, ScalingIsFittedOnTheLeftOutEncodings) {
    const Table table = inline_table(small);
    PipelineOptions options;
    options.categorical = CategoricalEncoding::LeaveOneOut;
    options.scaling = Scaling::ZScore;
    const FeaturePipeline pipeline = fit_pipeline(table, 1, small_train, options, {}, targets(table));
    EXPECT_DOUBLE_EQ(pipeline.center(0), (1.0 + 0.5 + 0.5 + 0.0 + 1.0 + 4.0 / 6.0) / 6.0);
}

// Leave-one-out needs the targets; the text names and the refusals are explicit.
TEST(LeaveOneOut, RefusesMissingTargetsAndUnknownNames) {
    const Table table = inline_table(small);
    PipelineOptions options;
    options.categorical = CategoricalEncoding::LeaveOneOut;
    EXPECT_THROW(fit_pipeline(table, 1, small_train, options), Error);
    EXPECT_EQ(categorical_encoding_from_string("loo"), CategoricalEncoding::LeaveOneOut);
    EXPECT_EQ(to_string(CategoricalEncoding::OneHot), "onehot");
    EXPECT_EQ(categorical_encoding_from_string("target"), CategoricalEncoding::LeaveOneOut);  // --encode COLUMN=target
    EXPECT_THROW(categorical_encoding_from_string("mean"), ParamError);
}

}  // namespace
}  // namespace treelab
