#include "tests/bench/bench_data.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <vector>

#include "core/data/csv_reader.h"
#include "core/data/feature_pipeline.h"
#include "core/data/target_encoding.h"
#include "core/error.h"

namespace treelab::bench {

Dataset load_csv_dataset(const std::filesystem::path& file, const std::string& target) {
    const Table table = read_csv(file);
    const std::size_t column = table.column_index(target);
    const TargetEncoding encoding = fit_target(table, column, Task::Classification, 1000);
    std::vector<Eigen::Index> rows(table.rows);
    for (std::size_t i = 0; i < table.rows; ++i) rows[i] = static_cast<Eigen::Index>(i);
    const FeaturePipeline pipeline = fit_pipeline(table, column, rows);
    Dataset data;
    data.X = pipeline.transform(table);
    data.y = encode_target(table, encoding);
    data.feature_names = pipeline.feature_names();
    data.class_names = encoding.class_names;
    return data;
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
