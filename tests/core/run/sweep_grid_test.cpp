// Sweep grids: lists, linear and log ranges, integer rounding and the errors that name the parameter.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/learner.h"
#include "core/run/sweep_grid.h"

namespace treelab {
namespace {

using Values = std::vector<std::string>;

Values values_of(const std::string& method, const std::string& param, const std::string& text) {
    return grid_values(parse_grid(param, text), find_learner(method).params, param);
}

// Expects a ParamError whose message contains `fragment`.
void expect_error(const std::string& method, const std::string& param, const std::string& text, const std::string& fragment) {
    try {
        values_of(method, param, text);
        ADD_FAILURE() << text << " was accepted";
    } catch (const ParamError& error) {
        EXPECT_NE(std::string(error.what()).find(fragment), std::string::npos) << error.what();
    }
}

// A list keeps the values as written, in the order written.
TEST(SweepGrid, ListKeepsTheValuesAsWritten) {
    EXPECT_EQ(values_of("latent", "lambda", "0,1e-4,1e-3"), (Values{"0", "1e-4", "1e-3"}));
}

// "auto" gives no values, leaving run_sweep to follow the pruning path.
TEST(SweepGrid, AutomaticHasNoValues) {
    EXPECT_EQ(parse_grid("ccp_alpha", "auto").kind, GridKind::Automatic);
    EXPECT_TRUE(values_of("cart", "ccp_alpha", "auto").empty());
}

// A linear range ends on both bounds and its texts are short (0.3, not 0.30000000000000004).
TEST(SweepGrid, LinearRangeEndsOnBothBounds) {
    EXPECT_EQ(values_of("cart", "ccp_alpha", "lin:0:1:11"),
              (Values{"0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"}));
    EXPECT_EQ(values_of("cart", "ccp_alpha", "lin:0.25:0.25:1"), (Values{"0.25"}));
}

// A log range steps geometrically: lambda=log:1e-4:0.1:4 is the four decades (texts as to_text writes them).
TEST(SweepGrid, LogRangeStepsByDecades) {
    EXPECT_EQ(values_of("latent", "lambda", "log:1e-4:0.1:4"), (Values{"1e-04", "0.001", "0.01", "0.1"}));
    EXPECT_EQ(values_of("latent", "lambda", "log:1:100:3"), (Values{"1", "10", "100"}));
}

// Integer parameters are rounded and repeats dropped: log:1:8:7 is 1, 1.41, 2, 2.83, 4, 5.66, 8.
TEST(SweepGrid, IntegerRangesAreRoundedAndDeduplicated) {
    EXPECT_EQ(values_of("cart", "max_depth", "log:1:8:7"), (Values{"1", "2", "3", "4", "6", "8"}));
    EXPECT_EQ(values_of("cart", "max_depth", "lin:1:3:9"), (Values{"1", "2", "3"}));
}

// Values outside the parameter's range, non-numeric ranges and malformed grids name the parameter.
TEST(SweepGrid, ErrorsNameTheParameter) {
    expect_error("latent", "lambda", "log:0:0.1:4", "lambda");
    expect_error("latent", "lambda", "log:0:0.1:4", "FROM > 0");
    expect_error("latent", "lambda", "lin:-1:1:3", "parameter lambda = '-1'");
    expect_error("latent", "depth", "1,2,11", "parameter depth = '11'");
    expect_error("cart", "max_depth", "1.5", "max_depth");
    expect_error("cart", "criterion", "lin:0:1:3", "a range needs a numeric parameter");
    expect_error("cart", "ccp_alpha", "lin:0:1", "ccp_alpha");
    expect_error("cart", "ccp_alpha", "lin:0:x:3", "a bad TO 'x'");
    expect_error("cart", "ccp_alpha", "lin:0:1:0", "1 to 10000 values");
    expect_error("cart", "ccp_alpha", "0,,1", "empty value");
    expect_error("cart", "no_such", "1,2", "no parameter 'no_such'");
}

// A stage field of a stage list sweeps like a parameter: a list whose U(LOW,HIGH) values keep their
// commas (only commas outside parentheses separate values), and ranges (integers for epochs).
TEST(SweepGrid, StageFieldGrids) {
    EXPECT_EQ(values_of("get", "schedule[2].alpha", "50,100,U(80,120)"), (Values{"50", "100", "U(80,120)"}));
    EXPECT_EQ(values_of("get", "schedule[2].alpha", "lin:50:150:3"), (Values{"50", "100", "150"}));
    EXPECT_EQ(values_of("get", "schedule[1].epochs", "lin:100:400:4"), (Values{"100", "200", "300", "400"}));
    EXPECT_EQ(values_of("get", "schedule[1].epochs", "log:1:4:5"), (Values{"1", "2", "3", "4"}));
}

// Bad stage-field grids name the field and what is wrong.
TEST(SweepGrid, StageFieldErrors) {
    expect_error("get", "schedule[2].alpha", "50,U(80", "'U(80' of schedule[2].alpha must be a number or U(LOW,HIGH)");
    expect_error("get", "schedule[2].alpha", "U(120,80)", "low end above its high end");
    expect_error("get", "schedule[2].alpha", "log:0:100:3", "FROM > 0");
    expect_error("get", "schedule[1].epochs", "1.5", "whole number of epochs");
    expect_error("get", "schedule[0].alpha", "50", "counted from 1");
    expect_error("get", "schedule[2].gamma", "50", "not 'gamma'");
    expect_error("get", "depth[1].alpha", "50", "not a stage list");
    expect_error("cart", "schedule[1].alpha", "50", "no parameter 'schedule'");
}

}  // namespace
}  // namespace treelab
