#include "ui/help/context_help.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QMenu>
#include <QVariant>

#include "ui/help/manual_window.h"
#include "ui/method/method_panel.h"

namespace treelab {
namespace {

// Panels and tabs with a page or section of their own: the first one around the focus wins.
struct Topic {
    const char* className;
    const char* page;
    const char* headingWord;  // the section: the page's first heading holding it ("" = the top)
};
constexpr Topic topics[] = {
    {"treelab::DataPanel", "data.md", ""},
    {"treelab::MethodPanel", "workbench.md", "Method"},
    {"treelab::TrainingPanel", "workbench.md", "Training"},
    {"treelab::TreeTab", "workbench.md", "Tree"},
    {"treelab::SweepPanel", "workbench.md", "Sweep"},
    {"treelab::ComparePanel", "workbench.md", "Compare"},
    {"treelab::ResultsPanel", "workbench.md", "Results"},
};

// Tells the action whether F1 (a shortcut event) or the menu triggered it.
class ShortcutWatch : public QObject {
public:
    using QObject::QObject;
    bool fromKey = false;

protected:
    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() == QEvent::Shortcut) fromKey = true;
        return false;
    }
};

}  // namespace

ManualWindow* manual_window(QWidget* window) {
    QWidget* top = window->window();
    if (auto* manual = qobject_cast<ManualWindow*>(top)) return manual;
    if (auto* manual = top->findChild<ManualWindow*>(QString(), Qt::FindDirectChildrenOnly)) return manual;
    return new ManualWindow(top);
}

ManualWindow* show_manual_for(QWidget* window, QWidget* focus) {
    ManualWindow* manual = manual_window(window);
    manual->show();
    manual->raise();
    manual->activateWindow();
    // A form field is named after its hyperparameter (ParamForm), and a field's companion (the log
    // slider beside a rate) carries the name as its "hyperparameter" property; the names on the way
    // up from a spin box's or combo box's inner line edit include it.
    QStringList names;
    for (QWidget* widget = focus; widget && widget != manual; widget = widget->parentWidget()) {
        if (widget->inherits("treelab::ParamForm")) {
            for (QWidget* above = widget; above; above = above->parentWidget())
                if (auto* panel = qobject_cast<MethodPanel*>(above)) {
                    manual->showParameter(panel->method(), names);
                    return manual;
                }
        }
        for (const Topic& topic : topics)
            if (widget->inherits(topic.className)) {
                manual->showSection(QString::fromLatin1(topic.page), QString::fromLatin1(topic.headingWord));
                return manual;
            }
        if (const QVariant key = widget->property("hyperparameter"); key.isValid()) names.append(key.toString());
        if (!widget->objectName().isEmpty()) names.append(widget->objectName());
    }
    return manual;
}

QAction* add_manual_action(QMenu* menu, QWidget* window) {
    QAction* action = menu->addAction(QObject::tr("&Manual"));
    action->setShortcut(QKeySequence::HelpContents);
    action->setShortcutContext(Qt::ApplicationShortcut);  // the manual's own window too
    auto* watch = new ShortcutWatch(action);
    action->installEventFilter(watch);
    QObject::connect(action, &QAction::triggered, window, [window, watch] {
        show_manual_for(window, watch->fromKey ? QApplication::focusWidget() : nullptr);
        watch->fromKey = false;
    });
    return action;
}

}  // namespace treelab
