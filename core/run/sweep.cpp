#include "core/run/sweep.h"

#include <algorithm>
#include <sstream>

#include "core/error.h"
#include "core/run/training_run.h"

namespace treelab {
namespace {

SweepRow score_row(const std::string& value, std::uint32_t seed, const TreeModel& tree, const PreparedData& data) {
    return SweepRow{value, seed, evaluate(tree, data.train), evaluate(tree, data.valid), evaluate(tree, data.test),
                    tree.stats()};
}

std::vector<double> distinct(std::vector<double> values) {
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

}  // namespace

std::vector<SweepRow> run_sweep(const SweepConfig& config, const Progress& progress) {
    const LearnerInfo& learner = find_learner(config.base.method);
    const auto specs = learner.params;
    if (std::none_of(specs.begin(), specs.end(), [&](const ParamSpec& spec) { return spec.name == config.param; }))
        throw ParamError("method " + learner.name + " has no parameter '" + config.param + "'");
    if (config.seeds < 1) throw ParamError("--seeds must be at least 1");
    const bool on_path = learner.pruning_path && learner.pruning_path->param == config.param;
    if (config.values.empty() && !on_path)
        throw ParamError("'auto' values need a pruning path; " + learner.name + " has none for '" + config.param +
                         "': give the values, e.g. " + config.param + "=1,2,3");
    {   // Validate every value before the first (possibly long) training.
        ParamValues check = config.base.params;
        for (const std::string& value : config.values) check.set(specs, config.param, value);
    }

    std::vector<RunConfig> runs;
    for (int s = 0; s < config.seeds; ++s) {
        runs.push_back(config.base);
        runs.back().seed = config.base.seed + static_cast<std::uint32_t>(s);
    }
    std::vector<SweepRow> rows;
    if (!on_path) {
        for (RunConfig& run : runs) {
            const PreparedData data = prepare_data(run);
            for (const std::string& value : config.values) {
                run.params.set(specs, config.param, value);
                rows.push_back(score_row(value, run.seed, run_training(data, run, progress).model.tree, data));
            }
            if (progress && !progress(EpochReport{.epoch = static_cast<int>(rows.size())})) break;
        }
        return rows;
    }

    // Grow once per seed at no pruning; then prune every tree at every value (Breiman's nested
    // subtrees). "auto" takes the union of all seeds' effective alphas, so every value has a row
    // for every seed.
    std::vector<PreparedData> data;
    std::vector<TreeModel> grown;
    std::vector<double> path;
    for (RunConfig& run : runs) {
        run.params.set(specs, config.param, "0");
        data.push_back(prepare_data(run));
        const TrainInput input{data.back().fit_rows(run.fit_on), data.back().valid.rows() > 0 ? &data.back().valid : nullptr,
                               run.params, run.seed};
        grown.push_back(learner.train(input, progress).model);
        const std::vector<double> alphas = learner.pruning_path->path_values(grown.back());
        path.insert(path.end(), alphas.begin(), alphas.end());
    }
    std::vector<std::string> values = config.values;
    if (values.empty()) {
        std::sort(path.begin(), path.end());
        for (double alpha : distinct(path)) values.push_back(to_text(alpha));
    }
    for (const std::string& value : values) {
        ParamValues parsed = runs.front().params;
        parsed.set(specs, config.param, value);
        for (std::size_t s = 0; s < runs.size(); ++s)
            rows.push_back(score_row(value, runs[s].seed, learner.pruning_path->prune(grown[s], parsed.real(config.param)), data[s]));
        if (progress && !progress(EpochReport{.epoch = static_cast<int>(rows.size()),
                                              .total = static_cast<int>(values.size() * runs.size())}))
            break;
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

    out << param << ",seed";
    for (const char* split : {"train", "valid", "test"})
        for (const std::string& name : score_names) out << ',' << split << '_' << name;
    // en: nodes no training row reaches, pruned ones included (000 Figure 3's EN, on the training rows).
    out << ",depth,nodes,leaves,active_nodes,empty_nodes,pruned_nodes,en\n";
    for (const SweepRow& row : rows) {
        out << row.value << ',' << row.seed;
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
