#pragma once
// Fields of the CSV files TreeLab writes (CLI predictions and routing tables, the GUI's metrics).
#include <string>

namespace treelab {

// A CSV field, quoted when it holds a delimiter, a quote or a line break.
std::string csv_field(const std::string& text);

}  // namespace treelab
