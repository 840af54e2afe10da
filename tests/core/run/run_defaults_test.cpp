// "auto" preprocessing (the method's default scaling, recorded in the run card and pinned in the
// equivalent command) and the refusal of --fit-on train+valid for learners that early-stop on the
// validation rows.
#include <string>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/learner.h"
#include "core/run/prepared_data.h"
#include "core/run/run_config.h"
#include "core/run/sweep.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// Glass with the method's quick parameters (LearnerInfo::quick_params).
RunConfig glass_quick(const std::string& method) {
    return test::dataset_run("glass.csv", "Type", method, find_learner(method).quick_params);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A RunConfig starts at "auto", and auto resolves to each learner's own default scaling.
TEST(RunDefaults, AutoScalingResolvesToEachLearnersDefault) {
    for (const LearnerInfo& learner : learners()) {
        RunConfig config = glass_quick(learner.name);
        EXPECT_FALSE(config.scaling.has_value());
        EXPECT_EQ(scaling_text(config), "auto");
        EXPECT_EQ(resolved_scaling(config), learner.default_scaling) << learner.name;
        EXPECT_EQ(prepare_data(config).pipeline.scaling, learner.default_scaling) << learner.name;
    }
    EXPECT_EQ(resolved_scaling(glass_quick("cart")), Scaling::None);
    EXPECT_EQ(resolved_scaling(glass_quick("latent")), Scaling::QuantileNormal);
}

// An explicit choice wins over the method's default, also when it is "none".
TEST(RunDefaults, ExplicitScalingWins) {
    RunConfig latent = glass_quick("latent");
    set_scaling(latent, "none");
    EXPECT_EQ(resolved_scaling(latent), Scaling::None);
    EXPECT_EQ(prepare_data(latent).pipeline.scaling, Scaling::None);
    RunConfig cart = glass_quick("cart");
    set_scaling(cart, "quantile");
    EXPECT_EQ(prepare_data(cart).pipeline.scaling, Scaling::QuantileNormal);
    set_scaling(cart, "auto");
    EXPECT_FALSE(cart.scaling.has_value());
    EXPECT_THROW(set_scaling(cart, "minmax"), ParamError);
}

// The run card says what was applied and whether the method chose it; the saved model's pipeline agrees.
TEST(RunDefaults, RunCardRecordsTheAppliedScaling) {
    const RunOutcome automatic = run_training(glass_quick("latent"));
    EXPECT_EQ(automatic.model.card.scaling, "quantile (auto: the method's default)");
    EXPECT_EQ(automatic.model.pipeline.scaling, Scaling::QuantileNormal);
    RunConfig explicit_none = glass_quick("latent");
    explicit_none.scaling = Scaling::None;
    EXPECT_EQ(make_run_card(explicit_none, prepare_data(explicit_none)).scaling, "none");
    EXPECT_EQ(make_run_card(glass_quick("cart"), prepare_data(glass_quick("cart"))).scaling,
              "none (auto: the method's default)");
    RunConfig gradtree = glass_quick("cart");
    set_scaling(gradtree, "quantile-gradtree");
    EXPECT_EQ(make_run_card(gradtree, prepare_data(gradtree)).scaling, "quantile-gradtree");
}

// The equivalent command pins the applied scaling, so it reproduces the run whatever the defaults
// become; CART's automatic none needs no flag, LatentTrees' explicit none does.
TEST(RunDefaults, EquivalentCommandPinsTheAppliedScaling) {
    EXPECT_TRUE(contains(equivalent_command(glass_quick("latent")), " --scaling quantile"));
    EXPECT_FALSE(contains(equivalent_command(glass_quick("cart")), "--scaling"));
    RunConfig latent_none = glass_quick("latent");
    latent_none.scaling = Scaling::None;
    EXPECT_TRUE(contains(equivalent_command(latent_none), " --scaling none"));
    RunConfig cart_zscore = glass_quick("cart");
    cart_zscore.scaling = Scaling::ZScore;
    EXPECT_TRUE(contains(equivalent_command(cart_zscore), " --scaling zscore"));
    RunConfig gradtree = glass_quick("cart");
    set_scaling(gradtree, "quantile-gradtree");
    EXPECT_TRUE(contains(equivalent_command(gradtree), " --scaling quantile-gradtree"));
}

// Sweeps resolve "auto" the same way: every row's model carries the method's default scaling.
TEST(RunDefaults, SweepsApplyTheSameResolution) {
    SweepConfig sweep;
    sweep.base = glass_quick("latent");
    sweep.param = "lambda";
    sweep.values = {"0", "0.1"};
    const std::vector<SweepRow> rows = run_sweep(sweep);
    ASSERT_EQ(rows.size(), 2u);
    for (const SweepRow& row : rows) {
        EXPECT_EQ(row.model->pipeline.scaling, Scaling::QuantileNormal);
        EXPECT_EQ(row.model->card.scaling, "quantile (auto: the method's default)");
    }
}

// Fitting on train+valid is refused for every learner that early-stops on the validation rows (the
// message names the method and the reason), by a run and by a sweep, and allowed for the others.
TEST(RunDefaults, FitOnTrainAndValidIsRefusedForLearnersThatStopOnValidation) {
    for (const LearnerInfo& learner : learners()) {
        RunConfig config = glass_quick(learner.name);
        config.fit_on = FitOn::TrainAndValid;
        if (!learner.uses_validation) {
            EXPECT_NO_THROW(check_run_config(config)) << learner.name;
            continue;
        }
        try {
            run_training(config);
            ADD_FAILURE() << learner.name << " trained on train+valid";
        } catch (const ParamError& error) {
            EXPECT_TRUE(contains(error.what(), "method " + learner.name)) << error.what();
            EXPECT_TRUE(contains(error.what(), "validation rows")) << error.what();
        }
        SweepConfig sweep;
        sweep.base = config;
        sweep.param = learner.params.front().name;
        sweep.values = {config.params.canonical().at(sweep.param)};
        EXPECT_THROW(run_sweep(sweep), ParamError) << learner.name;
    }
    EXPECT_TRUE(find_learner("latent").uses_validation);  // the case above is exercised
    RunConfig cart = glass_quick("cart");
    cart.fit_on = FitOn::TrainAndValid;
    EXPECT_EQ(run_training(cart).fit_rows, run_training(glass_quick("cart")).fit_rows +
                                               run_training(glass_quick("cart")).valid_rows);
}

}  // namespace
}  // namespace treelab
