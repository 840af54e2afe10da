#pragma once
// F1: the manual at what the focused field is about. A hyperparameter of the method panel's form
// opens command-line.md at its row of the learner's table, the data panel opens data.md, a panel
// or tab its section of workbench.md; elsewhere the manual opens at the page it showed last.
class QAction;
class QMenu;
class QWidget;

namespace treelab {

class ManualWindow;

// The manual window of `window`'s top-level window (one, made on first use, closed with it).
ManualWindow* manual_window(QWidget* window);
// Shows and raises the manual at `focus`'s topic (nullptr: as it was).
ManualWindow* show_manual_for(QWidget* window, QWidget* focus);
// Help > Manual in `menu`: from the menu, the manual as it was; from F1, anywhere in the program,
// at the focused field's topic.
QAction* add_manual_action(QMenu* menu, QWidget* window);

}  // namespace treelab
