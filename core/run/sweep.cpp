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

    std::vector<SweepRow> rows;
    for (int s = 0; s < config.seeds; ++s) {
        RunConfig run = config.base;
        run.seed = config.base.seed + static_cast<std::uint32_t>(s);
        const PreparedData data = prepare_data(run);
        if (on_path) {
            // Grow once at no pruning, then prune at every value (Breiman's nested subtrees).
            run.params.set(specs, config.param, "0");
            const TrainInput input{data.fit_rows(run.fit_on), data.valid.rows() > 0 ? &data.valid : nullptr,
                                   run.params, run.seed};
            const TreeModel grown = learner.train(input, progress).model;
            std::vector<std::string> values = config.values;
            if (values.empty())
                for (double alpha : distinct(learner.pruning_path->path_values(grown))) values.push_back(to_text(alpha));
            for (const std::string& value : values) {
                ParamValues parsed = run.params;
                parsed.set(specs, config.param, value);
                rows.push_back(score_row(value, run.seed, learner.pruning_path->prune(grown, parsed.real(config.param)), data));
            }
        } else {
            for (const std::string& value : config.values) {
                run.params.set(specs, config.param, value);
                rows.push_back(score_row(value, run.seed, run_training(data, run, progress).model.tree, data));
            }
        }
        if (progress && !progress(EpochReport{s + 1, config.seeds, 0, 0, 0, 0, nullptr})) break;
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
    out << ",depth,nodes,leaves,active_nodes,empty_nodes,pruned_nodes\n";
    for (const SweepRow& row : rows) {
        out << row.value << ',' << row.seed;
        for (const Scores* scores : {&row.train, &row.valid, &row.test})
            for (const std::string& name : score_names) {
                out << ',';
                if (const auto found = scores->find(name); found != scores->end()) out << to_text(found->second);
            }
        const TreeStats& t = row.tree;
        out << ',' << t.depth << ',' << t.nodes << ',' << t.leaves << ',' << t.active_nodes << ',' << t.empty_nodes << ','
            << t.pruned_nodes << '\n';
    }
    return out.str();
}

}  // namespace treelab
