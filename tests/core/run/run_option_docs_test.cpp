// The run options' descriptions (CLI help, GUI tooltips and menus) name exactly the words the
// parsers accept, default first, and the registry's facts (default scalings, early stoppers).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/learners/learner.h"
#include "core/run/run_config.h"
#include "core/run/run_option_docs.h"

namespace treelab {
namespace {

std::vector<std::string> words(const RunOptionDoc& doc) {
    std::vector<std::string> result;
    for (const ChoiceDoc& choice : doc.choices) result.push_back(choice.word);
    return result;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Each choice list is the parser's list in its order, and its first word is what a RunConfig starts with.
TEST(RunOptionDocs, ChoicesAreTheParsersWordsDefaultFirst) {
    std::vector<std::string> modes;
    for (const SplitMode mode : split_modes()) modes.push_back(to_string(mode));
    EXPECT_EQ(words(split_mode_doc()), modes);
    EXPECT_EQ(split_mode_from_string(modes.front()), RunConfig{}.split_mode);

    const auto scalings = scaling_texts();
    EXPECT_EQ(words(scaling_doc()), std::vector<std::string>(scalings.begin(), scalings.end()));
    EXPECT_EQ(scaling_doc().choices.front().word, scaling_text(RunConfig{}));

    EXPECT_EQ(words(categorical_doc()), (std::vector<std::string>{to_string(CategoricalEncoding::OneHot),
                                                                  to_string(CategoricalEncoding::LeaveOneOut),
                                                                  to_string(CategoricalEncoding::Ordinal)}));
    EXPECT_EQ(categorical_encoding_from_string(categorical_doc().choices.front().word), RunConfig{}.categorical_encoding);

    EXPECT_EQ(words(fit_on_doc()), (std::vector<std::string>{to_string(FitOn::Train), to_string(FitOn::TrainAndValid)}));
    EXPECT_EQ(fit_on_from_string(fit_on_doc().choices.front().word), RunConfig{}.fit_on);

    EXPECT_TRUE(smote_doc().choices.empty());
    EXPECT_TRUE(split_seed_doc().choices.empty());
}

// "auto" names every learner's default scaling, and train+valid every learner it is refused for.
TEST(RunOptionDocs, NameTheRegistrysDefaultsAndRefusals) {
    const std::string automatic = scaling_doc().choices.front().help;
    const std::string both = fit_on_doc().choices.back().help;
    for (const LearnerInfo& learner : learners()) {
        EXPECT_TRUE(contains(automatic, learner.label + ": " + to_string(learner.default_scaling))) << automatic;
        EXPECT_EQ(contains(both, learner.label), learner.uses_validation) << learner.name << ": " << both;
    }
}

// The CLI's line is the option's help, then each word with its help.
TEST(RunOptionDocs, HelpLineListsEveryChoice) {
    EXPECT_EQ(option_help_line(categorical_doc()),
              categorical_doc().help + ": onehot = " + categorical_doc().choices[0].help + "; loo = " +
                  categorical_doc().choices[1].help + "; ordinal = " + categorical_doc().choices[2].help);
    EXPECT_EQ(option_help_line(smote_doc()), smote_doc().help);
}

}  // namespace
}  // namespace treelab
