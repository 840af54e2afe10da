#include "core/data/leave_one_out.h"

#include "core/error.h"

namespace treelab {

std::string to_string(CategoricalEncoding encoding) {
    if (encoding == CategoricalEncoding::Ordinal) return "ordinal";
    return encoding == CategoricalEncoding::LeaveOneOut ? "loo" : "onehot";
}

CategoricalEncoding categorical_encoding_from_string(const std::string& text) {
    if (text == "onehot") return CategoricalEncoding::OneHot;
    if (text == "loo" || text == "target") return CategoricalEncoding::LeaveOneOut;
    if (text == "ordinal") return CategoricalEncoding::Ordinal;
    throw ParamError("unknown categorical encoding '" + text + "'; use 'onehot', 'ordinal' or 'loo' (leave-one-out target encoding)");
}

double LeaveOneOutTable::value(std::optional<std::size_t> level) const {
    if (!level || counts[*level] <= 1.0) return mean;  // unseen, missing or a singleton level
    return sums[*level] / counts[*level];
}

double LeaveOneOutTable::training_value(std::optional<std::size_t> level, double y) const {
    if (!level || counts[*level] <= 1.0) return mean;  // n_c = 1 would divide by zero; the encoder uses ȳ
    return (sums[*level] - y) / (counts[*level] - 1.0);
}

LeaveOneOutTable fit_leave_one_out(const Column& column, const std::vector<Eigen::Index>& train_rows,
                                   const Eigen::VectorXd& y, bool missing_is_level) {
    if (column.kind != ColumnKind::Categorical)
        throw Error("leave-one-out encoding needs a categorical column; '" + column.name + "' is numeric");
    if (train_rows.empty()) throw TrainingError("the training split has no rows; there is nothing to fit the encoding on");
    LeaveOneOutTable table;
    const std::size_t levels = column.levels.size() + (missing_is_level ? 1 : 0);
    table.sums.assign(levels, 0.0);
    table.counts.assign(levels, 0.0);
    for (const Eigen::Index row : train_rows) {
        table.mean += y(row);  // ȳ counts every training row, missing levels too (y.mean() in the encoder)
        const auto r = static_cast<std::size_t>(row);
        if (column.is_missing(r) && !missing_is_level) continue;
        const auto level = column.is_missing(r) ? levels - 1 : static_cast<std::size_t>(column.codes[r]);
        table.sums[level] += y(row);
        table.counts[level] += 1.0;
    }
    table.mean /= static_cast<double>(train_rows.size());
    return table;
}

}  // namespace treelab
