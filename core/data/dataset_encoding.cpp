#include "core/data/dataset_encoding.h"

#include <numeric>

namespace treelab {

Dataset encode_dataset(const Table& table, const FeaturePipeline& pipeline, const TargetEncoding& target,
                       const std::vector<Eigen::Index>& train_rows) {
    Dataset data;
    data.y = encode_target(table, target);
    data.X = train_rows.empty() ? pipeline.transform(table) : pipeline.transform_fitted(table, train_rows, data.y);
    data.task = target.task;
    data.feature_names = pipeline.feature_names();
    data.class_names = target.class_names;
    return data;
}

Dataset encode_fitted_rows(const Table& table, const FeaturePipeline& pipeline, const TargetEncoding& target,
                           const Eigen::VectorXd& y, const std::vector<Eigen::Index>& train_rows,
                           const std::vector<Eigen::Index>& rows) {
    Dataset data;
    data.y = y(rows);
    data.X = pipeline.transform_fitted_rows(table, rows, train_rows, y);
    data.task = target.task;
    data.feature_names = pipeline.feature_names();
    data.class_names = target.class_names;
    return data;
}

Dataset whole_table_dataset(const Table& table, const std::string& target, std::optional<Task> task) {
    const std::size_t column = table.column_index(target);
    std::vector<Eigen::Index> all(table.rows);
    std::iota(all.begin(), all.end(), Eigen::Index{0});
    return encode_dataset(table, fit_pipeline(table, column, all), fit_target(table, column, task));
}

}  // namespace treelab
