#pragma once
// Help > Manual: the manual compiled into the program (manual_pages.h) in a window of its own
// beside the workbench. The contents on the left (each page with its headings), the page on the
// right as Qt renders its Markdown (links between pages and to #anchors, pictures, http links in
// the desktop's browser), Back and Forward, and a search field that finds the text in the page
// (next, previous) and lists the pages that hold it.
#include <memory>

#include <QStringList>
#include <QWidget>

namespace treelab {

class ManualWindow : public QWidget {
    Q_OBJECT
public:
    explicit ManualWindow(QWidget* parent = nullptr);  // opens at index.md
    ~ManualWindow() override;

    // `path` from the manual's root ("references.md"), at the heading whose GitHub anchor is `anchor`.
    void showPage(const QString& path, const QString& anchor = {});
    // `path` at its first heading holding `word` (at its top when none does).
    void showSection(const QString& path, const QString& word);
    // command-line.md at the row of the first of `keys` that `learner`'s hyperparameter table lists,
    // scrolled into view and highlighted; at the table's header when it lists none. False when the
    // page has no table for `learner`.
    bool showParameter(const QString& learner, const QStringList& keys);
    QString currentPage() const;  // from the manual's root

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // Shift+Return in the search field

private:
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
