// Memory estimates checked before training (memory_budget.h): a setting the machine cannot hold
// is refused through the real run path with the estimate, the machine's figure and what to lower;
// TREELAB_MEMORY_LIMIT stands in for the machine so that the refusals are deterministic.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>

#include "core/error.h"
#include "core/run/memory_budget.h"
#include "core/run/run_config.h"
#include "core/run/sweep.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// Sets TREELAB_MEMORY_LIMIT for the scope of a test, then removes it.
class MemoryLimit {
public:
    explicit MemoryLimit(const char* limit) { setenv("TREELAB_MEMORY_LIMIT", limit, 1); }
    ~MemoryLimit() { unsetenv("TREELAB_MEMORY_LIMIT"); }
    MemoryLimit(const MemoryLimit&) = delete;
    MemoryLimit& operator=(const MemoryLimit&) = delete;
};

// A generated table of 3,000 rows, 8 numeric features and a 3-class target.
std::filesystem::path write_table(const test::TempDir& dir) {
    std::mt19937 random(7);
    std::normal_distribution<double> normal;
    std::ostringstream csv;
    csv << "x1,x2,x3,x4,x5,x6,x7,x8,y\n";
    for (int row = 0; row < 3000; ++row) {
        double sum = 0.0;
        for (int column = 0; column < 8; ++column) {
            const double value = normal(random);
            sum += value;
            csv << value << ',';
        }
        csv << (sum < -1.0 ? "a" : sum < 1.0 ? "b" : "c") << '\n';
    }
    return dir.write("table.csv", csv.str());
}

RunConfig table_run(const std::filesystem::path& file, const std::string& method, const std::vector<std::string>& params) {
    RunConfig config;
    config.data_file = file;
    config.target = "y";
    config.method = method;
    config.params = method_params(method, params);
    return config;
}

// The refusal of `config` under the current limit; empty when it trained.
std::string refusal(const RunConfig& config) {
    try {
        run_training(config);
    } catch (const ParamError& error) {
        return error.what();
    }
    return {};
}

// A DGT tree of height 10 (Table 12's widths) and a depth-10 LatentTrees on 3,000 rows are refused
// under 100 MB, naming the setting, the estimate, the limit and what to lower; CART trains.
TEST(MemoryBudget, RunPathRefusesWhatTheLimitCannotHold) {
    test::TempDir dir;
    const auto file = write_table(dir);
    const MemoryLimit limit("100M");
    const std::string dgt = refusal(table_run(file, "dgt", {"height=10", "epochs=1"}));
    EXPECT_NE(dgt.find("DGT at height 10 with hidden widths 2046,2046 needs about "), std::string::npos) << dgt;
    EXPECT_NE(dgt.find("TREELAB_MEMORY_LIMIT allows 100 MB. Lower height or the hidden widths"), std::string::npos) << dgt;
    const std::string latent = refusal(table_run(file, "latent", {"depth=10", "epochs=1"}));
    EXPECT_NE(latent.find("LatentTrees at depth 10 on "), std::string::npos) << latent;
    EXPECT_NE(latent.find("Lower depth"), std::string::npos) << latent;
    EXPECT_EQ(refusal(table_run(file, "cart", {"max_depth=3"})), "");
    EXPECT_EQ(refusal(table_run(file, "dgt", {"height=3", "epochs=1"})), "");
}

// A sweep whose largest value cannot be held is refused before its first training (no row done).
TEST(MemoryBudget, SweepRefusesItsLargestValueBeforeTraining) {
    test::TempDir dir;
    const MemoryLimit limit("100M");
    SweepConfig sweep;
    sweep.base = table_run(write_table(dir), "latent", {"epochs=1"});
    sweep.param = "depth";
    sweep.values = {"2", "10"};
    int reports = 0;
    try {
        run_sweep(sweep, [&](int done, int) { return reports += done, true; });
        ADD_FAILURE() << "the sweep ran";
    } catch (const ParamError& error) {
        EXPECT_NE(std::string(error.what()).find("LatentTrees at depth 10"), std::string::npos) << error.what();
    }
    EXPECT_EQ(reports, 0);
}

// Cells run side by side only as many as the limit holds, at least one; within it, as asked.
TEST(MemoryBudget, ConcurrencyShrinksToWhatFits) {
    const MemoryLimit limit("1G");
    const double mb = 1024.0 * 1024.0;
    EXPECT_EQ(jobs_within_memory({300 * mb, "x", ""}, 8), 3);
    EXPECT_EQ(jobs_within_memory({300 * mb, "x", ""}, 2), 2);
    EXPECT_EQ(jobs_within_memory({2000 * mb, "x", ""}, 4), 1);
    EXPECT_THROW(check_memory({300 * mb, "x", ""}, 4), ParamError);
    EXPECT_NO_THROW(check_memory({300 * mb, "x", ""}, 3));
}

// The limit reads as a user writes it; a size that does not read is refused naming the variable.
TEST(MemoryBudget, LimitReadsSizesWithUnits) {
    {
        const MemoryLimit limit("1.5G");
        EXPECT_DOUBLE_EQ(machine_memory()->bytes, 1.5 * 1024 * 1024 * 1024);
        EXPECT_EQ(machine_memory()->source, "TREELAB_MEMORY_LIMIT");
    }
    {
        const MemoryLimit limit("512MB");
        EXPECT_DOUBLE_EQ(machine_memory()->bytes, 512.0 * 1024 * 1024);
    }
    const MemoryLimit limit("lots");
    try {
        machine_memory();
        ADD_FAILURE() << "'lots' read as a size";
    } catch (const ParamError& error) {
        EXPECT_NE(std::string(error.what()).find("TREELAB_MEMORY_LIMIT"), std::string::npos);
    }
}

// Each estimate covers at least the buffers its learner is known to allocate (an oracle from the
// code's matrix shapes, not a measurement): LatentTrees' s, q and z of every evaluated row, DGT's
// chain parameters, and each grows with depth or height.
TEST(MemoryBudget, EstimatesCoverTheLearnersLargestBuffers) {
    const DataShape shape{12000, 4000, 16, 26};
    const auto estimate = [&](const std::string& method, const std::vector<std::string>& params) {
        return memory_estimate(find_learner(method), shape, method_params(method, params)).bytes;
    };
    const double nodes9 = std::ldexp(1.0, 10) - 1.0;
    EXPECT_GE(estimate("latent", {"depth=9"}), 16000.0 * 3.0 * nodes9 * 8.0);
    const double chain10 = 17.0 * 2046 + 2047.0 * 2046 + 2047.0 * 1023;  // inputs → 2046 → 2046 → 1023, with biases
    EXPECT_GE(estimate("dgt", {"height=10"}), chain10 * 4.0 * 4.0);       // float32: values, gradient, two optimizer states
    for (const auto& [method, name] : {std::pair{"latent", "depth"}, {"gradtree", "depth"}, {"get", "depth"}, {"dgt", "height"}})
        EXPECT_LT(estimate(method, {std::string(name) + "=4"}), estimate(method, {std::string(name) + "=8"})) << method;
    EXPECT_GT(estimate("cart", {}), 12000.0 * 16 * 8);
}

}  // namespace
}  // namespace treelab
