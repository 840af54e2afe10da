// The manual's reading of a page as Qt's Markdown importer leaves it: GitHub's heading anchors and
// the rows of the generated hyperparameter tables.
#include <gtest/gtest.h>

#include <QTextBrowser>
#include <QTextDocument>
#include <QTextTable>

#include "ui/help/manual_document.h"

namespace treelab {
namespace {

// GitHub's anchors, as the links of references.md and the method pages spell them.
TEST(ManualDocument, SlugsAreGitHubs) {
    EXPECT_EQ(github_slug("000 LatentTrees"), "000-latenttrees");
    EXPECT_EQ(github_slug("004 GET"), "004-get");
    EXPECT_EQ(github_slug("What's learned, and how?"), "whats-learned-and-how");
    EXPECT_EQ(github_slug("The `depth` parameter"), "the-depth-parameter");
    EXPECT_EQ(github_slug("Pruning strength λ"), "pruning-strength-λ");
    EXPECT_EQ(github_slug("train_test split - fixed"), "train_test-split---fixed");
}

// A heading repeated on a page gets -1, -2 as on GitHub; every anchor is one scrollToAnchor finds.
TEST(ManualDocument, HeadingsCarryTheirAnchors) {
    QTextBrowser browser;
    browser.document()->setMarkdown("# Page\n\ntext\n\n## Usage\n\none\n\n## Usage\n\ntwo\n\n### 004 GET\n\nthree\n");
    const QList<ManualHeading> headings = manual_headings(*browser.document());
    ASSERT_EQ(headings.size(), 4);
    EXPECT_EQ(headings[0].level, 1);
    EXPECT_EQ(headings[1].anchor, "usage");
    EXPECT_EQ(headings[2].anchor, "usage-1");
    EXPECT_EQ(headings[3].anchor, "004-get");
    EXPECT_EQ(headings[3].level, 3);

    add_heading_anchors(*browser.document());
    QStringList named;
    for (QTextBlock block = browser.document()->begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().isAnchor()) named += it.fragment().charFormat().anchorNames();
    EXPECT_EQ(named, QStringList({"page", "usage", "usage-1", "004-get"}));
}

// The row of a key in the table generated for a learner, not in another learner's table.
TEST(ManualDocument, ParameterRowIsTheKeysRowOfTheLearnersTable) {
    QTextDocument document;
    document.setMarkdown(
        "| `cart` parameter | type | range | default | meaning |\n|---|---|---|---|---|\n"
        "| `depth` | integer | [1, 30] | `4` | Deepest level. |\n\n"
        "| `get` parameter | type | range | default | meaning |\n|---|---|---|---|---|\n"
        "| `lr` | real | [0, 1] | `0.01` | Step. |\n| `depth` | integer | [1, 12] | `5` | Depth of the tree. |\n");
    const QTextCursor row = parameter_row(document, "get", "depth");
    ASSERT_FALSE(row.isNull());
    QTextTable* table = row.currentTable();
    ASSERT_NE(table, nullptr);
    int firstRow = 0, firstColumn = 0, rows = 0, columns = 0;
    row.selectedTableCells(&firstRow, &rows, &firstColumn, &columns);
    EXPECT_EQ(firstRow, 2);
    EXPECT_EQ(rows, 1);
    EXPECT_EQ(columns, 5);
    QTextCursor header = table->cellAt(0, 0).firstCursorPosition();
    header.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
    EXPECT_EQ(header.selectedText(), "get parameter");
    QTextCursor meaning = table->cellAt(2, 4).firstCursorPosition();
    meaning.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
    EXPECT_EQ(meaning.selectedText(), "Depth of the tree.");

    EXPECT_TRUE(parameter_row(document, "get", "dep").isNull());
    EXPECT_TRUE(parameter_row(document, "dgt", "depth").isNull());
    EXPECT_FALSE(parameter_table(document, "cart").isNull());
    EXPECT_TRUE(parameter_table(document, "dgt").isNull());
}

}  // namespace
}  // namespace treelab
