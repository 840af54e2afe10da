#pragma once
// Where the data sets TreeLab ships (datasets/*.csv) are. Installed, they are in
// <prefix>/share/treelab/datasets, found relative to the program (bin/../share/treelab) so that any
// prefix works, a `dpkg -x` folder included; a program run from its build folder finds them in the
// source tree it was built from. (The manual needs no lookup: the workbench has it compiled in.)
#include <QString>

namespace treelab {

// The folder holding the shipped CSV files, or "" when none is found.
QString shipped_datasets_folder();

// The same, for a program in `program_folder` (the one above passes the running program's).
QString shipped_datasets_folder(const QString& program_folder);

}  // namespace treelab
