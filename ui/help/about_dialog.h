#pragma once
// Help → About TreeLab: versions of TreeLab and of the libraries it runs on, and their licences.
class QWidget;

namespace treelab {

void show_about_dialog(QWidget* parent);

}  // namespace treelab
