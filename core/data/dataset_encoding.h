#pragma once
// A table as a learner sees it: the pipeline's design matrix and the encoded target, with names.
// Every place that turns a Table into a Dataset goes through here (runs, saved-model evaluation,
// tools and tests).
#include <optional>
#include <string>

#include "core/data/dataset.h"
#include "core/data/feature_pipeline.h"
#include "core/data/table.h"
#include "core/data/target_encoding.h"

namespace treelab {

// Every row of `table` through `pipeline` and `target` (which must fit this table's columns).
// `train_rows`, given when `table` is the one the pipeline was fitted on, are encoded as training
// rows (FeaturePipeline::transform_fitted).
Dataset encode_dataset(const Table& table, const FeaturePipeline& pipeline, const TargetEncoding& target,
                       const std::vector<Eigen::Index>& train_rows = {});

// The rows `rows` (in that order) of the table the pipeline was fitted on, with `y` the encoded
// target of every table row and `train_rows` the pipeline's training rows: the part of a split
// that encode_dataset(table, pipeline, target, train_rows).subset(rows) would give, without
// encoding the other rows.
Dataset encode_fitted_rows(const Table& table, const FeaturePipeline& pipeline, const TargetEncoding& target,
                           const Eigen::VectorXd& y, const std::vector<Eigen::Index>& train_rows,
                           const std::vector<Eigen::Index>& rows);

// Every row of `table`, with the target fitted on it and an unscaled pipeline fitted on all rows:
// for tools and tests that need a whole file as a learner would see it.
Dataset whole_table_dataset(const Table& table, const std::string& target, std::optional<Task> task = {});

}  // namespace treelab
