#include "ui/help/manual_document.h"

#include <QHash>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>

namespace treelab {
namespace {

// Each heading block with its GitHub anchor, in document order.
template <typename Visit>
void forEachHeading(const QTextDocument& document, Visit visit) {
    QHash<QString, int> seen;  // GitHub appends -1, -2, … to a slug already used on the page
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        const int level = block.blockFormat().headingLevel();
        if (level <= 0) continue;
        const QString text = block.text().trimmed();
        QString anchor = github_slug(text);
        const int repeats = seen.value(anchor, 0);
        seen[anchor] = repeats + 1;
        if (repeats > 0) anchor += QLatin1Char('-') + QString::number(repeats);
        visit(block, ManualHeading{level, text, anchor});
    }
}

QString cellText(const QTextTableCell& cell) {
    QTextCursor cursor = cell.firstCursorPosition();
    cursor.setPosition(cell.lastCursorPosition().position(), QTextCursor::KeepAnchor);
    return cursor.selectedText().trimmed();
}

QTextCursor rowCursor(QTextTable* table, int row) {
    QTextCursor cursor = table->cellAt(row, 0).firstCursorPosition();
    cursor.setPosition(table->cellAt(row, table->columns() - 1).lastCursorPosition().position(), QTextCursor::KeepAnchor);
    return cursor;
}

QTextTable* findTable(QTextFrame* frame, const QString& header) {
    for (QTextFrame* child : frame->childFrames()) {
        if (auto* table = qobject_cast<QTextTable*>(child); table && table->rows() > 0 && cellText(table->cellAt(0, 0)) == header)
            return table;
        if (QTextTable* inner = findTable(child, header)) return inner;
    }
    return nullptr;
}

}  // namespace

QString github_slug(const QString& heading) {
    QString slug;
    for (const QChar c : heading.toLower()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_')) slug += c;
        else if (c == QLatin1Char(' ')) slug += QLatin1Char('-');
    }
    return slug;
}

QList<ManualHeading> manual_headings(const QTextDocument& document) {
    QList<ManualHeading> headings;
    forEachHeading(document, [&](const QTextBlock&, const ManualHeading& heading) { headings.append(heading); });
    return headings;
}

void add_heading_anchors(QTextDocument& document) {
    forEachHeading(document, [&](const QTextBlock& block, const ManualHeading& heading) {
        if (block.length() <= 1) return;  // an empty heading has no text to carry the name
        QTextCursor cursor(block);
        cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        QTextCharFormat anchor;
        anchor.setAnchor(true);
        anchor.setAnchorNames({heading.anchor});
        cursor.mergeCharFormat(anchor);
    });
}

QTextCursor parameter_table(QTextDocument& document, const QString& learner) {
    QTextTable* table = findTable(document.rootFrame(), learner + QStringLiteral(" parameter"));
    return table ? rowCursor(table, 0) : QTextCursor();
}

QTextCursor parameter_row(QTextDocument& document, const QString& learner, const QString& key) {
    QTextTable* table = findTable(document.rootFrame(), learner + QStringLiteral(" parameter"));
    if (!table) return {};
    for (int row = 1; row < table->rows(); ++row)
        if (cellText(table->cellAt(row, 0)) == key) return rowCursor(table, row);
    return {};
}

}  // namespace treelab
