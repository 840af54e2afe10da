#pragma once
// The values a sweep runs over: a list, a linear or log range, or the learner's automatic pruning
// path. The CLI reads them from `--param NAME=GRID`, the GUI from its grid inputs; both go through
// grid_values, so the rounding and the range checks are the same everywhere.
#include <span>
#include <string>
#include <vector>

#include "core/params/param_spec.h"

namespace treelab {

enum class GridKind { List, Linear, Log, Automatic };

struct SweepGrid {
    GridKind kind = GridKind::List;
    std::vector<std::string> list;  // List: the values as written
    double from = 0.0, to = 0.0;    // Linear, Log: both ends are values of the grid
    int count = 0;                  // Linear, Log: number of values (1 = just `from`)
};

// "auto" | "v1,v2,..." | "lin:FROM:TO:COUNT" | "log:FROM:TO:COUNT". A list splits at the commas
// outside parentheses, so `50,U(80,120)` is two values. Throws ParamError naming `param`.
SweepGrid parse_grid(const std::string& param, const std::string& text);

// The values of `grid` for `param` of a method with `specs` (a parameter or a stage field,
// sweep_target.h), as texts set_sweep_value reads. Ranges need an Integer or Real parameter or a
// stage field; log ranges need from > 0. Real range values are rounded to 12 significant digits
// (0.3, not 0.30000000000000004); Integer ones to the nearest integer and de-duplicated. Every value
// is checked (check_sweep_value: a parameter's range, a field's form; whether the run's stage list
// has the stage is checked by run_sweep). Automatic gives no values: run_sweep then follows the
// pruning path. Throws ParamError naming the parameter.
std::vector<std::string> grid_values(const SweepGrid& grid, std::span<const ParamSpec> specs, const std::string& param);

}  // namespace treelab
