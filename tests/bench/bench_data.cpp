#include "tests/bench/bench_data.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <vector>

#include "core/data/csv_reader.h"
#include "core/data/dataset_encoding.h"
#include "core/error.h"

namespace treelab::bench {

Dataset load_csv_dataset(const std::filesystem::path& file, const std::string& target) {
    return whole_table_dataset(read_csv(file), target, Task::Classification);
}

Dataset load_binary_dataset(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::int64_t shape[2] = {0, 0};
    if (!in.read(reinterpret_cast<char*>(shape), sizeof shape) || shape[0] <= 0 || shape[1] <= 0)
        throw DataError(file.string(), 0, 0, "not a benchmark matrix (int64 rows, int64 cols header)");
    std::vector<double> values(static_cast<std::size_t>(shape[0] * (shape[1] + 1)));
    if (!in.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(double))))
        throw DataError(file.string(), 0, 0, "the file is shorter than its header says");
    Dataset data;
    data.X = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(values.data(), shape[0], shape[1]);
    data.y = Eigen::Map<const Eigen::VectorXd>(values.data() + shape[0] * shape[1], shape[0]);
    for (Eigen::Index c = 0; c < shape[1]; ++c) data.feature_names.push_back("x" + std::to_string(c));
    const int classes = static_cast<int>(data.y.maxCoeff()) + 1;
    for (int k = 0; k < classes; ++k) data.class_names.push_back(std::to_string(k));
    return data;
}

}  // namespace treelab::bench
