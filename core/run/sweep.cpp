#include "core/run/sweep.h"

#include <algorithm>
#include <sstream>

#include "core/error.h"
#include "core/io/csv_field.h"
#include "core/run/sweep_target.h"
#include "core/run/training_run.h"

namespace treelab {
namespace {

SweepRow score_row(const std::string& value, std::uint32_t seed, ModelFile model, std::shared_ptr<const PreparedData> data) {
    auto shared = std::make_shared<const ModelFile>(std::move(model));
    const TreeModel& tree = shared->tree;
    return SweepRow{value, seed, evaluate(tree, data->train), evaluate(tree, data->valid), evaluate(tree, data->test),
                    tree.stats(), std::move(shared), std::move(data)};
}

std::vector<double> distinct(std::vector<double> values) {
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

}  // namespace

std::vector<SweepRow> run_sweep(const SweepConfig& config, const SweepProgress& progress) {
    const LearnerInfo& learner = find_learner(config.base.method);
    const auto specs = learner.params;
    const SweepTarget target = sweep_target(specs, config.param);
    if (config.seeds < 1) throw ParamError("--seeds must be at least 1");
    check_run_config(config.base);
    const bool on_path = learner.pruning_path && learner.pruning_param == config.param;
    if (config.values.empty() && !on_path)
        throw ParamError("'auto' values need a pruning path; " + learner.name + " has none for '" + config.param +
                         "': give the values, e.g. " + config.param + "=1,2,3");
    {   // Validate every value before the first (possibly long) training.
        ParamValues check = config.base.params;
        for (const std::string& value : config.values) set_sweep_value(check, specs, target, value);
    }

    std::vector<RunConfig> runs;
    for (int s = 0; s < config.seeds; ++s) {
        runs.push_back(config.base);
        runs.back().seed = config.base.seed + static_cast<std::uint32_t>(s);
    }
    std::vector<SweepRow> rows;
    int total = static_cast<int>(config.values.size() * runs.size());  // 0 until an automatic path is known
    const auto keep_going = [&] { return !progress || progress(static_cast<int>(rows.size()), total); };
    Progress training_progress;
    if (progress) training_progress = [&](const EpochReport&) { return keep_going(); };

    if (!on_path) {
        for (RunConfig& run : runs) {
            const auto data = std::make_shared<const PreparedData>(prepare_data(run));
            for (const std::string& value : config.values) {
                set_sweep_value(run.params, specs, target, value);
                RunOutcome outcome = run_training(*data, run, training_progress);
                if (outcome.stopped_early) return rows;
                rows.push_back(score_row(value, run.seed, std::move(outcome.model), data));
                if (!keep_going()) return rows;
            }
        }
        return rows;
    }

    // Grow once per seed at no pruning; then prune every tree at every value (Breiman's nested
    // subtrees). "auto" takes the union of all seeds' effective alphas, so every value has a row
    // for every seed.
    std::vector<std::shared_ptr<const PreparedData>> data;
    std::vector<TreeModel> grown;
    std::vector<double> path;
    for (RunConfig& run : runs) {
        run.params.set(specs, config.param, "0");
        data.push_back(std::make_shared<const PreparedData>(prepare_data(run)));
        const TrainInput input{data.back()->fit_rows(run.fit_on), data.back()->valid.rows() > 0 ? &data.back()->valid : nullptr,
                               run.params, resolved_learner_seed(run)};
        TrainResult result = learner.train(input, training_progress);
        if (result.stopped_early) return rows;
        grown.push_back(std::move(result.model));
        const std::vector<double> alphas = learner.pruning_path->path_values(grown.back());
        path.insert(path.end(), alphas.begin(), alphas.end());
    }
    std::vector<std::string> values = config.values;
    if (values.empty()) {
        std::sort(path.begin(), path.end());
        for (double alpha : distinct(path)) values.push_back(to_text(alpha));
        total = static_cast<int>(values.size() * runs.size());
    }
    for (const std::string& value : values) {
        for (std::size_t s = 0; s < runs.size(); ++s) {
            RunConfig pruned = runs[s];  // its run card names this value
            pruned.params.set(specs, config.param, value);
            ModelFile model{learner.pruning_path->prune(grown[s], pruned.params.real(config.param)), data[s]->pipeline,
                            data[s]->target, make_run_card(pruned, *data[s])};
            rows.push_back(score_row(value, pruned.seed, std::move(model), data[s]));
            if (!keep_going()) return rows;
        }
    }
    return rows;
}

std::string sweep_to_csv(const std::string& param, const std::vector<SweepRow>& rows) {
    std::ostringstream out;
    std::vector<std::string> score_names;
    for (const SweepRow& row : rows)
        for (const Scores* scores : {&row.train, &row.valid, &row.test})
            for (const auto& [name, value] : *scores)
                if (std::find(score_names.begin(), score_names.end(), name) == score_names.end()) score_names.push_back(name);

    out << csv_field(param) << ",seed";
    for (const char* split : {"train", "valid", "test"})
        for (const std::string& name : score_names) out << ',' << split << '_' << name;
    // en: nodes no training row reaches, pruned ones included (000 Figure 3's EN, on the training rows).
    // tree_depth, not depth: the swept hyperparameter may be a learner's `depth`, and two columns of
    // one name would be read as one.
    out << ",tree_depth,nodes,leaves,active_nodes,empty_nodes,pruned_nodes,en\n";
    for (const SweepRow& row : rows) {
        out << csv_field(row.value) << ',' << row.seed;  // a stage field's U(80,120) holds a comma
        for (const Scores* scores : {&row.train, &row.valid, &row.test})
            for (const std::string& name : score_names) {
                out << ',';
                if (const auto found = scores->find(name); found != scores->end()) out << to_text(found->second);
            }
        const TreeStats& t = row.tree;
        out << ',' << t.depth << ',' << t.nodes << ',' << t.leaves << ',' << t.active_nodes << ',' << t.empty_nodes << ','
            << t.pruned_nodes << ',' << t.empty_nodes + t.pruned_nodes << '\n';
    }
    return out.str();
}

}  // namespace treelab
