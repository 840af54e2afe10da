#include "core/data/feature_pipeline.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>
#include <unordered_map>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "core/data/column_plan.h"
#include "core/data/column_typing.h"
#include "core/data/numpy_random.h"
#include "core/data/quantile_normal.h"
#include "core/error.h"

namespace treelab {
namespace {

// Each input's column in `table`, found by name through one index of the table's names, so that
// a table of many columns is matched in time linear in them.
std::vector<std::size_t> input_columns(const std::vector<InputColumn>& inputs, const Table& table) {
    std::unordered_map<std::string_view, std::size_t> index_of;
    index_of.reserve(table.columns.size());
    for (std::size_t i = 0; i < table.columns.size(); ++i) index_of.emplace(table.columns[i].name, i);
    std::vector<std::size_t> indices;
    indices.reserve(inputs.size());
    for (const InputColumn& input : inputs) {
        const auto found = index_of.find(input.name);
        if (found == index_of.end())
            throw DataError(table.source, 0, 0,
                            "the model uses the column '" + input.name + "', which this table lacks; the columns are " +
                                quoted_column_names(table));
        indices.push_back(found->second);
    }
    return indices;
}

// The training rows and their targets, which leave-one-out encoding leaves out row by row.
struct TrainingTargets {
    const std::vector<Eigen::Index>& rows;
    const Eigen::VectorXd& y;
};

// The table rows a matrix is encoded from: `rows` in that order, or every row when null.
struct RowSelection {
    const std::vector<Eigen::Index>* rows = nullptr;
    std::size_t table_rows = 0;

    std::size_t size() const { return rows ? rows->size() : table_rows; }
    std::size_t operator[](std::size_t i) const { return rows ? static_cast<std::size_t>((*rows)[i]) : i; }
};

bool is_leave_one_out(const InputColumn& input) {
    return input.kind == ColumnKind::Categorical && input.encoding == CategoricalEncoding::LeaveOneOut;
}

bool is_one_hot(const InputColumn& input) {
    return input.kind == ColumnKind::Categorical && input.encoding == CategoricalEncoding::OneHot;
}

Eigen::Index feature_count(const InputColumn& input) { return static_cast<Eigen::Index>(input.feature_count()); }

// The value of each cell of a column read by `input.reading`, NaN when missing: a text column's
// levels are read once each. Throws DataError for a cell the reading does not fit.
std::vector<double> read_values(const InputColumn& input, const Column& column, const RowSelection& rows, const Table& table,
                                std::size_t column_index) {
    std::vector<double> values(rows.size(), std::nan(""));
    const auto refuse = [&](std::size_t row, const std::string& text) {
        throw DataError(table.source, row < table.row_lines.size() ? table.row_lines[row] : 0, column_index + 1,
                        "value '" + text + "' in column '" + column.name + "' is not a " + reading_text(input.reading) +
                            ", as the model reads this column");
    };
    std::vector<std::optional<double>> of_level;
    if (column.kind == ColumnKind::Categorical)
        for (const std::string& level : column.levels) of_level.push_back(read_cell(level, input.reading));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::size_t row = rows[i];
        if (column.is_missing(row)) continue;
        if (column.kind == ColumnKind::Categorical) {
            const auto code = static_cast<std::size_t>(column.codes[row]);
            if (!of_level[code]) refuse(row, column.levels[code]);
            values[i] = *of_level[code];
        } else if (input.reading.kind == CellReading::Kind::Number && !input.reading.percent) {
            values[i] = column.numbers[row];  // written without a separator: the reader's number
        } else {
            refuse(row, cell_text(column, row));
        }
    }
    return values;
}

// Throws DataError for the first input the pipeline takes as numeric whose column is not.
void require_numeric_inputs(const std::vector<InputColumn>& inputs, const Table& table, const std::vector<std::size_t>& columns) {
    for (std::size_t k = 0; k < inputs.size(); ++k) {
        const Column& column = table.columns[columns[k]];
        if (inputs[k].kind == ColumnKind::Numeric && inputs[k].reading.plain() && column.kind != ColumnKind::Numeric)
            throw_not_a_number(column, {table.source, table.row_lines, columns[k] + 1},
                               "the model was trained with this column numeric");
    }
}


// Writes one numeric input into X at `first` (value, a date's derived features, then the optional
// missing indicator).
void encode_numeric(const InputColumn& input, const Column& column, const RowSelection& rows, Eigen::MatrixXd& X,
                    Eigen::Index first, const Table& table, std::size_t column_index) {
    std::vector<double> read;
    if (!input.reading.plain()) read = read_values(input, column, rows, table, column_index);
    const CellReading& reading = input.reading;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto r = static_cast<Eigen::Index>(i);
        const double value = reading.plain() ? column.numbers[rows[i]] : read[i];
        const bool missing = std::isnan(value);
        const double filled = missing ? input.impute_value : value;
        Eigen::Index at = first;
        X(r, at++) = filled;
        if (reading.kind == CellReading::Kind::Date && (reading.year || reading.month || reading.weekday)) {
            const CivilDate date = civil_date(filled);
            if (reading.year) X(r, at++) = date.year;
            if (reading.month) X(r, at++) = date.month;
            if (reading.weekday) X(r, at++) = date.weekday;
        }
        if (input.missing_indicator) X(r, at) = missing ? 1.0 : 0.0;
    }
}

// The fitted level of each selected row, found by level text, so a table whose own level order (or
// typing) differs still lines up; empty for a level the pipeline does not know, and for a missing
// value unless the pipeline lists kMissingLevel. A categorical column's levels are looked up once.
std::vector<std::optional<std::size_t>> fitted_levels(const InputColumn& input, const Column& column, const RowSelection& rows) {
    std::unordered_map<std::string, std::size_t> index_of;
    for (std::size_t k = 0; k < input.levels.size(); ++k) index_of.emplace(input.levels[k], k);
    const auto missing_level = index_of.find(kMissingLevel);
    const auto fitted = [&](const std::string& text) -> std::optional<std::size_t> {
        const auto found = index_of.find(text);
        if (found == index_of.end()) return std::nullopt;
        return found->second;
    };
    std::vector<std::optional<std::size_t>> fitted_of_code;
    if (column.kind == ColumnKind::Categorical)
        for (const std::string& level : column.levels) fitted_of_code.push_back(fitted(level));
    std::vector<std::optional<std::size_t>> levels(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::size_t row = rows[i];
        if (column.is_missing(row)) {
            if (missing_level != index_of.end()) levels[i] = missing_level->second;
        } else if (column.kind == ColumnKind::Categorical) {
            levels[i] = fitted_of_code[static_cast<std::size_t>(column.codes[row])];
        } else {
            levels[i] = fitted(cell_text(column, row));
        }
    }
    return levels;
}

// One categorical input into X at `first`: one-hot (missing or unseen: all zeros) or leave-one-out,
// where a training row (`is_training`, by table row) leaves its own target out.
void encode_categorical(const InputColumn& input, const Column& column, const RowSelection& rows, Eigen::MatrixXd& X,
                        Eigen::Index first, const TrainingTargets* training, const std::vector<char>& is_training) {
    const auto levels = fitted_levels(input, column, rows);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto r = static_cast<Eigen::Index>(i);
        if (input.encoding == CategoricalEncoding::Ordinal) {
            X(r, first) = levels[i] ? static_cast<double>(*levels[i]) : -1.0;
        } else if (!is_leave_one_out(input)) {
            if (levels[i]) X(r, first + static_cast<Eigen::Index>(*levels[i])) = 1.0;
        } else if (training && is_training[rows[i]]) {
            X(r, first) = input.leave_one_out.training_value(levels[i], training->y(static_cast<Eigen::Index>(rows[i])));
        } else {
            X(r, first) = input.leave_one_out.value(levels[i]);
        }
    }
}

// The design matrix of the selected rows before scaling; `training` given = the table the pipeline
// was fitted on. Each input writes only its own columns, so the inputs are encoded in parallel and
// any thread count gives the same matrix.
Eigen::MatrixXd encode(const std::vector<InputColumn>& inputs, const Table& table, const TrainingTargets* training,
                       const std::vector<Eigen::Index>* selected = nullptr) {
    const RowSelection rows{selected, table.rows};
    const std::vector<std::size_t> columns = input_columns(inputs, table);
    require_numeric_inputs(inputs, table, columns);
    std::vector<char> is_training;
    if (training) {
        is_training.assign(table.rows, 0);
        for (const Eigen::Index row : training->rows) is_training[static_cast<std::size_t>(row)] = 1;
    }
    std::vector<Eigen::Index> first(inputs.size() + 1, 0);
    for (std::size_t k = 0; k < inputs.size(); ++k) first[k + 1] = first[k] + feature_count(inputs[k]);
    Eigen::MatrixXd X(static_cast<Eigen::Index>(rows.size()), first.back());
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, inputs.size()), [&](const tbb::blocked_range<std::size_t>& range) {
        for (std::size_t k = range.begin(); k < range.end(); ++k) {
            const Column& column = table.columns[columns[k]];
            if (inputs[k].kind == ColumnKind::Numeric) {
                encode_numeric(inputs[k], column, rows, X, first[k], table, columns[k]);
            } else {
                X.middleCols(first[k], first[k + 1] - first[k]).setZero();
                encode_categorical(inputs[k], column, rows, X, first[k], training, is_training);
            }
        }
    });
    return X;
}

InputColumn fit_input(const Table& table, std::size_t column_index, const ColumnPlan& plan,
                      const std::vector<Eigen::Index>& train_rows, const PipelineOptions& options, const Eigen::VectorXd& y) {
    const Column& column = table.columns[column_index];
    InputColumn input;
    input.name = column.name;
    input.kind = plan.reading.plain() ? column.kind : ColumnKind::Numeric;
    input.reading = plan.reading;
    if (input.kind == ColumnKind::Categorical) {
        input.levels = column.levels;
        const bool missing_is_level = options.missing_as_level && column.missing_count > 0;
        if (missing_is_level) input.levels.push_back(kMissingLevel);  // last, as fit_leave_one_out counts it
        input.encoding = plan.encoding;
        if (input.encoding == CategoricalEncoding::Ordinal) std::sort(input.levels.begin(), input.levels.end());
        if (input.encoding == CategoricalEncoding::LeaveOneOut)
            input.leave_one_out = fit_leave_one_out(column, train_rows, y, missing_is_level);
        return input;
    }
    std::vector<double> read;
    if (!input.reading.plain()) read = read_values(input, column, {nullptr, table.rows}, table, column_index);
    const std::vector<double>& values = input.reading.plain() ? column.numbers : read;
    double sum = 0.0;
    std::size_t count = 0;
    for (const Eigen::Index row : train_rows) {
        const double value = values[static_cast<std::size_t>(row)];
        if (std::isnan(value)) continue;
        sum += value;
        ++count;
    }
    input.impute_value = count > 0 ? sum / static_cast<double>(count) : 0.0;  // no training value: 0 is as good as any
    input.missing_indicator = column.missing_count > 0;
    return input;
}

void fit_zscore(FeaturePipeline& pipeline, const Eigen::MatrixXd& train) {
    pipeline.center = train.colwise().mean().transpose();
    const Eigen::RowVectorXd centered_squares =
        (train.rowwise() - pipeline.center.transpose()).array().square().colwise().mean();
    pipeline.scale = centered_squares.transpose().array().sqrt();
    for (Eigen::Index j = 0; j < pipeline.scale.size(); ++j) {
        if (pipeline.scale(j) == 0.0) pipeline.scale(j) = 1.0;  // constant feature: leave it centred, not infinite
    }
}

// NODE's quantile noise, bit for bit: np.random.seed(42); x += noise_std * np.random.randn(*x.shape),
// whose draws fill the matrix row by row.
void add_fit_noise(Eigen::MatrixXd& train) {
    constexpr double kQuantileNoise = 1e-3;
    const Eigen::RowVectorXd mean = train.colwise().mean();
    const Eigen::RowVectorXd std = (train.rowwise() - mean).array().square().colwise().mean().sqrt();
    const Eigen::RowVectorXd noise_std = kQuantileNoise / std.array().max(kQuantileNoise);
    NumpyRandom random(kQuantileNoiseSeed);
    for (Eigen::Index i = 0; i < train.rows(); ++i)
        for (Eigen::Index j = 0; j < train.cols(); ++j) train(i, j) += noise_std(j) * random.gauss();
}

}  // namespace

std::string to_string(Scaling scaling) {
    switch (scaling) {
        case Scaling::ZScore:
            return "zscore";
        case Scaling::QuantileNormal:
            return "quantile";
        case Scaling::None:
            break;
    }
    return "none";
}

Scaling scaling_from_string(const std::string& text) {
    if (text == "none") return Scaling::None;
    if (text == "zscore") return Scaling::ZScore;
    if (text == "quantile") return Scaling::QuantileNormal;
    throw ParamError("unknown scaling '" + text + "'; use 'none', 'zscore' or 'quantile'");
}

std::size_t InputColumn::feature_count() const {
    if (kind == ColumnKind::Numeric) {
        const bool date = reading.kind == CellReading::Kind::Date;
        return 1 + (date && reading.year) + (date && reading.month) + (date && reading.weekday) + (missing_indicator ? 1 : 0);
    }
    return encoding == CategoricalEncoding::OneHot ? levels.size() : 1;
}

std::vector<std::string> FeaturePipeline::feature_names() const {
    std::vector<std::string> names;
    for (const auto& input : inputs) {
        if (input.kind == ColumnKind::Numeric) {
            names.push_back(input.name);
            if (input.reading.kind == CellReading::Kind::Date) {
                if (input.reading.year) names.push_back(input.name + ".year");
                if (input.reading.month) names.push_back(input.name + ".month");
                if (input.reading.weekday) names.push_back(input.name + ".weekday");
            }
            if (input.missing_indicator) names.push_back(input.name + "=NA");
        } else if (!is_one_hot(input)) {
            names.push_back(input.name);  // category_encoders keeps the column's name; so does an ordinal rank
        } else {
            for (const auto& level : input.levels) names.push_back(input.name + "=" + level);
        }
    }
    return names;
}

Eigen::MatrixXd FeaturePipeline::transform(const Table& table) const { return scaled(encode(inputs, table, nullptr)); }

Eigen::MatrixXd FeaturePipeline::transform_fitted(const Table& table, const std::vector<Eigen::Index>& train_rows,
                                                  const Eigen::VectorXd& y) const {
    const TrainingTargets training{train_rows, y};
    return scaled(encode(inputs, table, &training));
}

Eigen::MatrixXd FeaturePipeline::transform_fitted_rows(const Table& table, const std::vector<Eigen::Index>& rows,
                                                       const std::vector<Eigen::Index>& train_rows, const Eigen::VectorXd& y) const {
    const TrainingTargets training{train_rows, y};
    return scaled(encode(inputs, table, &training, &rows));
}

Eigen::MatrixXd FeaturePipeline::scaled(Eigen::MatrixXd X) const {
    if (scaling == Scaling::ZScore) {
        if (center.size() != X.cols() || scale.size() != X.cols())
            throw Error("the z-score scaling does not match the features");
        X = ((X.rowwise() - center.transpose()).array().rowwise() / scale.transpose().array()).matrix();
    } else if (scaling == Scaling::QuantileNormal) {
        if (static_cast<Eigen::Index>(quantiles.size()) != X.cols())
            throw Error("the quantile scaling does not match the features");
        for (Eigen::Index j = 0; j < X.cols(); ++j) quantile_normal(X.col(j), quantiles[static_cast<std::size_t>(j)]);
    }
    return X;
}

FeaturePipeline fit_pipeline(const Table& table, std::size_t target_column, const std::vector<Eigen::Index>& train_rows,
                             const PipelineOptions& options, const std::vector<std::size_t>& excluded,
                             const Eigen::VectorXd& y) {
    if (train_rows.empty())
        throw TrainingError("the training split has no rows; there is nothing to fit the features on");
    for (const Eigen::Index row : train_rows) {
        if (row < 0 || static_cast<std::size_t>(row) >= table.rows) {
            throw Error("training row " + std::to_string(row) + " is outside the table's " +
                        std::to_string(table.rows) + " rows");
        }
    }
    if (options.scaling == Scaling::QuantileNormal && options.n_quantiles < 1) {
        throw ParamError("the number of quantiles must be at least 1, not " + std::to_string(options.n_quantiles));
    }
    const std::vector<ColumnPlan> plans = plan_columns(table, target_column, excluded, options);
    const bool leave_one_out = std::any_of(plans.begin(), plans.end(), [](const ColumnPlan& plan) {
        return plan.text_feature() && plan.encoding == CategoricalEncoding::LeaveOneOut;
    });
    if (leave_one_out && y.size() != static_cast<Eigen::Index>(table.rows))
        throw Error("leave-one-out encoding needs the target of every row");
    FeaturePipeline pipeline;
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        if (plans[c].role == ColumnPlan::Role::LeftOut) pipeline.left_out.push_back({table.columns[c].name, plans[c].reason});
        if (plans[c].role != ColumnPlan::Role::Feature) continue;
        pipeline.inputs.push_back(fit_input(table, c, plans[c], train_rows, options, y));
    }
    pipeline.scaling = options.scaling;
    if (options.scaling == Scaling::None) return pipeline;

    // 001 §4.1 (utilities_GDT.py, preprocess_data): the scaling is fitted on the leave-one-out encoded training rows.
    const TrainingTargets training{train_rows, y};
    Eigen::MatrixXd train = encode(pipeline.inputs, table, &training, &train_rows);
    if (options.scaling == Scaling::ZScore) {
        fit_zscore(pipeline, train);
    } else {
        if (options.quantile_fit_noise) add_fit_noise(train);
        for (Eigen::Index j = 0; j < train.cols(); ++j) {
            pipeline.quantiles.push_back(
                fit_quantiles(std::vector<double>(train.col(j).begin(), train.col(j).end()), options.n_quantiles));
        }
    }
    return pipeline;
}

}  // namespace treelab
