// SweepResult ⇄ JSON. Each row's model goes through the model file's code; its data is rebuilt.
#include "core/project/sweep_result_json.h"

#include <climits>
#include <memory>

#include "core/model/model_json.h"
#include "core/project/run_config_json.h"

namespace treelab {
namespace {

OrderedJson row_json(const SweepRow& row) {
    return OrderedJson{{"index", row.index},
                       {"value", row.value},
                       {"seed", row.seed},
                       {"train_scores", scores_json(row.train)},
                       {"valid_scores", scores_json(row.valid)},
                       {"test_scores", scores_json(row.test)},
                       {"tree", tree_stats_json(row.tree)},
                       {"model", row.model ? model_json(*row.model) : OrderedJson(nullptr)}};
}

SweepRow read_row(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(where + " must be an object, not " + describe_json(json));
    SweepRow row;
    row.index = static_cast<std::size_t>(fields.integer(json, "index", where, 0, static_cast<std::int64_t>(fields.limits().max_rows)));
    row.value = fields.string(json, "value", where);
    row.seed = fields.seed(json, "seed", where);
    row.train = fields.scores(json, "train_scores", where);
    row.valid = fields.scores(json, "valid_scores", where);
    row.test = fields.scores(json, "test_scores", where);
    row.tree = fields.tree_stats(json, "tree", where);
    if (!fields.field(json, "model", where).is_null()) row.model = std::make_shared<const ModelFile>(fields.model(json, "model", where));
    return row;
}

}  // namespace

OrderedJson sweep_result_json(const SweepResult& sweep, const std::filesystem::path& project_folder) {
    const SweepConfig& config = sweep.config;
    return OrderedJson{{"base", run_config_json(config.base, project_folder)},
                       {"param", config.param},
                       {"values", config.values},
                       {"seeds", config.seeds},
                       {"jobs", config.jobs},
                       {"shard", config.shard},
                       {"shards", config.shards},
                       {"stopped", sweep.stopped},
                       {"rows", list_json(sweep.rows, row_json)}};
}

SweepResult read_sweep_result(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(where + " must be an object, not " + describe_json(json));
    SweepResult sweep;
    SweepConfig& config = sweep.config;
    config.base = read_run_config(fields, fields.field(json, "base", where), where + ": base");
    config.param = fields.string(json, "param", where);
    config.values = fields.strings(json, "values", where, fields.limits().max_rows);
    config.seeds = fields.small_integer(json, "seeds", where, 1);
    config.jobs = fields.small_integer(json, "jobs", where, 0);
    config.shard = fields.small_integer(json, "shard", where, 0);
    config.shards = fields.small_integer(json, "shards", where, 1);
    sweep.stopped = fields.boolean(json, "stopped", where);
    sweep.rows = read_list(fields, json, "rows", where, "row", read_row);
    return sweep;
}

}  // namespace treelab
