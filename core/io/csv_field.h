#pragma once
// Fields of the CSV files TreeLab writes (CLI predictions and routing tables, the GUI's metrics,
// training histories, sweeps) and reading one line of them back.
#include <optional>
#include <string>
#include <vector>

namespace treelab {

// A CSV field, quoted when it holds a delimiter, a quote or a line break.
std::string csv_field(const std::string& text);

// The fields of one line written with csv_field (comma-separated, quoted fields with "" escapes, no
// line break inside a field; a CR before the line end is dropped); nullopt for a quote left open
// or text after a closing quote.
std::optional<std::vector<std::string>> csv_fields(const std::string& line);

}  // namespace treelab
