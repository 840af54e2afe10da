// RunOutcome ⇄ JSON. Trees go through the model file's code (model_json.h).
#include "core/project/run_outcome_json.h"

#include <climits>
#include <memory>

#include "core/model/model_json.h"

namespace treelab {
namespace {

OrderedJson epoch_json(const EpochReport& report) {
    return OrderedJson{{"epoch", report.epoch},
                       {"total", report.total},
                       {"step", report.step},
                       {"loss_queries", report.loss_queries},
                       {"start", report.start},
                       {"starts", report.starts},
                       {"train_loss", real_json(report.train_loss)},
                       {"valid_loss", real_json(report.valid_loss)},
                       {"train_metric", real_json(report.train_metric)},
                       {"valid_metric", real_json(report.valid_metric)},
                       {"metric", std::string(report.metric)},
                       {"active_nodes", report.active_nodes},
                       {"schedule_value", real_json(report.schedule_value)},
                       {"schedule_name", std::string(report.schedule_name)}};
}

EpochReport read_epoch(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(where + " must be an object, not " + describe_json(json));
    EpochReport report;
    report.epoch = fields.small_integer(json, "epoch", where, 0);
    report.total = fields.small_integer(json, "total", where, 0);
    report.step = fields.integer(json, "step", where, 0, LLONG_MAX);
    report.loss_queries = fields.integer(json, "loss_queries", where, -1, LLONG_MAX);
    report.start = fields.small_integer(json, "start", where, 0);
    report.starts = fields.small_integer(json, "starts", where, 1);
    report.train_loss = fields.real(json, "train_loss", where);
    report.valid_loss = fields.real(json, "valid_loss", where);
    report.train_metric = fields.real(json, "train_metric", where);
    report.valid_metric = fields.real(json, "valid_metric", where);
    report.metric = fields.lasting_name(json, "metric", where);
    report.active_nodes = fields.small_integer(json, "active_nodes", where, -1);
    report.schedule_value = fields.real(json, "schedule_value", where);
    report.schedule_name = fields.lasting_name(json, "schedule_name", where);
    return report;
}

OrderedJson start_json(const StartResult& start) {
    return OrderedJson{{"best_epoch", start.best_epoch},
                       {"selection_loss", real_json(start.selection_loss)},
                       {"train_metric", real_json(start.train_metric)},
                       {"valid_metric", real_json(start.valid_metric)},
                       {"tree", tree_json(start.model)}};
}

StartResult read_start(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(where + " must be an object, not " + describe_json(json));
    StartResult start;
    start.best_epoch = fields.small_integer(json, "best_epoch", where, 0);
    start.selection_loss = fields.real(json, "selection_loss", where);
    start.train_metric = fields.real(json, "train_metric", where);
    start.valid_metric = fields.real(json, "valid_metric", where);
    start.model = fields.tree(json, "tree", where);
    return start;
}

OrderedJson recorded_tree_json(const RecordedTree& recorded) {
    OrderedJson json{{"start", recorded.start},
                     {"starts", recorded.starts},
                     {"epoch", recorded.epoch},
                     {"loss_queries", recorded.loss_queries}};
    json["tree"] = recorded.tree ? tree_json(*recorded.tree) : OrderedJson(nullptr);
    return json;
}

RecordedTree read_recorded_tree(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(where + " must be an object, not " + describe_json(json));
    RecordedTree recorded;
    recorded.start = fields.small_integer(json, "start", where, 0);
    recorded.starts = fields.small_integer(json, "starts", where, 1);
    recorded.epoch = fields.small_integer(json, "epoch", where, 0);
    recorded.loss_queries = fields.integer(json, "loss_queries", where, -1, LLONG_MAX);
    if (!fields.field(json, "tree", where).is_null())
        recorded.tree = std::make_shared<const TreeModel>(fields.tree(json, "tree", where));
    return recorded;
}

}  // namespace

OrderedJson run_outcome_json(const RunOutcome& outcome) {
    OrderedJson json{{"model", model_json(outcome.model)},
                     {"train_scores", scores_json(outcome.train_scores)},
                     {"valid_scores", scores_json(outcome.valid_scores)},
                     {"test_scores", scores_json(outcome.test_scores)},
                     {"train_rows", outcome.train_rows},
                     {"valid_rows", outcome.valid_rows},
                     {"test_rows", outcome.test_rows},
                     {"fit_rows", outcome.fit_rows},
                     {"stopped_early", outcome.stopped_early},
                     {"diverged", outcome.diverged},
                     {"train_seconds", real_json(outcome.train_seconds)},
                     {"chosen_start", outcome.chosen_start},
                     {"chosen_epoch", outcome.chosen_epoch},
                     {"history", list_json(outcome.history, epoch_json)},
                     {"starts", list_json(outcome.starts, start_json)}};
    if (outcome.picked)
        json["picked"] = OrderedJson{{"start", outcome.picked->start},
                                     {"run_command", outcome.picked->run_command},
                                     {"run_tree", tree_json(outcome.picked->run_tree)}};
    else
        json["picked"] = nullptr;
    json["recorded_trees"] = list_json(outcome.recorded_trees, recorded_tree_json);
    json["recorded_trees_dropped"] = outcome.recorded_trees_dropped;
    return json;
}

RunOutcome read_run_outcome(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(JsonFields::at(where) + "must be an object, not " + describe_json(json));
    RunOutcome outcome;
    outcome.model = fields.model(json, "model", where);
    outcome.train_scores = fields.scores(json, "train_scores", where);
    outcome.valid_scores = fields.scores(json, "valid_scores", where);
    outcome.test_scores = fields.scores(json, "test_scores", where);
    const auto rows = [&](const char* key) {
        return static_cast<Eigen::Index>(fields.integer(json, key, where, 0, static_cast<std::int64_t>(fields.limits().max_rows)));
    };
    outcome.train_rows = rows("train_rows");
    outcome.valid_rows = rows("valid_rows");
    outcome.test_rows = rows("test_rows");
    outcome.fit_rows = rows("fit_rows");
    outcome.stopped_early = fields.boolean(json, "stopped_early", where);
    outcome.diverged = fields.boolean(json, "diverged", where);
    outcome.train_seconds = fields.real(json, "train_seconds", where);
    outcome.chosen_start = fields.small_integer(json, "chosen_start", where, 0);
    outcome.chosen_epoch = fields.small_integer(json, "chosen_epoch", where, 0);
    outcome.history = read_list(fields, json, "history", where, "epoch report", read_epoch);
    outcome.starts = read_list(fields, json, "starts", where, "start", read_start);
    if (const Json& picked = fields.field(json, "picked", where); !picked.is_null()) {
        const std::string inside = JsonFields::at(where) + "picked start";
        if (!picked.is_object()) fields.fail(inside + " must be an object, not " + describe_json(picked));
        outcome.picked = PickedStart{fields.small_integer(picked, "start", inside, 0), fields.tree(picked, "run_tree", inside),
                                     fields.string(picked, "run_command", inside)};
    }
    outcome.recorded_trees = read_list(fields, json, "recorded_trees", where, "recorded tree", read_recorded_tree);
    outcome.recorded_trees_dropped = fields.boolean(json, "recorded_trees_dropped", where);
    return outcome;
}

}  // namespace treelab
