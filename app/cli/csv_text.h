#pragma once
// Text of the CSV files the CLI writes.
#include <string>

namespace treelab::cli {

// A CSV field, quoted when it holds a delimiter, a quote or a line break.
std::string csv_field(const std::string& text);

}  // namespace treelab::cli
