#pragma once
// Help → About TreeLab: versions of TreeLab and of the libraries it runs on, their licences, and
// links into the manual (the works TreeLab implements, in references.md).
class QWidget;

namespace treelab {

void show_about_dialog(QWidget* parent);

}  // namespace treelab
