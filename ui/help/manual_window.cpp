#include "ui/help/manual_window.h"

#include <algorithm>
#include <functional>

#include <QDesktopServices>
#include <QFile>
#include <QHBoxLayout>
#include <QImageReader>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QStyle>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "ui/help/manual_pages.h"

namespace treelab {
namespace {

const QString indexPage = QStringLiteral("index.md");
const QString commandLinePage = QStringLiteral("command-line.md");
constexpr int pathRole = Qt::UserRole;
constexpr int anchorRole = Qt::UserRole + 1;

// The file behind a manual URL ("qrc:/manual/images/a.png" -> ":/manual/images/a.png").
QString resourceFile(const QUrl& url) { return QLatin1Char(':') + url.path(); }

// QTextBrowser with what the Markdown importer leaves out: GitHub's heading anchors (so
// "page.md#slug" scrolls), pictures no wider than the page, and links that leave the manual.
class ManualBrowser : public QTextBrowser {
public:
    std::function<void(const QUrl&)> outsideLink;  // a link to a file the manual does not hold
    std::function<void()> pageSet;                 // after every setSource, anchors in place

    void fitPictures() {
        const int room = std::max(200, viewport()->width() - 2 * static_cast<int>(document()->documentMargin()) - 8);
        struct Picture {
            int position, length;
            QTextImageFormat format;
        };
        QList<Picture> pictures;
        for (QTextBlock block = document()->begin(); block.isValid(); block = block.next())
            for (auto it = block.begin(); !it.atEnd(); ++it)
                if (const QTextFragment fragment = it.fragment(); fragment.charFormat().isImageFormat())
                    pictures.append({fragment.position(), fragment.length(), fragment.charFormat().toImageFormat()});
        for (Picture& picture : pictures) {
            const QSize natural = QImageReader(resourceFile(source().resolved(QUrl(picture.format.name())))).size();
            if (!natural.isValid()) continue;
            const int width = std::min(natural.width(), room);
            if (qRound(picture.format.width()) == width) continue;
            picture.format.setWidth(width);
            picture.format.setHeight(natural.height() * static_cast<double>(width) / natural.width());
            QTextCursor cursor(document());
            cursor.setPosition(picture.position);
            cursor.setPosition(picture.position + picture.length, QTextCursor::KeepAnchor);
            cursor.setCharFormat(picture.format);
        }
    }

protected:
    void doSetSource(const QUrl& name, QTextDocument::ResourceType type) override {
        if (name.scheme() == QStringLiteral("qrc") && !QFile::exists(resourceFile(name))) {
            if (outsideLink) outsideLink(name);
            return;
        }
        if (type == QTextDocument::UnknownResource && name.path().endsWith(QStringLiteral(".md")))
            type = QTextDocument::MarkdownResource;
        // One edit block: the Markdown importer inserts block by block, and a document shown in a
        // widget lays out its tables again at each insertion (seconds for command-line.md); in a
        // block the layout runs once, at the end.
        QTextCursor batch(document());
        batch.beginEditBlock();
        QTextBrowser::doSetSource(name, type);
        add_heading_anchors(*document());
        fitPictures();
        batch.endEditBlock();
        if (name.hasFragment()) scrollToAnchor(name.fragment());
        if (pageSet) pageSet();
    }

    void resizeEvent(QResizeEvent* event) override {
        QTextBrowser::resizeEvent(event);
        fitPictures();
    }
};

}  // namespace

struct ManualWindow::Parts {
    ManualWindow* window = nullptr;
    ManualPages pages;
    ManualBrowser* browser = nullptr;
    QTreeWidget* contents = nullptr;
    QLineEdit* search = nullptr;
    QLabel* matchCount = nullptr;
    QListWidget* results = nullptr;
    QLabel* resultsTitle = nullptr;  // how many pages hold the search text
    QWidget* resultsPane = nullptr;
    QLabel* status = nullptr;
    QList<QTextCursor> matches;  // the search text in the page shown
    int currentMatch = -1;
    QList<QTextEdit::ExtraSelection> target;  // the row F1 asked for

    void build();
    void fillContents();
    void pageShown();
    void searchChanged();
    void findMatches();
    void step(int by);
    void highlight();
    void scrollTo(const QTextCursor& cursor, double fromTop);
};

void ManualWindow::Parts::build() {
    browser = new ManualBrowser;
    browser->setObjectName(QStringLiteral("manualPage"));
    browser->setOpenExternalLinks(true);  // http(s): the desktop's browser
    contents = new QTreeWidget;
    contents->setObjectName(QStringLiteral("manualContents"));
    contents->setHeaderHidden(true);
    results = new QListWidget;
    results->setObjectName(QStringLiteral("manualSearchResults"));
    resultsTitle = new QLabel;
    resultsTitle->setObjectName(QStringLiteral("manualSearchTitle"));
    resultsTitle->setWordWrap(true);
    resultsPane = new QWidget;
    auto* resultsLayout = new QVBoxLayout(resultsPane);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addWidget(resultsTitle);
    resultsLayout->addWidget(results, 1);
    resultsPane->hide();
    search = new QLineEdit;
    search->setObjectName(QStringLiteral("manualSearch"));
    search->setPlaceholderText(tr("Search the manual"));
    search->setClearButtonEnabled(true);
    search->installEventFilter(window);
    matchCount = new QLabel;
    matchCount->setObjectName(QStringLiteral("manualMatches"));
    status = new QLabel;
    status->setObjectName(QStringLiteral("manualStatus"));
    status->setWordWrap(true);
    status->hide();

    auto button = [this](const char* name, QStyle::StandardPixmap icon, const QString& tip, const QKeySequence& key) {
        auto* tool = new QToolButton;
        tool->setObjectName(QString::fromLatin1(name));
        tool->setIcon(window->style()->standardIcon(icon));
        tool->setToolTip(key.isEmpty() ? tip : QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
        tool->setAutoRaise(true);
        if (!key.isEmpty()) {
            auto* shortcut = new QShortcut(key, window);
            QObject::connect(shortcut, &QShortcut::activated, tool, &QToolButton::click);
        }
        return tool;
    };
    QToolButton* back = button("manualBack", QStyle::SP_ArrowBack, tr("Back"), QKeySequence::Back);
    QToolButton* forward = button("manualForward", QStyle::SP_ArrowForward, tr("Forward"), QKeySequence::Forward);
    QToolButton* home = button("manualHome", QStyle::SP_DirHomeIcon, tr("Contents page"), {});
    QToolButton* previous = button("manualFindPrevious", QStyle::SP_ArrowUp, tr("Previous match"), QKeySequence::FindPrevious);
    QToolButton* next = button("manualFindNext", QStyle::SP_ArrowDown, tr("Next match"), QKeySequence::FindNext);
    back->setEnabled(false);
    forward->setEnabled(false);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    for (QToolButton* tool : {back, forward, home}) bar->addWidget(tool);
    bar->addStretch();
    bar->addWidget(search, 2);
    bar->addWidget(previous);
    bar->addWidget(next);
    bar->addWidget(matchCount);
    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(bar);
    rightLayout->addWidget(status);
    rightLayout->addWidget(browser, 1);

    auto* left = new QSplitter(Qt::Vertical);
    left->addWidget(contents);
    left->addWidget(resultsPane);
    left->setStretchFactor(0, 2);
    left->setStretchFactor(1, 1);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setSizes({260, 800});
    auto* layout = new QVBoxLayout(window);
    layout->addWidget(split);

    auto* find = new QShortcut(QKeySequence::Find, window);
    QObject::connect(find, &QShortcut::activated, search, [this] {
        search->setFocus(Qt::ShortcutFocusReason);
        search->selectAll();
    });
    QObject::connect(back, &QToolButton::clicked, browser, &QTextBrowser::backward);
    QObject::connect(forward, &QToolButton::clicked, browser, &QTextBrowser::forward);
    QObject::connect(browser, &QTextBrowser::backwardAvailable, back, &QToolButton::setEnabled);
    QObject::connect(browser, &QTextBrowser::forwardAvailable, forward, &QToolButton::setEnabled);
    QObject::connect(home, &QToolButton::clicked, window, [this] { window->showPage(indexPage); });
    QObject::connect(previous, &QToolButton::clicked, window, [this] { step(-1); });
    QObject::connect(next, &QToolButton::clicked, window, [this] { step(+1); });
    QObject::connect(search, &QLineEdit::textChanged, window, [this] { searchChanged(); });
    QObject::connect(search, &QLineEdit::returnPressed, window, [this] { step(+1); });
    QObject::connect(contents, &QTreeWidget::itemClicked, window, [this](QTreeWidgetItem* item) {
        window->showPage(item->data(0, pathRole).toString(), item->data(0, anchorRole).toString());
    });
    QObject::connect(results, &QListWidget::itemClicked, window, [this](QListWidgetItem* item) {
        window->showPage(item->data(pathRole).toString());
        step(+1);
    });
    browser->pageSet = [this] { pageShown(); };
    browser->outsideLink = [this](const QUrl& url) {
        status->setText(tr("%1 is part of the source tree, not of the manual inside the program.").arg(url.fileName()));
        status->show();
    };
    fillContents();
}

void ManualWindow::Parts::fillContents() {
    for (const ManualPage& page : pages.pages()) {
        auto* pageItem = new QTreeWidgetItem(contents, {page.title});
        pageItem->setData(0, pathRole, page.path);
        QTreeWidgetItem* section = nullptr;  // the last level-2 heading: a level-3 one goes under it
        for (const ManualHeading& heading : page.headings) {
            if (heading.level < 2 || heading.level > 3) continue;
            auto* item = new QTreeWidgetItem(heading.level == 3 && section ? section : pageItem, {heading.text});
            item->setData(0, pathRole, page.path);
            item->setData(0, anchorRole, heading.anchor);
            if (heading.level == 2) section = item;
        }
    }
}

// Each page shown (a link, Back, the contents, F1): the contents follow, the search marks it.
void ManualWindow::Parts::pageShown() {
    target.clear();
    status->hide();
    const QString path = manual_path(browser->source());
    const ManualPage* page = pages.page(path);
    window->setWindowTitle(page ? tr("TreeLab Manual — %1").arg(page->title) : tr("TreeLab Manual"));
    for (int k = 0; k < contents->topLevelItemCount(); ++k) {
        QTreeWidgetItem* item = contents->topLevelItem(k);
        if (item->data(0, pathRole).toString() != path) continue;
        const QTreeWidgetItem* current = contents->currentItem();
        if (!current || current->data(0, pathRole).toString() != path) {  // a heading of the page stays current
            const QSignalBlocker quiet(contents);
            contents->setCurrentItem(item);
        }
        item->setExpanded(true);
    }
    findMatches();
}

void ManualWindow::Parts::searchChanged() {
    const QString text = search->text();
    results->clear();
    for (const QString& path : pages.pagesContaining(text)) {
        const ManualPage* page = pages.page(path);
        auto* item = new QListWidgetItem(tr("%1 (%2)").arg(page->title).arg(page->text.count(text, Qt::CaseInsensitive)), results);
        item->setData(pathRole, path);
    }
    resultsTitle->setText(results->count() == 0 ? tr("No page holds “%1”.").arg(text)
                                                : tr("Pages holding “%1”: %2").arg(text).arg(results->count()));
    resultsPane->setVisible(!text.isEmpty());
    findMatches();
    step(+1);  // the first match from the top
}

// Every occurrence of the search text in the page shown, marked; none current yet.
void ManualWindow::Parts::findMatches() {
    matches.clear();
    currentMatch = -1;
    const QString text = search->text();
    for (QTextCursor found = browser->document()->find(text, 0); !text.isEmpty() && !found.isNull();
         found = browser->document()->find(text, found))
        matches.append(found);
    matchCount->setText(text.isEmpty() ? QString() : matches.isEmpty() ? tr("not on this page") : tr("%n on this page", nullptr, static_cast<int>(matches.size())));
    if (matches.isEmpty() && browser->textCursor().hasSelection()) {  // no match of the text left selected
        QTextCursor cursor = browser->textCursor();
        cursor.clearSelection();
        browser->setTextCursor(cursor);
    }
    highlight();
}

void ManualWindow::Parts::step(int by) {
    if (matches.isEmpty()) return;
    const int count = static_cast<int>(matches.size());
    currentMatch = currentMatch < 0 ? (by > 0 ? 0 : count - 1) : (currentMatch + by + count) % count;
    browser->setTextCursor(matches[currentMatch]);
    scrollTo(matches[currentMatch], 0.3);
    matchCount->setText(tr("%1 of %2").arg(currentMatch + 1).arg(count));
    highlight();
}

void ManualWindow::Parts::highlight() {
    QList<QTextEdit::ExtraSelection> marks = target;
    QTextCharFormat found;
    found.setBackground(QColor(0xff, 0xe0, 0x66));
    found.setForeground(QColor(Qt::black));  // readable on the yellow under a dark theme too
    for (int k = 0; k < matches.size(); ++k)
        if (k != currentMatch) marks.append({matches[k], found});
    browser->setExtraSelections(marks);
}

// Scrolls so that `cursor` sits `fromTop` of the way down the page's view.
void ManualWindow::Parts::scrollTo(const QTextCursor& cursor, double fromTop) {
    QTextCursor at(cursor);
    at.setPosition(cursor.selectionStart());
    const int top = browser->cursorRect(at).top();
    QScrollBar* bar = browser->verticalScrollBar();
    bar->setValue(bar->value() + top - static_cast<int>(fromTop * browser->viewport()->height()));
}

ManualWindow::ManualWindow(QWidget* parent) : QWidget(parent, Qt::Window), parts_(std::make_unique<Parts>()) {
    parts_->window = this;
    parts_->build();
    resize(1100, 700);
    showPage(indexPage);
}

ManualWindow::~ManualWindow() = default;

void ManualWindow::showPage(const QString& path, const QString& anchor) {
    QUrl url = manual_url(path);
    if (!anchor.isEmpty()) url.setFragment(anchor);
    parts_->browser->setSource(url);
    if (anchor.isEmpty()) parts_->browser->verticalScrollBar()->setValue(0);
}

void ManualWindow::showSection(const QString& path, const QString& word) {
    const ManualPage* page = parts_->pages.page(path);
    QString anchor;
    if (page)
        for (const ManualHeading& heading : page->headings)
            if (heading.level > 1 && heading.text.contains(word, Qt::CaseInsensitive)) {
                anchor = heading.anchor;
                break;
            }
    showPage(path, anchor);
}

bool ManualWindow::showParameter(const QString& learner, const QStringList& keys) {
    showPage(commandLinePage);
    QTextDocument& document = *parts_->browser->document();
    QTextCursor row;
    for (const QString& key : keys)
        if (row = parameter_row(document, learner, key); !row.isNull()) break;
    if (row.isNull()) row = parameter_table(document, learner);
    if (row.isNull()) return false;
    QTextCharFormat mark;
    mark.setBackground(QColor(0xff, 0xd5, 0x80));
    mark.setForeground(QColor(Qt::black));
    parts_->target = {{row, mark}};
    parts_->highlight();
    QTextCursor at(row);
    at.setPosition(row.selectionStart());
    parts_->browser->setTextCursor(at);
    parts_->scrollTo(at, 0.25);
    return true;
}

QString ManualWindow::currentPage() const { return manual_path(parts_->browser->source()); }

bool ManualWindow::eventFilter(QObject* watched, QEvent* event) {
    if (watched == parts_->search && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && (key->modifiers() & Qt::ShiftModifier)) {
            parts_->step(-1);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

}  // namespace treelab
