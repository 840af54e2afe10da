#pragma once
// From table columns to the design matrix, fitted on the training rows only and saved inside the
// model file, so `treelab-cli predict` applies exactly the same steps to new data.
//   numeric column:     missing -> training mean; plus a 0/1 indicator feature "<name>=NA" when
//                       the column has missing values in the fitted table
//   categorical column: one-hot, one 0/1 feature "<name>=<level>" per level seen in the table;
//                       a missing value is all zeros, an unseen level too; or leave-one-out
//                       target encoding, one feature "<name>" (leave_one_out.h); optionally a
//                       missing value is a level of its own, "?" (PipelineOptions::missing_as_level)
//   text column read as numbers or dates (cell_reading.h): a numeric input whose cell texts are
//                       read by its recorded reading; a date adds its derived features
//                       "<name>.year", "<name>.month", "<name>.weekday" (Monday = 0)
//   text column left out (column_plan.h): no input; listed in FeaturePipeline::left_out
//   scaling (optional, on every feature): z-score, or the quantile-normal transform of the
//                       GradTree protocol (sklearn QuantileTransformer, output normal)
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/data/cell_reading.h"
#include "core/data/leave_one_out.h"
#include "core/data/table.h"

namespace treelab {

enum class Scaling { None, ZScore, QuantileNormal };
std::string to_string(Scaling scaling);
Scaling scaling_from_string(const std::string& text);  // "none" | "zscore" | "quantile", throws ParamError

// The level a missing categorical value becomes with PipelineOptions::missing_as_level. No table
// holds it as a value (the CSV reader reads "?" as missing), so a fitted pipeline that lists it
// says by that alone that missing values are this level.
inline const std::string kMissingLevel = "?";

struct InputColumn {
    std::string name;
    ColumnKind kind = ColumnKind::Numeric;
    double impute_value = 0.0;        // numeric: training mean
    bool missing_indicator = false;   // numeric: adds "<name>=NA"
    std::vector<std::string> levels;  // categorical: one feature per level (one-hot); kMissingLevel last if fitted so
    CategoricalEncoding encoding = CategoricalEncoding::OneHot;  // categorical
    LeaveOneOutTable leave_one_out{}; // categorical, leave-one-out: indexed like levels
    CellReading reading{};            // numeric: how its cell texts read (Plain: the reader's numbers)

    // The features it makes: 1 or the levels, plus a date's derived features and the NA indicator.
    std::size_t feature_count() const;
};

// A text column the pipeline does not use, and why ("identifier-like: ...").
struct LeftOutColumn {
    std::string name, reason;
};

struct FeaturePipeline {
    std::vector<InputColumn> inputs;
    Scaling scaling = Scaling::None;
    Eigen::VectorXd center, scale;             // ZScore: per feature
    std::vector<Eigen::VectorXd> quantiles;    // QuantileNormal: per feature, the reference quantiles
    std::vector<LeftOutColumn> left_out{};      // text columns not used, for the run card and the reader

    std::vector<std::string> feature_names() const;
    // Looks the inputs up by name in `table`; throws DataError naming a missing column.
    Eigen::MatrixXd transform(const Table& table) const;
    // Every row of the table the pipeline was fitted on, where the training rows (targets y, one per
    // table row) are leave-one-out encoded without their own target (001 §4.1).
    Eigen::MatrixXd transform_fitted(const Table& table, const std::vector<Eigen::Index>& train_rows,
                                     const Eigen::VectorXd& y) const;
    // As transform_fitted, the table rows `rows` alone, in that order (one part of a split).
    Eigen::MatrixXd transform_fitted_rows(const Table& table, const std::vector<Eigen::Index>& rows,
                                          const std::vector<Eigen::Index>& train_rows, const Eigen::VectorXd& y) const;

private:
    Eigen::MatrixXd scaled(Eigen::MatrixXd X) const;  // the fitted scaling applied to encoded rows
};

// numpy's seed of the protocol's quantile noise (normalize_data's random_state=42).
constexpr std::uint32_t kQuantileNoiseSeed = 42;

struct PipelineOptions {
    Scaling scaling = Scaling::None;
    int n_quantiles = 1000;  // capped at the number of training rows, as sklearn does
    // GradTree protocol (001 §4.1, from NODE, Popov et al. 2019; utilities_GDT.py): fit the quantiles on a noisy copy of the
    // training features, x + 1e-3 / max(std, 1e-3) * N(0, 1) drawn by numpy RandomState(42).randn,
    // then transform the un-noised data. Only the fit changes; the pipeline stays QuantileNormal.
    bool quantile_fit_noise = false;
    CategoricalEncoding categorical = CategoricalEncoding::OneHot;
    // A missing categorical value is a level of its own, kMissingLevel, in columns with missing
    // values (like any level, listed when the table has it, fitted on the training rows): the
    // GradTree protocol's loader reads Congressional Voting's "?" as a value, not as missing
    // (utilities_GDT.py imputes "?" only for other data sets).
    bool missing_as_level = false;
    // Text columns read as numbers and dates (--thousands, --percent, --dates).
    CellReadingOptions reading{};
    // --encode COLUMN=ENCODING: the column is a text feature with this encoding, even when it
    // would be left out or read as numbers.
    std::map<std::string, CategoricalEncoding> column_encodings{};
    std::size_t max_levels = 100;  // more and a text column is left out unless --encode names it
    std::uint64_t one_hot_budget_bytes = std::uint64_t{1} << 30;  // one-hot features of the whole table
};

// Every column except `target_column` (and those in `excluded`) becomes an input. `y` (the encoded
// target of every table row) is needed only for leave-one-out encoding; the scaling is then fitted
// on the training rows as transform_fitted encodes them.
FeaturePipeline fit_pipeline(const Table& table, std::size_t target_column, const std::vector<Eigen::Index>& train_rows,
                             const PipelineOptions& options = {}, const std::vector<std::size_t>& excluded = {},
                             const Eigen::VectorXd& y = Eigen::VectorXd());

}  // namespace treelab
