// Every relative link of README.md and of the manual (resources/doc/**/*.md) resolves: the file or
// folder exists, and an #anchor names a heading of the target page as GitHub spells its slug; the
// manual's own links stay inside resources/doc. Images count as links. Absolute URLs (https:,
// mailto:, ...) are not followed.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace treelab {
namespace {

namespace fs = std::filesystem;

struct Link {
    int line;
    std::string target;
};

std::string read_text(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

bool is_fence(const std::string& line) {
    const auto start = line.find_first_not_of(' ');
    return start != std::string::npos && start <= 3 &&
           (line.compare(start, 3, "```") == 0 || line.compare(start, 3, "~~~") == 0);
}

// The page's lines outside fenced code blocks, with inline code spans blanked (a `[a](b)` inside
// backticks is code, not a link); blanked lines keep the numbering.
std::vector<std::string> prose_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    bool fenced = false;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (is_fence(line)) {
            fenced = !fenced;
            lines.emplace_back();
            continue;
        }
        if (fenced) {
            lines.emplace_back();
            continue;
        }
        std::string prose;
        for (std::size_t i = 0; i < line.size();) {
            if (line[i] != '`') {
                prose += line[i++];
                continue;
            }
            std::size_t ticks = line.find_first_not_of('`', i) - i;
            if (line.find_first_not_of('`', i) == std::string::npos) ticks = line.size() - i;
            const std::string fence(ticks, '`');
            const std::size_t close = line.find(fence, i + ticks);
            if (close == std::string::npos) {
                prose += line.substr(i);
                break;
            }
            prose += std::string(close + ticks - i, ' ');
            i = close + ticks;
        }
        lines.push_back(prose);
    }
    return lines;
}

// The links of a page: inline links and images `[text](target "title")`, reference definitions
// `[label]: target`, and HTML `src="..."` / `href="..."`.
std::vector<Link> links_of(const std::string& text) {
    std::vector<Link> links;
    const std::vector<std::string> lines = prose_lines(text);
    static const std::regex definition(R"(^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?)");
    static const std::regex html(R"re((?:src|href)\s*=\s*"([^"]+)")re");
    for (std::size_t n = 0; n < lines.size(); ++n) {
        const std::string& line = lines[n];
        const int number = static_cast<int>(n) + 1;
        std::smatch match;
        if (std::regex_search(line, match, definition)) links.push_back({number, match[1]});
        for (auto it = std::sregex_iterator(line.begin(), line.end(), html); it != std::sregex_iterator(); ++it)
            links.push_back({number, (*it)[1]});
        for (std::size_t at = line.find("]("); at != std::string::npos; at = line.find("](", at + 2)) {
            std::size_t i = at + 2;
            int depth = 0;
            std::string target;
            if (i < line.size() && line[i] == '<') {
                const std::size_t close = line.find('>', i);
                if (close == std::string::npos) continue;
                target = line.substr(i + 1, close - i - 1);
            } else {
                for (; i < line.size(); ++i) {
                    const char c = line[i];
                    if (c == '(') ++depth;
                    if (c == ')' && depth-- == 0) break;
                    if (c == ' ' && depth == 0) break;  // a title follows
                    target += c;
                }
            }
            if (!target.empty()) links.push_back({number, target});
        }
    }
    return links;
}

bool is_absolute_url(const std::string& target) {
    static const std::regex scheme(R"(^[A-Za-z][A-Za-z0-9+.-]*:)");
    return std::regex_search(target, scheme);
}

std::string percent_decoded(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size() && std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
            out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

// One UTF-8 code point at `i` (advancing `i`); a broken sequence reads as its first byte.
char32_t next_code_point(const std::string& s, std::size_t& i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char b = byte(i);
    const int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
    if (i + extra >= s.size()) return byte(i++);
    char32_t cp = extra == 0 ? b : b & (0x3F >> extra);
    for (int k = 1; k <= extra; ++k) cp = (cp << 6) | (byte(i + k) & 0x3F);
    i += extra + 1;
    return cp;
}

// GitHub drops every character that is not a letter, mark, number, connector punctuation, space
// or hyphen. Outside ASCII this keeps letters (é, α) and drops the punctuation and symbol blocks
// the manual uses (dashes, quotes, ×, arrows, mathematical operators, box drawing, emoji).
bool slug_drops(char32_t cp) {
    if (cp < 0x80) return !(std::isalnum(static_cast<int>(cp)) || cp == ' ' || cp == '-' || cp == '_');
    return (cp >= 0x80 && cp <= 0xBF) || cp == 0xD7 || cp == 0xF7 || (cp >= 0x2000 && cp <= 0x206F) ||
           (cp >= 0x20A0 && cp <= 0x20CF) || (cp >= 0x2100 && cp <= 0x214F) || (cp >= 0x2190 && cp <= 0x2BFF) ||
           (cp >= 0x3000 && cp <= 0x303F) || cp >= 0x1F000;
}

void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// GitHub's heading slug: the heading's text (a link's text, not its target), lower-cased, characters
// other than letters, digits, '_', ' ' and '-' dropped, spaces turned into hyphens.
std::string github_slug(std::string heading) {
    static const std::regex link(R"(!?\[([^\]]*)\]\([^)]*\))");
    heading = std::regex_replace(heading, link, "$1");
    std::string slug;
    for (std::size_t i = 0; i < heading.size();) {
        char32_t cp = next_code_point(heading, i);
        if (slug_drops(cp)) continue;
        if (cp == ' ') cp = '-';
        if (cp < 0x80) cp = static_cast<char32_t>(std::tolower(static_cast<int>(cp)));
        if ((cp >= 0xC0 && cp <= 0xDE) || (cp >= 0x391 && cp <= 0x3A9)) cp += 0x20;  // Latin-1, Greek capitals
        append_utf8(slug, cp);
    }
    return slug;
}

// The anchors of a page: its ATX headings' slugs (a repeated slug gains -1, -2, ... as on GitHub)
// and explicit `id="..."` / `name="..."` anchors.
std::set<std::string> anchors_of(const std::string& text) {
    std::set<std::string> anchors;
    std::map<std::string, int> seen;
    static const std::regex heading(R"(^ {0,3}#{1,6}[ \t]+(.*?)[ \t]*(?:#+[ \t]*)?$)");
    static const std::regex explicit_anchor(R"re((?:id|name)\s*=\s*"([^"]+)")re");
    std::istringstream in(text);
    std::string line;
    bool fenced = false;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (is_fence(line)) fenced = !fenced;
        if (fenced) continue;
        std::smatch match;
        if (std::regex_match(line, match, heading)) {
            const std::string slug = github_slug(match[1]);
            const int count = seen[slug]++;
            anchors.insert(count == 0 ? slug : slug + "-" + std::to_string(count));
        }
        for (auto it = std::sregex_iterator(line.begin(), line.end(), explicit_anchor); it != std::sregex_iterator();
             ++it)
            anchors.insert((*it)[1]);
    }
    return anchors;
}

// Whether `path` is `folder` or lies under it (both normalised).
bool inside(const fs::path& folder, const fs::path& path) {
    const fs::path relative = path.lexically_relative(folder);
    return !relative.empty() && *relative.begin() != "..";
}

// The broken relative links of `pages` (paths relative to `root`), one message per link naming the
// page, the line, the link and what is wrong. The manual's pages are also compiled into the app
// (Help > Manual reads resources/doc alone), so their links and pictures must stay inside it;
// README.md may link anywhere in the repository.
std::vector<std::string> broken_links(const fs::path& root, const std::vector<fs::path>& pages) {
    const fs::path manual = (root / "resources" / "doc").lexically_normal();
    std::vector<std::string> broken;
    std::map<fs::path, std::set<std::string>> anchors;
    const auto anchors_in = [&](const fs::path& page) -> const std::set<std::string>& {
        auto it = anchors.find(page);
        if (it == anchors.end()) it = anchors.emplace(page, anchors_of(read_text(page))).first;
        return it->second;
    };
    for (const fs::path& page : pages) {
        const fs::path file = (root / page).lexically_normal();
        for (const Link& link : links_of(read_text(file))) {
            if (is_absolute_url(link.target)) continue;
            const std::string where = page.generic_string() + ":" + std::to_string(link.line) + ": (" + link.target + ") ";
            const std::size_t hash = link.target.find('#');
            const std::string path_part = percent_decoded(link.target.substr(0, hash));
            const std::string anchor = hash == std::string::npos ? "" : percent_decoded(link.target.substr(hash + 1));
            if (!path_part.empty() && path_part.front() == '/') {
                broken.push_back(where + "is absolute; links between pages are relative");
                continue;
            }
            const fs::path target = path_part.empty() ? file : (file.parent_path() / path_part).lexically_normal();
            if (inside(manual, file) && !inside(manual, target)) {
                broken.push_back(where + "leaves resources/doc, which is all the manual inside the app holds: " +
                                 target.lexically_relative(root).generic_string());
                continue;
            }
            if (!fs::exists(target)) {
                broken.push_back(where + "names a file that does not exist: " +
                                 target.lexically_relative(root).generic_string());
                continue;
            }
            if (anchor.empty()) continue;
            if (target.extension() != ".md") {
                broken.push_back(where + "has an anchor on a file that is not a Markdown page");
                continue;
            }
            if (anchors_in(target).count(anchor) == 0)
                broken.push_back(where + "names no heading of " + target.lexically_relative(root).generic_string() +
                                 " (no slug '" + anchor + "')");
        }
    }
    return broken;
}

// README.md and every Markdown page under resources/doc, relative to `root`, sorted.
std::vector<fs::path> manual_pages(const fs::path& root) {
    std::vector<fs::path> pages{"README.md"};
    for (const auto& entry : fs::recursive_directory_iterator(root / "resources" / "doc"))
        if (entry.is_regular_file() && entry.path().extension() == ".md")
            pages.push_back(entry.path().lexically_relative(root));
    std::sort(pages.begin() + 1, pages.end());
    return pages;
}

TEST(ManualLinks, GithubSlugsOfHeadings) {
    EXPECT_EQ(github_slug("000 LatentTrees"), "000-latenttrees");
    EXPECT_EQ(github_slug("Two commands (fresh Debian 12, as root)"), "two-commands-fresh-debian-12-as-root");
    EXPECT_EQ(github_slug("`train`: fit one tree"), "train-fit-one-tree");
    EXPECT_EQ(github_slug("Sweeps — on every core"), "sweeps--on-every-core");
    EXPECT_EQ(github_slug("The λ that prunes, α × 2"), "the-λ-that-prunes-α--2");
    EXPECT_EQ(github_slug("max_depth and [CART](cart.md)"), "max_depth-and-cart");
}

// The checker on a small manual with one link of each kind broken: it names each, with its line,
// and nothing else (headings in code blocks, links in code spans and URLs are not links to check).
TEST(ManualLinks, NamesEachBrokenLinkWithPageAndLine) {
    test::TempDir dir;
    fs::create_directories(dir.path() / "resources" / "doc" / "images");
    dir.write("resources/doc/images/a.png", "png");
    dir.write("README.md",
              "# Top\n"
              "[manual](resources/doc/index.md) and [a section](resources/doc/index.md#the-first-part)\n"
              "[gone](resources/doc/missing.md)\n"
              "`[code](not/a/link.md)` and [web](https://example.org/x.md)\n"
              "[nowhere](resources/doc/index.md#not-a-heading) ![picture](resources/doc/images/a.png)\n");
    dir.write("resources/doc/index.md",
              "## The first part\n"
              "```sh\n"
              "# not a heading\n"
              "```\n"
              "![picture](images/a.png) ![lost](images/b.png)\n"
              "[up](../../README.md#top)\n"
              "[here](#the-first-part) [twice](#the-first-part-1)\n");
    const std::vector<std::string> broken = broken_links(dir.path(), manual_pages(dir.path()));
    const std::vector<std::string> expected{
        "README.md:3: (resources/doc/missing.md) names a file that does not exist: resources/doc/missing.md",
        "README.md:5: (resources/doc/index.md#not-a-heading) names no heading of resources/doc/index.md (no slug "
        "'not-a-heading')",
        "resources/doc/index.md:5: (images/b.png) names a file that does not exist: resources/doc/images/b.png",
        "resources/doc/index.md:6: (../../README.md#top) leaves resources/doc, which is all the manual inside the "
        "app holds: README.md",
        "resources/doc/index.md:7: (#the-first-part-1) names no heading of resources/doc/index.md (no slug "
        "'the-first-part-1')"};
    EXPECT_EQ(broken, expected);
}

TEST(ManualLinks, EveryRelativeLinkResolves) {
    const fs::path root = TREELAB_SOURCE_DIR;
    const std::vector<fs::path> pages = manual_pages(root);
    ASSERT_GT(pages.size(), 1u) << "no Markdown pages under resources/doc";
    for (const std::string& message : broken_links(root, pages)) ADD_FAILURE() << message;
}

}  // namespace
}  // namespace treelab
