#include "core/data/feature_pipeline.h"

#include <sstream>

#include <gtest/gtest.h>

#include "core/data/csv_reader.h"
#include "core/error.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

Table inline_table(const std::string& text, const std::string& name = "inline.csv") {
    std::istringstream input(text);
    return parse_csv(input, name);
}

const char* const mixed = "x,colour,y\n1,red,0\n,blue,1\n3,red,0\n100,,1\n";

// Missing numbers get the mean of the training rows only, plus a 0/1 indicator feature.
TEST(FeaturePipeline, ImputesFromTrainingRowsOnly) {
    const Table table = inline_table(mixed);
    const FeaturePipeline pipeline = fit_pipeline(table, 2, {0, 1, 2});
    ASSERT_EQ(pipeline.inputs.size(), 2u);
    EXPECT_EQ(pipeline.inputs[0].impute_value, 2.0);  // (1 + 3) / 2, row 3's 100 is not training data
    EXPECT_TRUE(pipeline.inputs[0].missing_indicator);
    const Eigen::MatrixXd X = pipeline.transform(table);
    EXPECT_EQ(X.col(0), (Eigen::VectorXd(4) << 1, 2, 3, 100).finished());
    EXPECT_EQ(X.col(1), (Eigen::VectorXd(4) << 0, 1, 0, 0).finished());
}

// Categorical columns become one 0/1 feature per level, named "<column>=<level>"; missing is all zeros.
TEST(FeaturePipeline, OneHotEncodesLevels) {
    const Table table = inline_table(mixed);
    const FeaturePipeline pipeline = fit_pipeline(table, 2, {0, 1, 2, 3});
    EXPECT_EQ(pipeline.feature_names(), (std::vector<std::string>{"x", "x=NA", "colour=red", "colour=blue"}));
    const Eigen::MatrixXd X = pipeline.transform(table);
    EXPECT_EQ(X.rightCols(2), (Eigen::MatrixXd(4, 2) << 1, 0, 0, 1, 1, 0, 0, 0).finished());
}

// A numeric column without missing values has no indicator, and excluded columns are left out.
TEST(FeaturePipeline, ExcludesColumns) {
    const Table table = inline_table("id,a,b,y\n1,2,3,0\n2,5,6,1\n");
    const FeaturePipeline pipeline = fit_pipeline(table, 3, {0, 1}, {}, {0});
    EXPECT_EQ(pipeline.feature_names(), (std::vector<std::string>{"a", "b"}));
}

// Levels the pipeline never saw encode as all zeros instead of failing.
TEST(FeaturePipeline, UnseenLevelIsZeros) {
    const FeaturePipeline pipeline = fit_pipeline(inline_table(mixed), 2, {0, 1, 2, 3});
    const Eigen::MatrixXd X = pipeline.transform(inline_table("x,colour\n5,green\n6,blue\n"));
    EXPECT_EQ(X.row(0), (Eigen::RowVectorXd(4) << 5, 0, 0, 0).finished());
    EXPECT_EQ(X.row(1), (Eigen::RowVectorXd(4) << 6, 0, 0, 1).finished());
}

// A categorical input whose new data looks numeric is still matched by level text.
TEST(FeaturePipeline, MatchesLevelsInNumericLookingData) {
    const FeaturePipeline pipeline = fit_pipeline(inline_table("g,y\n1,0\nx,1\n2,0\n"), 1, {0, 1, 2});
    const Eigen::MatrixXd X = pipeline.transform(inline_table("g\n2\n1\n"));
    EXPECT_EQ(X, (Eigen::MatrixXd(2, 3) << 0, 0, 1, 1, 0, 0).finished());
}

// A table lacking an input column is a DataError naming the column and listing the table's columns.
TEST(FeaturePipeline, MissingColumnIsDataError) {
    const FeaturePipeline pipeline = fit_pipeline(inline_table(mixed), 2, {0, 1, 2});
    try {
        pipeline.transform(inline_table("x,y\n1,0\n", "new.csv"));
        FAIL() << "expected DataError";
    } catch (const DataError& error) {
        const std::string message = error.what();
        EXPECT_EQ(error.file(), "new.csv");
        EXPECT_NE(message.find("'colour'"), std::string::npos) << message;
        EXPECT_NE(message.find("'x', 'y'"), std::string::npos) << message;
    }
}

// Text where the model expects a number is reported at its line and column.
TEST(FeaturePipeline, TextInNumericInputIsDataError) {
    const FeaturePipeline pipeline = fit_pipeline(inline_table(mixed), 2, {0, 1, 2});
    try {
        pipeline.transform(inline_table("colour,x\nred,1\nblue,two\n", "new.csv"));
        FAIL() << "expected DataError";
    } catch (const DataError& error) {
        EXPECT_EQ(error.line(), 3u);
        EXPECT_EQ(error.column(), 2u);
        EXPECT_NE(std::string(error.what()).find("value 'two' in column 'x' is not a number"), std::string::npos);
    }
}

// Z-scores use the training mean and population standard deviation; a constant feature keeps scale 1.
TEST(FeaturePipeline, ZScoreFromTrainingRows) {
    const Table table = inline_table("a,c,y\n1,5,0\n3,5,1\n5,5,0\n100,7,1\n");
    const FeaturePipeline pipeline = fit_pipeline(table, 2, {0, 1, 2}, {Scaling::ZScore});
    EXPECT_EQ(pipeline.center, (Eigen::VectorXd(2) << 3, 5).finished());
    test::expect_near_rel(pipeline.scale(0), std::sqrt(8.0 / 3.0), 1e-15);
    EXPECT_EQ(pipeline.scale(1), 1.0);
    const Eigen::MatrixXd X = pipeline.transform(table);
    test::expect_near_rel(X(0, 0), -2.0 / std::sqrt(8.0 / 3.0), 1e-15);
    EXPECT_EQ(X(3, 1), 2.0);
}

// Fitting on no rows, or with fewer than one quantile, is refused.
TEST(FeaturePipeline, RejectsBadFitArguments) {
    const Table table = inline_table(mixed);
    EXPECT_THROW(fit_pipeline(table, 2, {}), TrainingError);
    EXPECT_THROW(fit_pipeline(table, 2, {0}, {Scaling::QuantileNormal, 0}), ParamError);
}

// Scaling names round-trip and unknown names are ParamErrors.
TEST(FeaturePipeline, ScalingNames) {
    for (const Scaling scaling : {Scaling::None, Scaling::ZScore, Scaling::QuantileNormal}) {
        EXPECT_EQ(scaling_from_string(to_string(scaling)), scaling);
    }
    EXPECT_THROW(scaling_from_string("minmax"), ParamError);
}

}  // namespace
}  // namespace treelab
