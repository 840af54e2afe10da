// The manual's hyperparameter tables are the CLI's: for every learner of the registry, the table in
// resources/doc/command-line.md under its "| `name` parameter |" header equals
// `treelab-cli params NAME --markdown` as built now.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/learners/learner.h"
#include "tests/app/cli/cli_runner.h"

namespace treelab {
namespace {

constexpr const char* kRegenerate =
    "regenerate the manual's tables from the registry with (from the repository root, after building "
    "treelab-cli):\n    python3 tests/tools/update_manual_params.py build/treelab-cli";

constexpr const char* kPage = TREELAB_SOURCE_DIR "/resources/doc/command-line.md";

// The table of `method` on the page: its header line and the '|' lines right after it; "" if none.
std::string page_table(const std::string& page, const std::string& method) {
    std::istringstream lines(page);
    const std::string header = "| `" + method + "` parameter |";
    std::string line, table;
    bool inside = false;
    while (std::getline(lines, line)) {
        if (!inside && line.rfind(header, 0) != 0) continue;
        if (inside && line.rfind('|', 0) != 0) break;
        inside = true;
        table += line + '\n';
    }
    return table;
}

// Table cells split at '|' not preceded by a backslash (GitHub's rule, also inside code spans).
int unescaped_pipes(const std::string& line) {
    int pipes = 0;
    for (std::size_t i = 0; i < line.size(); ++i) pipes += line[i] == '|' && (i == 0 || line[i - 1] != '\\');
    return pipes;
}

// Every learner's table in the manual equals the generated one, so the manual cannot drift from the
// parameter descriptions (another learner's new or changed rows fail here until regenerated).
TEST(ManualParams, EveryTableEqualsTheGeneratedOne) {
    std::ifstream in(kPage);
    ASSERT_TRUE(in) << "cannot read " << kPage;
    std::ostringstream text;
    text << in.rdbuf();
    const std::string page = text.str();
    test::TempDir dir;
    for (const LearnerInfo& learner : learners()) {
        SCOPED_TRACE(learner.name);
        const test::CommandResult generated = test::run_cli("params " + learner.name + " --markdown", dir);
        ASSERT_EQ(generated.exit_code, 0) << generated.err;
        const std::string table = page_table(page, learner.name);
        EXPECT_FALSE(table.empty()) << "command-line.md has no table starting with \"| `" << learner.name
                                    << "` parameter |\"; add one under the learner's hyperparameter section and "
                                    << kRegenerate;
        EXPECT_EQ(table, generated.out) << "command-line.md's `" << learner.name
                                        << "` table differs from `treelab-cli params " << learner.name
                                        << " --markdown`; " << kRegenerate;
    }
}

// The generated rows have exactly the table's six cell borders: a '|' inside a cell (a choice
// list, a norm) is escaped, otherwise the row would gain columns.
TEST(ManualParams, GeneratedCellsEscapePipes) {
    test::TempDir dir;
    for (const LearnerInfo& learner : learners()) {
        const test::CommandResult generated = test::run_cli("params " + learner.name + " --markdown", dir);
        ASSERT_EQ(generated.exit_code, 0) << generated.err;
        std::istringstream lines(generated.out);
        std::string line;
        int rows = 0;
        while (std::getline(lines, line)) {
            EXPECT_EQ(unescaped_pipes(line), 6) << learner.name << ": " << line;
            ++rows;
        }
        EXPECT_EQ(rows, static_cast<int>(learner.params.size()) + 2) << learner.name;
    }
}

}  // namespace
}  // namespace treelab
