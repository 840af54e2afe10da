// Citations a reader can open: no source file, script or manual page cites a notes file kept
// outside the repository or an issue number of the project's tracker, and every paper that code
// cites as "0NN §…" (or eq., App., Table, Algorithm, Fig.) has its entry in resources/doc/references.md.
// The patterns are assembled from pieces so that this file does not match them itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSource = TREELAB_SOURCE_DIR;

// The notes kept beside the papers, outside the repository. "gradtree" alone is also the name of a
// manual page (resources/doc/methods/gradtree.md), so that one is judged by its neighbours.
const std::array<std::string, 4> kNotesOnly = {std::string("reference_implementations") + ".md",
                                               std::string("cart_and_survey") + ".md",
                                               std::string("code_anchors") + ".md",
                                               std::string("ux_anchors") + ".md"};
const std::string kGradTreeNotes = std::string("gradtree") + ".md";
const std::array<std::string, 3> kOutsideFolders = {std::string("shared") + "/notes",
                                                    std::string("../") + "shared/",
                                                    std::string("/work") + "/shared"};

const std::regex& issue_number() {
    static const std::regex re(std::string("\\b[Ii]ssue") + "s?\\s*#?\\s*[0-9]+" + "|\\(#[0-9]+\\)" +
                               "|\\b[Pp]ull request\\s*#?[0-9]+");
    return re;
}

const std::regex& paper_citation() {
    static const std::regex re(std::string("\\b(0[0-9][0-9]) ") + "(§|eq\\.|Eq\\.|App\\.|Table|Algorithm|Alg\\.|Fig)");
    return re;
}

// `gradtree.md` is a link to the manual page when a path, a link's bracket or a code span
// surrounds it; anything else (a section sign after it, a plain mention) cites the notes.
bool cites_gradtree_notes(std::string_view line) {
    for (std::size_t at = line.find(kGradTreeNotes); at != std::string_view::npos;
         at = line.find(kGradTreeNotes, at + 1)) {
        const char before = at == 0 ? ' ' : line[at - 1];
        const std::size_t end = at + kGradTreeNotes.size();
        const char after = end < line.size() ? line[end] : '\n';
        const bool notes_folder = at >= 6 && line.substr(at - 6, 6) == "notes/";
        if (notes_folder) return true;
        const bool in_path = before == '/' || before == '_' || std::isalnum(static_cast<unsigned char>(before));
        const bool link_or_span = after == ')' || after == '#' || after == '`' || after == ']' || after == '"';
        if (!in_path && !link_or_span) return true;
    }
    return false;
}

// What is wrong with one line, or "" when nothing is.
std::string citation_problem(std::string_view line) {
    for (const std::string& name : kNotesOnly)
        if (line.find(name) != std::string_view::npos) return "cites " + name + ", a notes file outside the repository";
    if (cites_gradtree_notes(line)) return "cites " + kGradTreeNotes + ", a notes file outside the repository";
    for (const std::string& folder : kOutsideFolders)
        if (line.find(folder) != std::string_view::npos) return "cites " + folder + ", outside the repository";
    std::match_results<std::string_view::const_iterator> m;
    if (std::regex_search(line.begin(), line.end(), m, issue_number()))
        return "cites an issue number (\"" + m.str() + "\"); state the fact instead";
    return "";
}

bool is_text_source(const fs::path& file) {
    static const std::set<std::string> kExtensions = {".h", ".hpp", ".cpp", ".c", ".py", ".sh", ".md", ".txt",
                                                      ".cmake", ".qrc", ".in", ".yml", ".yaml", ".ui", ".html"};
    return kExtensions.count(file.extension().string()) > 0 || file.filename() == "CMakeLists.txt";
}

// Every text file the rule covers: the code, its tests and CI, the manual, the top CMakeLists.txt.
// Test data and fixtures are data, not prose, and are left out.
std::vector<fs::path> covered_files() {
    std::vector<fs::path> files{kSource / "CMakeLists.txt"};
    for (const char* folder : {"core", "app", "ui", "tests", ".ci", "resources/doc"}) {
        const fs::path root = kSource / folder;
        if (!fs::exists(root)) continue;
        for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
            const fs::path relative = fs::relative(it->path(), kSource);
            if (it->is_directory() && (relative == "tests/data" || relative == "tests/fixtures")) {
                it.disable_recursion_pending();
                continue;
            }
            if (!it->is_regular_file()) continue;
            if (std::string(folder) == ".ci" || is_text_source(it->path())) files.push_back(it->path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

template <typename Visit>
void for_each_line(const fs::path& file, Visit visit) {
    std::ifstream in(file, std::ios::binary);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) visit(number, line);
}

TEST(Citations, RuleCatchesEachKindOfBadCitation) {
    // The checker itself, on lines made here (pieces joined so that this file stays clean).
    EXPECT_NE(citation_problem("// x (" + kNotesOnly[0] + " §4.3)"), "");
    EXPECT_NE(citation_problem("// x (" + kGradTreeNotes + " §6)"), "");
    EXPECT_NE(citation_problem("// " + kGradTreeNotes + "'s oracle"), "");
    EXPECT_NE(citation_problem("// see " + kOutsideFolders[0] + "/x"), "");
    EXPECT_NE(citation_problem("See notes/" + kGradTreeNotes + " for more."), "");
    EXPECT_NE(citation_problem(std::string("// huge trees (iss") + "ue 16)"), "");
    EXPECT_NE(citation_problem(std::string("# Iss") + "ue 17's bench"), "");
    EXPECT_NE(citation_problem(std::string("// fixed in (#") + "12)"), "");
    EXPECT_EQ(citation_problem("// 001 §3.2, eq. 5"), "");
    EXPECT_EQ(citation_problem("[GradTree](methods/" + kGradTreeNotes + ")"), "");
    EXPECT_EQ(citation_problem("see [the page](" + kGradTreeNotes + "#parameters)"), "");
    EXPECT_EQ(citation_problem("// github.com/biolab/orange3/issues/5871"), "");
    EXPECT_EQ(citation_problem("// \"#3 LatentTrees (Depth 6)\" is the run's title"), "");
}

TEST(Citations, NoFileCitesNotesOutsideTheRepositoryOrAnIssueNumber) {
    const std::vector<fs::path> files = covered_files();
    ASSERT_GT(files.size(), 100u) << "the walk found almost nothing under " << kSource;
    std::string problems;
    int count = 0;
    for (const fs::path& file : files)
        for_each_line(file, [&](int number, const std::string& line) {
            const std::string problem = citation_problem(line);
            if (problem.empty()) return;
            ++count;
            problems += fs::relative(file, kSource).string() + ":" + std::to_string(number) + ": " + problem + "\n";
        });
    EXPECT_EQ(count, 0) << "Cite the paper by number and section (// 001 §3.2, eq. 5), the authors' code by "
                           "repository and file, or state the fact itself (resources/doc/references.md):\n"
                        << problems;
}

TEST(Citations, EveryCitedPaperIsListedInReferences) {
    const fs::path references = kSource / "resources/doc/references.md";
    ASSERT_TRUE(fs::exists(references)) << references;
    std::set<std::string> listed;
    const std::regex heading("^### (0[0-9][0-9]) [A-Za-z]");
    for_each_line(references, [&](int, const std::string& line) {
        std::smatch m;
        if (std::regex_search(line, m, heading)) listed.insert(m[1]);
    });
    for (const char* paper : {"000", "001", "002", "003", "004"}) EXPECT_TRUE(listed.count(paper)) << "references.md lists no " << paper;

    std::string problems;
    for (const fs::path& file : covered_files())
        for_each_line(file, [&](int number, const std::string& line) {
            for (auto it = std::sregex_iterator(line.begin(), line.end(), paper_citation()); it != std::sregex_iterator(); ++it)
                if (!listed.count((*it)[1]))
                    problems += fs::relative(file, kSource).string() + ":" + std::to_string(number) + ": paper " +
                                (*it)[1].str() + " is not in resources/doc/references.md\n";
        });
    EXPECT_EQ(problems, "");
}

}  // namespace
