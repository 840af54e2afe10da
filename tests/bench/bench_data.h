#pragma once
// Inputs of the benchmarks: a CSV read with TreeLab's own reader, or the raw binary matrix that
// run_cart_bench.sh writes for the synthetic set (int64 rows, int64 cols, rows×cols float64 X in
// row order, rows float64 class indices), so both programs train on identical numbers.
#include <filesystem>
#include <string>

#include "core/data/dataset.h"

namespace treelab::bench {

Dataset load_csv_dataset(const std::filesystem::path& file, const std::string& target);
Dataset load_binary_dataset(const std::filesystem::path& file);

}  // namespace treelab::bench
