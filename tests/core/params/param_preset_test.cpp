// Presets (param_preset.h): defaults, then the preset, then the user's assignments, which win.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/learner.h"
#include "core/params/param_preset.h"
#include "core/run/run_config.h"

namespace treelab {
namespace {

struct Table {
    std::vector<ParamSpec> specs;
    std::vector<ParamPreset> presets{{"paper", "Paper", "the paper's setting", {"depth=10", "rate=0.5"}},
                                     {"quick", "Quick", "a short run", {"depth=2"}}};
    Table() {
        specs.push_back({"depth", "Depth", "Tree depth.", ParamType::Integer, 1, 20, 5LL});
        specs.push_back({"rate", "Rate", "Learning rate.", ParamType::Real, 0, 1, 0.1});
        specs.push_back(preset_param_spec(presets));
    }
};

TEST(ParamPreset, RowOffersTreeLabThenEachPreset) {
    const Table table;
    const ParamSpec& row = table.specs.back();
    EXPECT_EQ(row.name, "preset");
    EXPECT_EQ(row.type, ParamType::Choice);
    EXPECT_EQ(row.choices, (std::vector<std::string>{"treelab", "paper", "quick"}));
    EXPECT_EQ(to_text(row.default_value), "treelab");
    EXPECT_NE(row.help.find("paper = the paper's setting"), std::string::npos);
}

// The form shows the preset row's choices in words; the command line keeps the words it had.
TEST(ParamPreset, RowNamesItsChoicesInWordsForTheForm) {
    const Table table;
    const ParamSpec& row = table.specs.back();
    EXPECT_EQ(row.choice_labels, (std::vector<std::string>{"TreeLab defaults", "Paper", "Quick"}));
    EXPECT_EQ(row.choice_label("treelab"), "TreeLab defaults");
    EXPECT_EQ(row.choice_label("quick"), "Quick");
    EXPECT_EQ(row.range_text(), "treelab | paper | quick");
    EXPECT_EQ(table.specs.front().choice_label("7"), "7") << "a row without words for its choices shows them as they are";
    EXPECT_EQ(resolve_params(table.specs, table.presets, {"preset=quick"}).integer("depth"), 2);
}

TEST(ParamPreset, ResolvesDefaultsThenPresetThenTheUsersAssignments) {
    const Table table;
    const ParamValues defaults = resolve_params(table.specs, table.presets, {});
    EXPECT_EQ(defaults.integer("depth"), 5);
    EXPECT_EQ(defaults.text("preset"), "treelab");

    const ParamValues paper = resolve_params(table.specs, table.presets, {"preset=paper"});
    EXPECT_EQ(paper.integer("depth"), 10);
    EXPECT_EQ(paper.real("rate"), 0.5);
    EXPECT_EQ(paper.text("preset"), "paper");

    // The user's value wins wherever it stands, before or after the preset.
    for (const auto& assignments : {std::vector<std::string>{"depth=3", "preset=paper"},
                                    std::vector<std::string>{"preset=paper", "depth=3"}}) {
        const ParamValues mixed = resolve_params(table.specs, table.presets, assignments);
        EXPECT_EQ(mixed.integer("depth"), 3);
        EXPECT_EQ(mixed.real("rate"), 0.5);
    }
    // The last preset named is the one applied; "treelab" is the defaults.
    EXPECT_EQ(resolve_params(table.specs, table.presets, {"preset=paper", "preset=quick"}).integer("depth"), 2);
    EXPECT_EQ(resolve_params(table.specs, table.presets, {"preset=paper", "preset=treelab"}).integer("depth"), 5);
    // A resolved run's canonical values resolve to themselves (a run card's command).
    std::vector<std::string> again;
    for (const auto& [name, text] : resolve_params(table.specs, table.presets, {"preset=paper", "rate=0.25"}).canonical())
        again.push_back(name + "=" + text);
    const ParamValues reread = resolve_params(table.specs, table.presets, again);
    EXPECT_EQ(reread.integer("depth"), 10);
    EXPECT_EQ(reread.real("rate"), 0.25);
}

// A run is described against its preset: the preset row and what the user changed on it stand out.
TEST(ParamPreset, BaselineIsThePresetsValuesWithTheRowAtTreeLab) {
    const Table table;
    const auto run = resolve_params(table.specs, table.presets, {"preset=paper", "rate=0.25"}).canonical();
    const auto baseline = baseline_texts(table.specs, table.presets, run);
    std::vector<std::string> changed;
    for (const auto& [name, text] : run)
        if (baseline.at(name) != text) changed.push_back(name + "=" + text);
    EXPECT_EQ(changed, (std::vector<std::string>{"preset=paper", "rate=0.25"}));
    // Without a preset, or with one this version does not know: the defaults.
    EXPECT_EQ(baseline_texts(table.specs, table.presets, {{"preset", "1999"}}), ParamValues(table.specs).canonical());
    EXPECT_EQ(baseline_texts(table.specs, table.presets, {}), ParamValues(table.specs).canonical());
}

TEST(ParamPreset, RefusesAnUnknownPresetNamingTheChoices) {
    const Table table;
    try {
        resolve_params(table.specs, table.presets, {"preset=fast"});
        FAIL() << "no error";
    } catch (const ParamError& error) {
        EXPECT_NE(std::string(error.what()).find("treelab | paper | quick"), std::string::npos) << error.what();
    }
}

// The registry appends the row to exactly the learners that have presets, and method_params
// resolves every preset each one lists.
TEST(ParamPreset, EveryLearnerWithPresetsHasTheRowAndItsPresetsResolve) {
    for (const LearnerInfo& learner : learners()) {
        const bool has_row = std::any_of(learner.params.begin(), learner.params.end(),
                                         [](const ParamSpec& spec) { return spec.name == kPresetParam; });
        EXPECT_EQ(has_row, !learner.presets.empty()) << learner.name;
        if (!has_row) {
            EXPECT_THROW(method_params(learner.name, {"preset=paper"}), ParamError) << learner.name;
        }
        for (const ParamPreset& preset : learner.presets) {
            const ParamValues values = method_params(learner.name, {"preset=" + preset.name});
            EXPECT_EQ(values.text(kPresetParam), preset.name);
            for (const std::string& assignment : preset.assignments) {
                const std::size_t equals = assignment.find('=');
                ParamValues expected(learner.params);
                expected.set_assignment(learner.params, assignment);
                EXPECT_EQ(values.text(assignment.substr(0, equals)), expected.text(assignment.substr(0, equals)))
                    << learner.name << " " << assignment;
            }
        }
    }
}

}  // namespace
}  // namespace treelab
