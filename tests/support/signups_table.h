#pragma once
// A generated table with a date column, for the texts that show thresholds on dates: one sign-up a
// day for 120 days from 2020-01-01, columns
//   signup   the day ("2020-01-01"), or with `times` a date-time on a whole minute ("2020-01-01 00:00",
//            97 minutes later each day)
//   amount   a number, 0.5 to 99.5
//   plan     "late" for sign-ups after 2020-03-14 (the 74th day), else "big" above 50, "small" below
// so that CART splits on signup between the 14th and the 15th, and on amount.
#include <filesystem>

#include "core/run/run_config.h"

namespace treelab::test {

void write_signups(const std::filesystem::path& file, bool times);

// CART of depth 2 predicting plan from `file`, trained on every row (the split is the whole table).
RunConfig signups_run(const std::filesystem::path& file);

}  // namespace treelab::test
