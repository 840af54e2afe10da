// ComparisonResult ⇄ JSON. A cell's class probabilities are stored row by row in one flat array
// with their column count, so a hostile file cannot make rows of different lengths.
#include "core/project/comparison_result_json.h"

#include <climits>

#include "core/project/run_config_json.h"

namespace treelab {
namespace {

OrderedJson contender_json(const Contender& contender) {
    return OrderedJson{{"method", contender.method}, {"label", contender.label}, {"params", params_json(contender.params)}};
}

Contender read_contender(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(where + " must be an object, not " + describe_json(json));
    Contender contender;
    contender.method = fields.string(json, "method", where);
    contender.label = fields.string(json, "label", where);
    contender.params = fields.params(json, "params", where, contender.method);
    return contender;
}

OrderedJson resampling_json(const Resampling& resampling) {
    return OrderedJson{{"spec", resampling_spec(resampling)},  // "10", "10x3", "loo", "holdout"
                       {"holdout_split", {resampling.holdout.train, resampling.holdout.valid, resampling.holdout.test}},
                       {"holdout_mode", to_string(resampling.holdout_mode)}};
}

Resampling read_resampling(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(where + " must be an object, not " + describe_json(json));
    Resampling resampling = fields.choice(json, "spec", where, parse_resampling);
    const Eigen::VectorXd split = fields.finite_numbers(json, "holdout_split", where, 3);
    if (split.size() != 3) fields.fail(where + ": field \"holdout_split\" must hold the train, validation and test fractions");
    resampling.holdout = {split(0), split(1), split(2)};
    resampling.holdout_mode = fields.choice(json, "holdout_mode", where, split_mode_from_string);
    return resampling;
}

OrderedJson data_set_json(const ComparedDataSet& data_set) {
    return OrderedJson{{"name", data_set.name},
                       {"task", to_string(data_set.task)},
                       {"class_names", data_set.class_names},
                       {"fold_warning", data_set.fold_warning},
                       {"targets", reals_json(data_set.targets)}};
}

ComparedDataSet read_data_set(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(where + " must be an object, not " + describe_json(json));
    ComparedDataSet data_set;
    data_set.name = fields.string(json, "name", where);
    data_set.task = fields.choice(json, "task", where, task_from_string);
    data_set.class_names = fields.strings(json, "class_names", where, fields.limits().model.max_classes);
    data_set.fold_warning = fields.string(json, "fold_warning", where);
    data_set.targets = fields.reals(json, "targets", where, fields.limits().max_rows);
    return data_set;
}

OrderedJson cell_json(const ComparisonCell& cell) {
    OrderedJson probabilities = OrderedJson::array();
    for (Eigen::Index i = 0; i < cell.probabilities.rows(); ++i)
        for (Eigen::Index k = 0; k < cell.probabilities.cols(); ++k) probabilities.push_back(real_json(cell.probabilities(i, k)));
    return OrderedJson{{"index", cell.index},
                       {"data_set", cell.data_set},
                       {"contender", cell.contender},
                       {"repeat", cell.repeat},
                       {"fold", cell.fold},
                       {"test_scores", scores_json(cell.test)},
                       {"fit_seconds", real_json(cell.fit_seconds)},
                       {"tree", tree_stats_json(cell.tree)},
                       {"error", cell.error},
                       {"train_rows", cell.train_rows},
                       {"test_rows", cell.test_rows},
                       {"predictions", reals_json(cell.predictions)},
                       {"probability_columns", cell.probabilities.cols()},
                       {"probabilities", std::move(probabilities)}};
}

ComparisonCell read_comparison_cell(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(where + " must be an object, not " + describe_json(json));
    const auto max_rows = static_cast<std::int64_t>(fields.limits().max_rows);
    ComparisonCell cell;
    cell.index = static_cast<std::size_t>(fields.integer(json, "index", where, 0, max_rows));
    cell.data_set = static_cast<std::size_t>(fields.integer(json, "data_set", where, 0, max_rows));
    cell.contender = static_cast<std::size_t>(fields.integer(json, "contender", where, 0, max_rows));
    cell.repeat = fields.small_integer(json, "repeat", where, 0);
    cell.fold = fields.small_integer(json, "fold", where, 0);
    cell.test = fields.scores(json, "test_scores", where);
    cell.fit_seconds = fields.real(json, "fit_seconds", where);
    cell.tree = fields.tree_stats(json, "tree", where);
    cell.error = fields.string(json, "error", where);
    cell.train_rows = static_cast<Eigen::Index>(fields.integer(json, "train_rows", where, 0, max_rows));
    const Json& rows = fields.array(json, "test_rows", where, fields.limits().max_rows);
    cell.test_rows.reserve(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (!rows[i].is_number_integer() || rows[i].get<std::int64_t>() < 0 || rows[i].get<std::int64_t>() > max_rows)
            fields.fail(where + ": entry " + std::to_string(i) + " of \"test_rows\" must be a row number, not " + describe_json(rows[i]));
        cell.test_rows.push_back(static_cast<Eigen::Index>(rows[i].get<std::int64_t>()));
    }
    cell.predictions = fields.reals(json, "predictions", where, fields.limits().max_rows);
    const auto columns = static_cast<Eigen::Index>(
        fields.integer(json, "probability_columns", where, 0, static_cast<std::int64_t>(fields.limits().model.max_classes)));
    const Eigen::VectorXd flat = fields.reals(json, "probabilities", where, fields.limits().max_rows);
    if (columns == 0 ? flat.size() != 0 : flat.size() % columns != 0)
        fields.fail(where + ": field \"probabilities\" holds " + std::to_string(flat.size()) + " values, not rows of " +
                    std::to_string(columns));
    if (columns > 0) {
        cell.probabilities.resize(flat.size() / columns, columns);
        for (Eigen::Index i = 0; i < cell.probabilities.rows(); ++i)
            for (Eigen::Index k = 0; k < columns; ++k) cell.probabilities(i, k) = flat(i * columns + k);
    }
    return cell;
}

// What views index by: every cell's data set and contender, its rows in its data set.
void check_consistent(const ProjectFields& fields, const ComparisonResult& comparison, const std::string& where) {
    const std::size_t data_sets = comparison.config.data_sets.size(), contenders = comparison.config.contenders.size();
    if (comparison.data_set_names.size() != data_sets || comparison.data_sets.size() != data_sets)
        fields.fail(where + ": the data sets' names and results do not match its " + std::to_string(data_sets) + " data sets");
    if (comparison.contender_labels.size() != contenders)
        fields.fail(where + ": the contenders' labels do not match its " + std::to_string(contenders) + " contenders");
    for (std::size_t i = 0; i < comparison.cells.size(); ++i) {
        const ComparisonCell& cell = comparison.cells[i];
        const std::string at_cell = where + ": cell " + std::to_string(i + 1);
        if (cell.data_set >= data_sets || cell.contender >= contenders) fields.fail(at_cell + " names a data set or contender that does not exist");
        const auto rows = comparison.data_sets[cell.data_set].targets.size();
        for (const Eigen::Index row : cell.test_rows)
            if (row >= rows) fields.fail(at_cell + ": test row " + std::to_string(row) + " is beyond its data set's " + std::to_string(rows) + " rows");
        const auto tested = static_cast<Eigen::Index>(cell.test_rows.size());
        if ((cell.predictions.size() != 0 && cell.predictions.size() != tested) ||
            (cell.probabilities.rows() != 0 && cell.probabilities.rows() != tested))
            fields.fail(at_cell + ": its predictions do not match its " + std::to_string(tested) + " test rows");
    }
}

}  // namespace

OrderedJson comparison_config_json(const ComparisonConfig& config, const std::filesystem::path& project_folder) {
    OrderedJson data_sets = OrderedJson::array();
    for (const RunConfig& data_set : config.data_sets) data_sets.push_back(run_config_json(data_set, project_folder));
    return OrderedJson{{"data_sets", std::move(data_sets)},
                       {"contenders", list_json(config.contenders, contender_json)},
                       {"resampling", resampling_json(config.resampling)},
                       {"seed", config.seed},
                       {"jobs", config.jobs},
                       {"shard", config.shard},
                       {"shards", config.shards},
                       {"reference", config.reference}};
}

ComparisonConfig read_comparison_config(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(where + " must be an object, not " + describe_json(json));
    ComparisonConfig config;
    config.data_sets = read_list(fields, json, "data_sets", where, "data set", read_run_config);
    config.contenders = read_list(fields, json, "contenders", where, "contender", read_contender);
    config.resampling = read_resampling(fields, fields.field(json, "resampling", where), where + ": resampling");
    config.seed = fields.seed(json, "seed", where);
    config.jobs = fields.small_integer(json, "jobs", where, 0);
    config.shard = fields.small_integer(json, "shard", where, 0);
    config.shards = fields.small_integer(json, "shards", where, 1);
    config.reference = static_cast<std::size_t>(fields.integer(json, "reference", where, 0, INT_MAX));
    if (!config.contenders.empty() && config.reference >= config.contenders.size())
        fields.fail(where + ": the reference contender " + std::to_string(config.reference + 1) + " does not exist");
    return config;
}

OrderedJson comparison_result_json(const ComparisonResult& comparison, const std::filesystem::path& project_folder) {
    OrderedJson json = comparison_config_json(comparison.config, project_folder);
    json["data_set_names"] = comparison.data_set_names;
    json["contender_labels"] = comparison.contender_labels;
    json["data_set_results"] = list_json(comparison.data_sets, data_set_json);
    json["stopped"] = comparison.stopped;
    json["cells"] = list_json(comparison.cells, cell_json);
    return json;
}

ComparisonResult read_comparison_result(const ProjectFields& fields, const Json& json, const std::string& where) {
    ComparisonResult comparison;
    comparison.config = read_comparison_config(fields, json, where);
    comparison.data_set_names = fields.strings(json, "data_set_names", where, fields.limits().max_rows);
    comparison.contender_labels = fields.strings(json, "contender_labels", where, fields.limits().max_rows);
    comparison.data_sets = read_list(fields, json, "data_set_results", where, "data set result", read_data_set);
    comparison.stopped = fields.boolean(json, "stopped", where);
    comparison.cells = read_list(fields, json, "cells", where, "cell", read_comparison_cell);
    check_consistent(fields, comparison, where);
    return comparison;
}

}  // namespace treelab
