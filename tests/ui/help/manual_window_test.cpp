// Help > Manual on the pages compiled into the program (resources/doc), driven with real mouse and
// key events offscreen. The assertions look things up in the pages themselves (their links,
// headings, tables), so they hold whatever the pages say.
#include <gtest/gtest.h>

#include <QAbstractTextDocumentLayout>
#include <QDesktopServices>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSet>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextTable>
#include <QToolButton>
#include <QTreeWidget>

#include "app/shipped/shipped_files.h"
#include "ui/help/about_dialog.h"
#include "ui/help/manual_document.h"
#include "ui/help/manual_window.h"

namespace treelab {
namespace {

QString rawPage(const QString& path) {
    QFile file(":/manual/" + path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

QTextBrowser* pageView(const QWidget& window) { return window.findChild<QTextBrowser*>("manualPage"); }

QTreeWidgetItem* contentsItem(QTreeWidget* contents, const QString& path) {
    for (int k = 0; k < contents->topLevelItemCount(); ++k)
        if (contents->topLevelItem(k)->data(0, Qt::UserRole).toString() == path) return contents->topLevelItem(k);
    return nullptr;
}

// The first link whose target `wanted` accepts, as a cursor inside its text (null when none).
QTextCursor findLink(QTextDocument* document, const std::function<bool(const QString&)>& wanted) {
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (fragment.charFormat().isAnchor() && wanted(fragment.charFormat().anchorHref())) {
                QTextCursor cursor(document);
                cursor.setPosition(fragment.position() + fragment.length() / 2);
                return cursor;
            }
        }
    return {};
}

void clickAt(QTextBrowser* browser, const QTextCursor& at) {
    browser->setTextCursor(at);
    browser->ensureCursorVisible();
    QTest::mouseClick(browser->viewport(), Qt::LeftButton, {}, browser->cursorRect(at).center());
}

QString openManualPath(const QString& href) { return href.section('#', 0, 0); }

// The window opens at index.md; every page index.md links is in the contents, with its headings.
TEST(ManualWindow, ContentsListEveryPageTheIndexLinks) {
    ManualWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_EQ(window.currentPage(), "index.md");
    auto* contents = window.findChild<QTreeWidget*>("manualContents");
    const QString index = rawPage("index.md");
    ASSERT_FALSE(index.isEmpty()) << "resources/doc/index.md is not compiled in";
    static const QRegularExpression link(R"(\]\(([^)#\s]+\.md))");
    int linked = 0;
    for (const QRegularExpressionMatch& match : link.globalMatch(index)) {
        ++linked;
        EXPECT_NE(contentsItem(contents, match.captured(1)), nullptr) << match.captured(1).toStdString();
    }
    EXPECT_GE(linked, 5);
    QTreeWidgetItem* commandLine = contentsItem(contents, "command-line.md");
    ASSERT_NE(commandLine, nullptr);
    EXPECT_GT(commandLine->childCount(), 0);
}

// A link to another page, clicked, opens it; Back and Forward retrace the way.
TEST(ManualWindow, ClickedLinkOpensItsPageAndBackReturns) {
    ManualWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QTextBrowser* browser = pageView(window);
    const QTextCursor link = findLink(browser->document(), [](const QString& href) { return openManualPath(href).endsWith(".md"); });
    ASSERT_FALSE(link.isNull()) << "index.md links no page";
    const QString target = openManualPath(link.charFormat().anchorHref());
    clickAt(browser, link);
    EXPECT_EQ(window.currentPage(), target);
    EXPECT_NE(browser->toPlainText(), QString());
    QTest::mouseClick(window.findChild<QToolButton*>("manualBack"), Qt::LeftButton);
    EXPECT_EQ(window.currentPage(), "index.md");
    QTest::mouseClick(window.findChild<QToolButton*>("manualForward"), Qt::LeftButton);
    EXPECT_EQ(window.currentPage(), target);
}

// A link to a heading of another page ("../references.md#004-get"), clicked, opens that page
// scrolled to the heading whose GitHub anchor it names.
TEST(ManualWindow, ClickedLinkToAnotherPagesHeadingScrollsToIt) {
    ManualWindow window;
    window.resize(900, 400);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QTextBrowser* browser = pageView(window);
    auto* contents = window.findChild<QTreeWidget*>("manualContents");
    QTextCursor link;
    for (int k = 0; k < contents->topLevelItemCount() && link.isNull(); ++k) {
        window.showPage(contents->topLevelItem(k)->data(0, Qt::UserRole).toString());
        link = findLink(browser->document(), [](const QString& href) {
            return !href.startsWith("http") && href.contains(".md#");
        });
    }
    ASSERT_FALSE(link.isNull()) << "no page links to a heading of another page";
    const QUrl target = browser->source().resolved(QUrl(link.charFormat().anchorHref()));
    clickAt(browser, link);
    EXPECT_EQ(browser->source(), target);
    QTextBlock heading;  // the heading whose GitHub anchor the link names, found by its text
    QStringList slugs;
    for (QTextBlock block = browser->document()->begin(); block.isValid(); block = block.next())
        if (block.blockFormat().headingLevel() > 0) {
            const QString slug = github_slug(block.text().trimmed());  // checked against GitHub's in manual_document_test
            if (slug == target.fragment() && !heading.isValid()) heading = block;
            slugs += slug;
        }
    ASSERT_TRUE(heading.isValid()) << target.toString().toStdString() << " names none of " << slugs.join(' ').toStdString();
    const int top = qRound(browser->document()->documentLayout()->blockBoundingRect(heading).top());
    QScrollBar* bar = browser->verticalScrollBar();
    EXPECT_NEAR(bar->value(), std::min(top, bar->maximum()), 2) << target.toString().toStdString();
}

// A heading picked in the contents (references.md's "004 GET") is scrolled to the top of the view.
TEST(ManualWindow, ContentsHeadingScrollsToIt) {
    ManualWindow window;
    window.resize(900, 400);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    auto* contents = window.findChild<QTreeWidget*>("manualContents");
    QTreeWidgetItem* references = contentsItem(contents, "references.md");
    ASSERT_NE(references, nullptr);
    const QList<QTreeWidgetItem*> found = contents->findItems("004 GET", Qt::MatchExactly | Qt::MatchRecursive);
    ASSERT_EQ(found.size(), 1);
    contents->expandAll();
    contents->scrollToItem(found.front());
    QTest::mouseClick(contents->viewport(), Qt::LeftButton, {}, contents->visualItemRect(found.front()).center());
    QTextBrowser* browser = pageView(window);
    EXPECT_EQ(window.currentPage(), "references.md");
    QTextBlock heading;
    for (QTextBlock block = browser->document()->begin(); block.isValid(); block = block.next())
        if (block.blockFormat().headingLevel() > 0 && block.text().trimmed() == "004 GET") heading = block;
    ASSERT_TRUE(heading.isValid());
    const int top = qRound(browser->document()->documentLayout()->blockBoundingRect(heading).top());
    QScrollBar* bar = browser->verticalScrollBar();
    ASSERT_GT(bar->maximum(), 0);
    EXPECT_NEAR(bar->value(), std::min(top, bar->maximum()), 2);
}

// Each picture of the first page that has one is drawn: the view shows the picture's own pixels.
TEST(ManualWindow, PicturesRender) {
    ManualWindow window;
    window.resize(1100, 700);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    auto* contents = window.findChild<QTreeWidget*>("manualContents");
    QTextBrowser* browser = pageView(window);
    for (int k = 0; k < contents->topLevelItemCount(); ++k) {
        window.showPage(contents->topLevelItem(k)->data(0, Qt::UserRole).toString());
        for (QTextBlock block = browser->document()->begin(); block.isValid(); block = block.next())
            for (auto it = block.begin(); !it.atEnd(); ++it) {
                const QTextFragment fragment = it.fragment();
                if (!fragment.charFormat().isImageFormat()) continue;
                const QTextImageFormat format = fragment.charFormat().toImageFormat();
                const QUrl url = browser->source().resolved(QUrl(format.name()));
                QImage picture(":" + url.path());
                ASSERT_FALSE(picture.isNull()) << url.toString().toStdString();
                QTextCursor at(browser->document());
                at.setPosition(fragment.position());
                browser->setTextCursor(at);
                browser->ensureCursorVisible();
                // The picture sits on its line's baseline, its left edge at the cursor.
                const QTextLine line = block.layout()->lineForTextPosition(fragment.position() - block.position());
                const QRectF blockRect = browser->document()->documentLayout()->blockBoundingRect(block);
                const QSize shown(qRound(format.width()), qRound(format.height()));
                ASSERT_GT(shown.width(), 50);
                const QPoint topLeft(qRound(blockRect.left() + line.cursorToX(fragment.position() - block.position())) -
                                         browser->horizontalScrollBar()->value(),
                                     qRound(blockRect.top() + line.y() + line.ascent() - shown.height()) -
                                         browser->verticalScrollBar()->value());
                const QRect visible = QRect(topLeft, shown).intersected(browser->viewport()->rect());
                ASSERT_GT(visible.height(), 40);
                const QImage drawn = browser->viewport()->grab(visible).toImage().convertToFormat(QImage::Format_RGB32);
                const QImage expected = picture.scaled(shown, Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
                                            .copy(visible.translated(-topLeft))
                                            .convertToFormat(QImage::Format_RGB32);
                ASSERT_EQ(drawn.size(), expected.size());
                double difference = 0;
                for (int y = 0; y < drawn.height(); ++y)
                    for (int x = 0; x < drawn.width(); ++x) {
                        const QRgb a = drawn.pixel(x, y), b = expected.pixel(x, y);
                        difference += std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) + std::abs(qBlue(a) - qBlue(b));
                    }
                EXPECT_LT(difference / (3.0 * drawn.width() * drawn.height()), 12.0) << url.toString().toStdString();
                return;
            }
    }
    FAIL() << "no page of the manual shows a picture";
}

// Typed text is found in the page (next with Return, previous with Shift+Return) and the pages
// holding it are listed; a listed page opens at its first match.
TEST(ManualWindow, SearchFindsInThePageAndListsThePages) {
    ManualWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    const QString word = "parameter";
    auto* search = window.findChild<QLineEdit*>("manualSearch");
    auto* results = window.findChild<QListWidget*>("manualSearchResults");
    auto* matches = window.findChild<QLabel*>("manualMatches");
    QTest::keyClicks(search, word);
    EXPECT_TRUE(results->isVisible());
    EXPECT_TRUE(window.findChild<QLabel*>("manualSearchTitle")->text().endsWith(QString(": %1").arg(results->count())));
    QStringList listed;
    for (int k = 0; k < results->count(); ++k) listed.append(results->item(k)->data(Qt::UserRole).toString());
    auto* contents = window.findChild<QTreeWidget*>("manualContents");
    for (int k = 0; k < contents->topLevelItemCount(); ++k) {  // the Markdown holds the word where the page does
        const QString path = contents->topLevelItem(k)->data(0, Qt::UserRole).toString();
        EXPECT_EQ(listed.contains(path), rawPage(path).contains(word, Qt::CaseInsensitive)) << path.toStdString();
    }
    const int row = static_cast<int>(listed.indexOf("command-line.md"));
    ASSERT_GE(row, 0);
    results->scrollToItem(results->item(row));
    QTest::mouseClick(results->viewport(), Qt::LeftButton, {}, results->visualItemRect(results->item(row)).center());
    QTextBrowser* browser = pageView(window);
    ASSERT_EQ(window.currentPage(), "command-line.md");
    const int total = static_cast<int>(browser->toPlainText().count(word, Qt::CaseInsensitive));
    ASSERT_GT(total, 1);
    EXPECT_EQ(matches->text(), QString("1 of %1").arg(total));
    const int first = browser->textCursor().selectionStart();
    EXPECT_EQ(browser->textCursor().selectedText().toLower(), word);

    QTest::keyClick(search, Qt::Key_Return);
    EXPECT_EQ(matches->text(), QString("2 of %1").arg(total));
    EXPECT_GT(browser->textCursor().selectionStart(), first);
    EXPECT_EQ(browser->textCursor().selectedText().toLower(), word);
    QTest::keyClick(search, Qt::Key_Return, Qt::ShiftModifier);
    EXPECT_EQ(browser->textCursor().selectionStart(), first);
    QTest::mouseClick(window.findChild<QToolButton*>("manualFindPrevious"), Qt::LeftButton);  // wraps to the last
    EXPECT_EQ(matches->text(), QString("%1 of %1").arg(total));

    QTest::keyClicks(search, "zqxjv");  // nowhere
    EXPECT_EQ(results->count(), 0);
    EXPECT_EQ(matches->text(), "not on this page");
    EXPECT_FALSE(browser->textCursor().hasSelection());
    EXPECT_TRUE(window.findChild<QLabel*>("manualSearchTitle")->text().startsWith("No page holds"));
}

// Links out of the manual go to the desktop's browser; the manual stays where it was.
class UrlCatcher : public QObject {
    Q_OBJECT
public:
    QList<QUrl> opened;
public slots:
    void open(const QUrl& url) { opened.append(url); }
};

TEST(ManualWindow, WebLinksOpenOutside) {
    ManualWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    UrlCatcher catcher;
    QDesktopServices::setUrlHandler("https", &catcher, "open");
    QDesktopServices::setUrlHandler("http", &catcher, "open");
    QTextBrowser* browser = pageView(window);
    auto* contents = window.findChild<QTreeWidget*>("manualContents");
    QTextCursor link;
    for (int k = 0; k < contents->topLevelItemCount() && link.isNull(); ++k) {
        window.showPage(contents->topLevelItem(k)->data(0, Qt::UserRole).toString());
        link = findLink(browser->document(), [](const QString& href) { return href.startsWith("http"); });
    }
    ASSERT_FALSE(link.isNull()) << "no page links to the web";
    const QString page = window.currentPage();
    const QString href = link.charFormat().anchorHref();
    clickAt(browser, link);
    QDesktopServices::unsetUrlHandler("https");
    QDesktopServices::unsetUrlHandler("http");
    ASSERT_EQ(catcher.opened.size(), 1);
    EXPECT_EQ(catcher.opened.front(), QUrl(href));
    EXPECT_EQ(window.currentPage(), page);
}

// Help > About states the licence, names the data sets' README, and opens references.md in the manual from its link (keyboard).
TEST(AboutDialog, StatesTheLicenceAndLinksToTheReferences) {
    QWidget parent;
    parent.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&parent));
    show_about_dialog(&parent);
    auto* about = parent.findChild<QDialog*>("about");
    ASSERT_NE(about, nullptr);
    auto* text = about->findChild<QLabel*>("aboutText");
    EXPECT_TRUE(text->text().contains("GNU General Public License, version 3 or (at your option) any later version"));
    // The data sets' README where this program finds them (installed, or the source tree here).
    EXPECT_TRUE(text->text().contains(QDir::toNativeSeparators(QDir(shipped_datasets_folder()).filePath("README.md")).toHtmlEscaped()));
    about->activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(about));
    text->setFocus(Qt::TabFocusReason);
    QTest::keyClick(text, Qt::Key_Tab);  // to the first link: References
    QTest::keyClick(text, Qt::Key_Return);
    auto* manual = parent.findChild<ManualWindow*>();
    ASSERT_NE(manual, nullptr);
    EXPECT_EQ(manual->currentPage(), "references.md");
    EXPECT_TRUE(manual->isVisible());
}

}  // namespace
}  // namespace treelab

#include "manual_window_test.moc"
