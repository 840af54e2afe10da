#include <gtest/gtest.h>

#include "core/training/training_params.h"

namespace treelab {
namespace {

// Only the rows a learner gives defaults for appear, with those defaults, and they read back into the settings.
TEST(TrainingParams, RowsFollowTheDefaultsAndReadBack) {
    TrainingDefaults defaults;
    defaults.epochs = 40;
    defaults.learning_rate = 0.05;
    defaults.optimizer = "adam";
    defaults.optimizers = {"adam", "sgd"};
    const std::vector<ParamSpec> specs = training_param_specs(defaults);
    ASSERT_EQ(specs.size(), 3u);
    EXPECT_EQ(specs[0].name, "epochs");
    EXPECT_EQ(specs[1].name, "learning_rate");
    EXPECT_EQ(specs[2].name, "optimizer");
    EXPECT_EQ(specs[2].choices, (std::vector<std::string>{"adam", "sgd"}));

    ParamValues values(specs);
    values.set_assignment(specs, "optimizer=sgd");
    TrainingSettings settings;
    settings.batch_size = 17;
    read_training_params(values, settings);
    EXPECT_EQ(settings.max_epochs, 40);
    EXPECT_EQ(settings.learning_rate, 0.05);
    EXPECT_EQ(settings.optimizer.kind, "sgd");
    EXPECT_EQ(settings.batch_size, 17) << "a row the method lacks leaves the setting alone";
}

}  // namespace
}  // namespace treelab
