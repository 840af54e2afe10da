#pragma once
// The manual compiled into the program: resources/doc as the Qt resource qrc:/manual/. Its pages
// in the order index.md links them (then any page it does not link), each with its title,
// headings and plain text, read once for the contents list and the search across pages.
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

#include "ui/help/manual_document.h"

namespace treelab {

struct ManualPage {
    QString path;   // from the manual's root: "methods/get.md"
    QString title;  // its first heading, else its file name
    QList<ManualHeading> headings;
    QString text;   // what the search looks through
};

// qrc:/manual/<path>; `path` may carry a #fragment.
QUrl manual_url(const QString& path);
// The page `url` shows, from the manual's root ("" when it is not a manual page).
QString manual_path(const QUrl& url);

class ManualPages {
public:
    ManualPages();  // reads every page: about 15 pages of under 100 KB, milliseconds
    const QList<ManualPage>& pages() const { return pages_; }
    const ManualPage* page(const QString& path) const;
    // Paths of the pages whose text holds `text`, ignoring case, in contents order.
    QStringList pagesContaining(const QString& text) const;

private:
    QList<ManualPage> pages_;
};

}  // namespace treelab
