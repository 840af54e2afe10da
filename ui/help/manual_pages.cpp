#include "ui/help/manual_pages.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTextDocument>

namespace treelab {
namespace {

const QString root = QStringLiteral(":/manual/");
const QString index = QStringLiteral("index.md");

QString readPage(const QString& path) {
    QFile file(root + path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// The pages index.md links to, in its order, as paths from the manual's root.
QStringList linkedPages() {
    static const QRegularExpression link(QStringLiteral(R"(\]\(([^)#\s]+\.md)(#[^)\s]*)?\))"));
    QStringList paths;
    for (const QRegularExpressionMatch& match : link.globalMatch(readPage(index))) {
        const QString path = QUrl(match.captured(1)).path();
        if (path != index && !paths.contains(path) && QFile::exists(root + path)) paths.append(path);
    }
    return paths;
}

ManualPage readManualPage(const QString& path) {
    QTextDocument document;
    document.setMarkdown(readPage(path));
    ManualPage page{path, QFileInfo(path).completeBaseName(), manual_headings(document), document.toPlainText()};
    if (!page.headings.isEmpty()) page.title = page.headings.front().text;
    return page;
}

}  // namespace

QUrl manual_url(const QString& path) { return QUrl(QStringLiteral("qrc:/manual/")).resolved(QUrl(path)); }

QString manual_path(const QUrl& url) {
    const QString path = url.path();
    const QString prefix = QStringLiteral("/manual/");
    return url.scheme() == QStringLiteral("qrc") && path.startsWith(prefix) ? path.mid(prefix.size()) : QString();
}

ManualPages::ManualPages() {
    QStringList paths = linkedPages();
    if (QFile::exists(root + index)) paths.prepend(index);
    QStringList unlinked;
    for (QDirIterator it(root, {QStringLiteral("*.md")}, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
        const QString path = it.next().mid(root.size());
        if (!paths.contains(path)) unlinked.append(path);
    }
    unlinked.sort();
    for (const QString& path : paths + unlinked) pages_.append(readManualPage(path));
}

const ManualPage* ManualPages::page(const QString& path) const {
    for (const ManualPage& page : pages_)
        if (page.path == path) return &page;
    return nullptr;
}

QStringList ManualPages::pagesContaining(const QString& text) const {
    QStringList paths;
    if (text.isEmpty()) return paths;
    for (const ManualPage& page : pages_)
        if (page.text.contains(text, Qt::CaseInsensitive)) paths.append(page.path);
    return paths;
}

}  // namespace treelab
