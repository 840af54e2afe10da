#pragma once
// What the manual reads in a page once Qt's Markdown importer has made it a QTextDocument: its
// headings with the anchors GitHub gives them (the importer makes none, so "page.md#slug" links
// need them added), and the rows of the hyperparameter tables `treelab-cli params NAME --markdown`
// writes into command-line.md.
#include <QList>
#include <QString>
#include <QTextCursor>

class QTextDocument;

namespace treelab {

// GitHub's anchor for a heading: lower case, punctuation dropped except '-' and '_', spaces as '-'.
QString github_slug(const QString& heading);

struct ManualHeading {
    int level = 0;     // 1 = the page's title
    QString text;
    QString anchor;    // GitHub's: the slug, with -1, -2, … on repeats
};
QList<ManualHeading> manual_headings(const QTextDocument& document);

// Names each heading's text after its GitHub anchor, so QTextBrowser::scrollToAnchor finds it.
void add_heading_anchors(QTextDocument& document);

// The header row of the table whose first cell reads "NAME parameter" (NAME = `learner`), its
// cells selected; a null cursor when the page has no such table.
QTextCursor parameter_table(QTextDocument& document, const QString& learner);
// The row of that table whose first cell is `key`, its cells selected; a null cursor when none is.
QTextCursor parameter_row(QTextDocument& document, const QString& learner, const QString& key);

}  // namespace treelab
