#include "core/compare/comparison.h"

#include <chrono>
#include <memory>
#include <optional>

#include "core/data/csv_reader.h"
#include "core/data/target_encoding.h"
#include "core/error.h"
#include "core/forest/random_forest.h"
#include "core/io/sha256.h"
#include "core/metrics/classification_metrics.h"
#include "core/run/memory_budget.h"
#include "core/run/parallel_cells.h"

namespace treelab {
namespace {

// One data set read once for every cell: its table, target and folds.
struct LoadedDataSet {
    std::shared_ptr<const Table> table;
    std::string sha256;
    ComparedDataSet info;
    Folds folds;
};

LoadedDataSet load_data_set(const RunConfig& config) {
    CsvOptions options;
    options.delimiter = config.delimiter;
    options.decimal = config.decimal;
    options.encoding = config.encoding;
    LoadedDataSet loaded;
    loaded.table = std::make_shared<const Table>(read_csv(config.data_file, options));
    loaded.sha256 = sha256_of_file(config.data_file);
    const TargetEncoding target = fit_target(*loaded.table, loaded.table->column_index(config.target), config.task);
    loaded.info.name = config.data_file.stem().string();
    loaded.info.task = target.task;
    loaded.info.class_names = target.class_names;
    loaded.info.targets = encode_target(*loaded.table, target);
    return loaded;
}

bool is_forest(const std::string& method) { return method == forest_method; }

bool uses_validation(const Contender& contender) {
    return !is_forest(contender.method) && find_learner(contender.method).uses_validation;
}

// The run a cell (or a refit) makes: the data set's preparation, the contender's method and
// parameters, the comparison's seed for the learner.
RunConfig cell_run(const RunConfig& data_set, const Contender& contender, std::uint32_t seed) {
    RunConfig run = data_set;
    // The forest prepares its data as CART does (no scaling: trees are scale-free).
    run.method = is_forest(contender.method) ? std::string("cart") : contender.method;
    run.params = is_forest(contender.method) ? method_params("cart", {}) : contender.params;
    run.seed = seed;
    run.split_seed.reset();
    run.learner_seed.reset();
    return run;
}

// The forest reference (Breiman 2001) on one fold: scored from its predictions as evaluate()
// scores a tree.
void run_forest_cell(const PreparedData& data, const ParamValues& params, std::uint32_t seed, const Progress& progress,
                     ComparisonCell& cell, bool& stopped) {
    const auto start = std::chrono::steady_clock::now();
    const RandomForest forest = train_random_forest(data.fit_rows(FitOn::Train), params, seed, progress);
    cell.fit_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (forest.stopped) {
        stopped = true;
        return;
    }
    cell.predictions = predict(forest, data.test.X);
    if (data.test.task == Task::Classification) {
        cell.probabilities = predict_proba(forest, data.test.X);
        cell.test = classification_scores(data.test.y, cell.predictions, cell.probabilities, log_loss(data.test.y, cell.probabilities));
    } else {
        cell.test = regression_scores(data.test.y, cell.predictions);
    }
}

ComparisonCell run_cell(const LoadedDataSet& data_set, const RunConfig& preparation, const Contender& contender, const Fold& fold,
                        std::uint32_t seed, const Progress& progress, bool& stopped) {
    ComparisonCell cell;
    cell.repeat = fold.repeat;
    cell.fold = fold.fold;
    cell.train_rows = static_cast<Eigen::Index>(fold.train.size());
    cell.test_rows = fold.test;
    try {
        const RunConfig run = cell_run(preparation, contender, seed);
        const Split split = fold_split(fold, data_set.info.targets, data_set.info.task, uses_validation(contender), seed);
        const PreparedData data = prepare_data(*data_set.table, data_set.sha256, run, split);
        if (is_forest(contender.method)) {
            run_forest_cell(data, contender.params, seed, progress, cell, stopped);
            return cell;
        }
        RunOutcome outcome = run_training(data, run, progress);
        if (outcome.stopped_early) {
            stopped = true;
            return cell;
        }
        cell.test = outcome.test_scores;
        cell.fit_seconds = outcome.train_seconds;
        cell.tree = outcome.model.tree.stats();
        cell.predictions = outcome.test_predictions;
        const auto& predictor = outcome.model.tree.routing_predictor;
        if (data_set.info.task == Task::Classification && (!predictor || predictor->predicts_target()))
            cell.probabilities = outcome.model.tree.predict_proba(data.test.X);
    } catch (const std::exception& error) {
        cell.error = error.what();
        cell.test.clear();
    }
    return cell;
}

void check_config(const ComparisonConfig& config) {
    if (config.data_sets.empty()) throw ParamError("a comparison needs at least one data set");
    if (config.contenders.empty()) throw ParamError("a comparison needs at least one method");
    if (config.jobs < 0) throw ParamError("--jobs must be at least 1 (or 0 for one per core)");
    if (config.shards < 1 || config.shard < 0 || config.shard >= config.shards)
        throw ParamError("--shard K/N needs 0 <= K < N, not " + std::to_string(config.shard) + "/" + std::to_string(config.shards));
    if (config.reference >= config.contenders.size())
        throw ParamError("the reference method " + std::to_string(config.reference + 1) + " is not among the " +
                         std::to_string(config.contenders.size()) + " methods compared");
    for (const Contender& contender : config.contenders)
        if (!is_forest(contender.method)) {
            try {
                find_learner(contender.method);
            } catch (const ParamError& error) {
                throw ParamError(std::string(error.what()) + "; or forest, the random forest reference");
            }
        }
}

}  // namespace

std::string contender_label(const Contender& contender) {
    if (!contender.label.empty()) return contender.label;
    if (is_forest(contender.method)) return "Random forest";
    return find_learner(contender.method).label;
}

Contender make_contender(const std::string& method, const std::vector<std::string>& assignments) {
    if (!is_forest(method)) return Contender{method, method_params(method, assignments), {}};
    ParamValues params(forest_params());
    for (const std::string& assignment : assignments) params.set_assignment(forest_params(), assignment);
    return Contender{method, std::move(params), {}};
}

ComparisonResult run_comparison(const ComparisonConfig& config, const ComparisonProgress& progress) {
    check_config(config);
    ComparisonResult result;
    result.config = config;
    for (const Contender& contender : config.contenders) result.contender_labels.push_back(contender_label(contender));
    std::vector<LoadedDataSet> data_sets;
    for (const RunConfig& data_set : config.data_sets) {
        data_sets.push_back(load_data_set(data_set));
        LoadedDataSet& loaded = data_sets.back();
        try {
            loaded.folds = make_folds(loaded.info.targets, loaded.info.task, config.resampling, config.seed);
        } catch (const ParamError& error) {
            throw ParamError(loaded.info.name + ": " + error.what());
        }
        loaded.info.fold_warning = loaded.folds.warning;
        result.data_set_names.push_back(data_sets.back().info.name);
        result.data_sets.push_back(data_sets.back().info);
    }

    // Cells in order: data set, repeat, fold, contender.
    struct CellPlace {
        std::size_t data_set, fold, contender;
    };
    std::vector<CellPlace> places;
    for (std::size_t d = 0; d < data_sets.size(); ++d)
        for (std::size_t f = 0; f < data_sets[d].folds.folds.size(); ++f)
            for (std::size_t c = 0; c < config.contenders.size(); ++c) places.push_back({d, f, c});
    const auto shards = static_cast<std::size_t>(config.shards), shard = static_cast<std::size_t>(config.shard);
    const auto total = static_cast<int>((places.size() + shards - 1 - shard) / shards);

    // As many cells at once as the largest fit that the machine holds alone allows (one that does
    // not fit alone is refused in its cell). The shape counts the table's columns as features,
    // before encoding.
    double largest_cell = 0.0;
    for (const LoadedDataSet& data_set : data_sets) {
        const auto rows = static_cast<Eigen::Index>(data_set.info.targets.size());
        const DataShape shape{rows, 0, static_cast<Eigen::Index>(data_set.table->columns.size()),
                              std::max<Eigen::Index>(1, static_cast<Eigen::Index>(data_set.info.class_names.size()))};
        for (const Contender& contender : config.contenders) {
            if (is_forest(contender.method)) continue;
            const double bytes = memory_estimate(find_learner(contender.method), shape, contender.params).bytes;
            const std::optional<MachineMemory> machine = machine_memory();
            if (!machine || bytes <= machine->bytes) largest_cell = std::max(largest_cell, bytes);
        }
    }
    const int jobs = jobs_within_memory(MemoryEstimate{largest_cell, "", ""}, config.jobs);

    CellCounter counter(progress, total);
    Progress training_progress;
    if (progress) training_progress = [&](const EpochReport&) { return counter.keep_going(); };
    std::vector<std::optional<ComparisonCell>> slots(places.size());
    for_each_cell(jobs, places.size(), counter, [&](std::size_t i) {
        if (i % shards != shard) return;
        const CellPlace& place = places[i];
        bool stopped = false;
        ComparisonCell cell = run_cell(data_sets[place.data_set], config.data_sets[place.data_set], config.contenders[place.contender],
                                       data_sets[place.data_set].folds.folds[place.fold], config.seed, training_progress, stopped);
        if (stopped) return counter.stop();
        cell.index = i;
        cell.data_set = place.data_set;
        cell.contender = place.contender;
        slots[i] = std::move(cell);
        counter.cell_done();
        counter.keep_going();
    });
    for (std::optional<ComparisonCell>& slot : slots)
        if (slot) result.cells.push_back(std::move(*slot));
    result.stopped = counter.stopped();
    return result;
}

RefitData prepare_refit(const ComparisonConfig& config, std::size_t data_set, std::size_t contender) {
    if (data_set >= config.data_sets.size() || contender >= config.contenders.size())
        throw ParamError("refit: no data set " + std::to_string(data_set + 1) + " or method " + std::to_string(contender + 1));
    const Contender& chosen = config.contenders[contender];
    if (is_forest(chosen.method)) throw ParamError("the random forest is a reference score, not a tree to show");
    const LoadedDataSet loaded = load_data_set(config.data_sets[data_set]);
    Fold all;
    for (Eigen::Index row = 0; row < loaded.info.targets.size(); ++row) all.train.push_back(row);
    RefitData refit;
    refit.run = cell_run(config.data_sets[data_set], chosen, config.seed);
    const Split split = fold_split(all, loaded.info.targets, loaded.info.task, uses_validation(chosen), config.seed);
    refit.data = std::make_shared<const PreparedData>(prepare_data(*loaded.table, loaded.sha256, refit.run, split));
    return refit;
}

RunOutcome refit(const ComparisonConfig& config, std::size_t data_set, std::size_t contender, const Progress& progress) {
    RefitData prepared = prepare_refit(config, data_set, contender);
    RunOutcome outcome = run_training(*prepared.data, prepared.run, progress);
    outcome.data = std::move(prepared.data);
    return outcome;
}

}  // namespace treelab
