#pragma once
// A sweep's CSV (what `treelab-cli sweep --out` and the Sweep tab's "Export CSV…" write,
// sweep_to_csv) read back into its rows, so that its plots can be drawn again from the file
// (`treelab-cli plot --sweep`).
#include <string>
#include <vector>

#include "core/run/sweep.h"

namespace treelab {

struct SweepTable {
    std::string param;  // the swept parameter, the first column's name
    std::vector<SweepRow> rows;  // value, seed, scores and tree sizes; no model or data
};

// `text` is the file's contents, `file` its name for messages. Throws DataError naming the file and
// line for a file that is not a sweep's CSV, a line with another number of cells, or a cell that
// is not the number its column holds.
SweepTable read_sweep_csv(const std::string& text, const std::string& file);

}  // namespace treelab
