#include "core/run/sweep.h"

#include <algorithm>
#include <optional>
#include <sstream>

#include "core/error.h"
#include "core/io/csv_field.h"
#include "core/run/memory_budget.h"
#include "core/run/parallel_cells.h"
#include "core/run/sweep_target.h"
#include "core/run/training_run.h"

namespace treelab {
namespace {

SweepRow score_row(std::size_t index, const std::string& value, std::uint32_t seed, ModelFile model,
                   std::shared_ptr<const PreparedData> data) {
    auto shared = std::make_shared<const ModelFile>(std::move(model));
    const TreeModel& tree = shared->tree;
    return SweepRow{index, value, seed, evaluate(tree, data->train), evaluate(tree, data->valid), evaluate(tree, data->test),
                    tree.stats(), std::move(shared), std::move(data)};
}

std::vector<double> distinct(std::vector<double> values) {
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

// The finished rows in grid order.
std::vector<SweepRow> finished(std::vector<std::optional<SweepRow>>& slots) {
    std::vector<SweepRow> rows;
    for (std::optional<SweepRow>& slot : slots)
        if (slot) rows.push_back(std::move(*slot));
    return rows;
}

}  // namespace

std::vector<SweepRow> run_sweep(const SweepConfig& config, const SweepProgress& progress) {
    const LearnerInfo& learner = find_learner(config.base.method);
    const auto specs = learner.params;
    const SweepTarget target = sweep_target(specs, config.param);
    if (config.seeds < 1) throw ParamError("--seeds must be at least 1");
    if (config.jobs < 0) throw ParamError("--jobs must be at least 1 (or 0 for one per core)");
    if (config.shards < 1 || config.shard < 0 || config.shard >= config.shards)
        throw ParamError("--shard K/N needs 0 <= K < N, not " + std::to_string(config.shard) + "/" + std::to_string(config.shards));
    check_run_config(config.base);
    const bool on_path = learner.pruning_path && learner.pruning_param == config.param;
    if (config.values.empty() && !on_path)
        throw ParamError("'auto' values need a pruning path; " + learner.name + " has none for '" + config.param +
                         "': give the values, e.g. " + config.param + "=1,2,3");
    if (config.shards > 1 && config.values.empty())
        throw ParamError("a sharded sweep needs its values listed: 'auto' values are known only once every seed's tree is grown");
    {   // Validate every value before the first (possibly long) training.
        ParamValues check = config.base.params;
        for (const std::string& value : config.values) set_sweep_value(check, specs, target, value);
    }

    std::vector<RunConfig> runs;
    for (int s = 0; s < config.seeds; ++s) {
        runs.push_back(config.base);
        runs.back().seed = config.base.seed + static_cast<std::uint32_t>(s);
        if (on_path) runs.back().params.set(specs, config.param, "0");  // grown at no pruning
    }
    // 0 rows expected until an automatic path is known.
    CellCounter rows(progress, static_cast<int>(config.values.size() * runs.size()));
    Progress training_progress;
    if (progress) training_progress = [&](const EpochReport&) { return rows.keep_going(); };
    std::vector<std::shared_ptr<const PreparedData>> data(runs.size());
    for_each_cell(config.jobs, runs.size(), rows, [&](std::size_t s) { data[s] = std::make_shared<const PreparedData>(prepare_data(runs[s])); });

    // Every row's fit is checked against the machine's memory before the first; rows run side by side
    // only as many at once as fit (the largest value's estimate each).
    int jobs = config.jobs;
    if (data[0]) {
        const TrainInput first{data[0]->fit_rows(runs[0].fit_on), data[0]->valid.rows() > 0 ? &data[0]->valid : nullptr, runs[0].params, 0};
        const DataShape shape = data_shape(first);
        MemoryEstimate largest = memory_estimate(learner, shape, runs[0].params);
        for (const std::string& value : config.values) {
            ParamValues params = runs[0].params;
            set_sweep_value(params, specs, target, value);
            if (MemoryEstimate estimate = memory_estimate(learner, shape, params); estimate.bytes > largest.bytes) largest = std::move(estimate);
        }
        check_memory(largest);
        jobs = jobs_within_memory(largest, config.jobs);
    }

    // A shard (--shard K/N) makes every N-th row of the listed ones, from its K-th.
    const auto shards = static_cast<std::size_t>(config.shards), shard = static_cast<std::size_t>(config.shard);
    const auto in_shard = [&](std::size_t row) { return row % shards == shard; };
    if (!on_path) {
        // One cell per seed × value, seed by seed as the rows are listed.
        const std::size_t values = config.values.size();
        std::vector<std::optional<SweepRow>> slots(runs.size() * values);
        if (shards > 1) rows.set_total(static_cast<int>((slots.size() + shards - 1 - shard) / shards));
        for_each_cell(jobs, slots.size(), rows, [&](std::size_t i) {
            if (!in_shard(i)) return;
            const std::size_t s = i / values;
            if (!data[s]) return;  // a stop came before this seed's data
            RunConfig run = runs[s];
            set_sweep_value(run.params, specs, target, config.values[i % values]);
            RunOutcome outcome = run_training(*data[s], run, training_progress);
            if (outcome.stopped_early) return rows.stop();
            slots[i] = score_row(i, config.values[i % values], run.seed, std::move(outcome.model), data[s]);
            rows.cell_done();
            rows.keep_going();
        });
        return finished(slots);
    }

    // Grow once per seed at no pruning; then prune every tree at every value (Breiman's nested
    // subtrees). "auto" takes the union of all seeds' effective alphas, so every value has a row
    // for every seed. A shard (listed values only) prunes its own rows and grows only the seeds they
    // need.
    std::vector<bool> needed(runs.size(), shards == 1);
    for (std::size_t i = 0; i < config.values.size() * runs.size(); ++i)
        if (in_shard(i)) needed[i % runs.size()] = true;
    if (shards > 1) rows.set_total(static_cast<int>((config.values.size() * runs.size() + shards - 1 - shard) / shards));
    std::vector<std::optional<TreeModel>> grown(runs.size());
    for_each_cell(jobs, runs.size(), rows, [&](std::size_t s) {
        if (!data[s] || !needed[s]) return;
        const TrainInput input{data[s]->fit_rows(runs[s].fit_on), data[s]->valid.rows() > 0 ? &data[s]->valid : nullptr,
                               runs[s].params, resolved_learner_seed(runs[s])};
        TrainResult result = learner.train(input, training_progress);
        if (result.stopped_early) return rows.stop();
        grown[s] = std::move(result.model);
    });
    if (rows.stopped()) return {};
    std::vector<std::string> values = config.values;
    if (values.empty()) {
        std::vector<double> path;
        for (const std::optional<TreeModel>& tree : grown) {
            const std::vector<double> alphas = learner.pruning_path->path_values(*tree);
            path.insert(path.end(), alphas.begin(), alphas.end());
        }
        std::sort(path.begin(), path.end());
        for (double alpha : distinct(path)) values.push_back(to_text(alpha));
        rows.set_total(static_cast<int>(values.size() * runs.size()));
    }
    // Pruning is cheap: value by value, seed by seed, on this thread.
    std::vector<std::optional<SweepRow>> slots(values.size() * runs.size());
    for (std::size_t i = 0; i < slots.size() && !rows.stopped(); ++i) {
        if (!in_shard(i)) continue;
        const std::size_t s = i % runs.size();
        RunConfig pruned = runs[s];  // its run card names this value
        pruned.params.set(specs, config.param, values[i / runs.size()]);
        ModelFile model{learner.pruning_path->prune(*grown[s], pruned.params.real(config.param)), data[s]->pipeline, data[s]->target,
                        make_run_card(pruned, *data[s])};
        slots[i] = score_row(i, values[i / runs.size()], pruned.seed, std::move(model), data[s]);
        rows.cell_done();
        rows.keep_going();
    }
    return finished(slots);
}

SweepCsvLines sweep_csv_lines(const std::string& param, const std::vector<SweepRow>& rows) {
    std::vector<std::string> score_names;
    for (const SweepRow& row : rows)
        for (const Scores* scores : {&row.train, &row.valid, &row.test})
            for (const auto& [name, value] : *scores)
                if (std::find(score_names.begin(), score_names.end(), name) == score_names.end()) score_names.push_back(name);

    SweepCsvLines lines;
    std::ostringstream header;
    header << csv_field(param) << ",seed";
    for (const char* split : {"train", "valid", "test"})
        for (const std::string& name : score_names) header << ',' << split << '_' << name;
    // en: nodes no training row reaches, pruned ones included (000 Figure 3's EN, on the training rows).
    // tree_depth, not depth: the swept hyperparameter may be a learner's `depth`, and two columns of
    // one name would be read as one.
    header << ",tree_depth,nodes,leaves,active_nodes,empty_nodes,pruned_nodes,en";
    lines.header = header.str();
    for (const SweepRow& row : rows) {
        std::ostringstream out;
        out << csv_field(row.value) << ',' << row.seed;  // a stage field's U(80,120) holds a comma
        for (const Scores* scores : {&row.train, &row.valid, &row.test})
            for (const std::string& name : score_names) {
                out << ',';
                if (const auto found = scores->find(name); found != scores->end()) out << to_text(found->second);
            }
        const TreeStats& t = row.tree;
        out << ',' << t.depth << ',' << t.nodes << ',' << t.leaves << ',' << t.active_nodes << ',' << t.empty_nodes << ','
            << t.pruned_nodes << ',' << t.empty_nodes + t.pruned_nodes;
        lines.rows.push_back(out.str());
    }
    return lines;
}

std::string sweep_to_csv(const std::string& param, const std::vector<SweepRow>& rows) {
    const SweepCsvLines lines = sweep_csv_lines(param, rows);
    std::string csv = lines.header + '\n';
    for (const std::string& row : lines.rows) csv += row + '\n';
    return csv;
}

}  // namespace treelab
