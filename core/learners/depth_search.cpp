// depth_search.h.
#include "core/learners/depth_search.h"

#include <algorithm>
#include <atomic>
#include <limits>
#include <mutex>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include "core/data/splits.h"
#include "core/metrics/classification_metrics.h"
#include "core/metrics/regression_metrics.h"

namespace treelab {
namespace {

double held_out_score(const TreeModel& model, const Dataset& rows) {
    const Eigen::VectorXd predicted = model.predict(rows.X);
    return rows.task == Task::Regression ? regression_report(rows.y, predicted).r2 : accuracy(rows.y, predicted);
}

}  // namespace

DepthChoice choose_depth(const TrainInput& input, const DepthFit& fit, const DepthSearch& search_settings, const Progress& progress) {
    Dataset fit_rows, held_out;
    const bool has_validation = input.valid && input.valid->rows() > 0;
    if (!has_validation) {  // 004 App. F.1: training and validation rows 2:1
        const Eigen::VectorXd labels =
            input.train.task == Task::Classification ? input.train.y : Eigen::VectorXd::Zero(input.train.rows());  // one stratum
        const Split split = make_split(labels, SplitFractions{2.0 / 3.0, 1.0 / 3.0, 0.0}, SplitMode::Stratified, input.seed);
        fit_rows = input.train.subset(split.train);
        held_out = input.train.subset(split.valid);
    }
    const TrainInput search{has_validation ? input.train : fit_rows, has_validation ? input.valid : &held_out, input.params, input.seed};
    const Dataset& scored = *search.valid;

    DepthChoice choice;
    choice.depth = search_settings.depths.empty() ? 0 : search_settings.depths.front();
    std::string phase;  // what the heartbeats say the search is doing
    if (scored.rows() < kLeastHeldOutRows || search.train.rows() < kLeastHeldOutRows) return choice;  // nothing to compare on
    // Depths are fitted in waves of as many as the pool runs at once, each on its own, and scored in
    // depth order with the sequential rule, so the choice is the same for any thread count; the fits
    // of a wave past the depth where patience ends the search are the extra work (at most the pool's
    // size less one). The fits' heartbeats are serialised; the phase names the wave's depths.
    std::mutex report_mutex;
    std::atomic<bool> stopped{false};
    const Progress heartbeats = [&](const EpochReport& report) {
        const std::lock_guard<std::mutex> lock(report_mutex);
        if (stopped.load()) return false;
        if (!progress) return true;
        EpochReport heartbeat = report;
        heartbeat.heartbeat = true;
        heartbeat.snapshot = nullptr;
        heartbeat.phase = phase;
        if (!progress(heartbeat)) stopped.store(true);
        return !stopped.load();
    };
    const std::size_t wave_size = std::max<std::size_t>(
        1, std::min<std::size_t>(static_cast<std::size_t>(tbb::this_task_arena::max_concurrency()),
                                 tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism)));
    const std::vector<int>& depths = search_settings.depths;
    double best = -std::numeric_limits<double>::infinity();
    int misses = 0;
    for (std::size_t first = 0; first < depths.size() && misses < search_settings.patience && !stopped.load();) {
        const std::size_t count = std::min(wave_size, depths.size() - first);
        std::string named;
        for (std::size_t k = 0; k < count; ++k) named += (k ? ", " : " ") + std::to_string(depths[first + k]);
        phase = "choosing the " + search_settings.name + (has_validation ? " on the validation rows" : " on a third of the training rows") +
                ": " + search_settings.name + (count > 1 ? "s" : "") + named + " (trying " + std::to_string(depths.front()) +
                " to " + std::to_string(depths.back()) + ')';
        std::vector<TrainResult> results(count);
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, count, 1),
            [&](const tbb::blocked_range<std::size_t>& range) {
                for (std::size_t k = range.begin(); k != range.end(); ++k) results[k] = fit(depths[first + k], search, heartbeats);
            },
            tbb::simple_partitioner());
        if (stopped.load()) {  // a stopped fit is not a fair score
            choice.cancelled = true;
            if (best == -std::numeric_limits<double>::infinity()) choice.best_so_far = std::move(results.front());
            break;
        }
        for (std::size_t k = 0; k < count && misses < search_settings.patience; ++k) {
            const double score = held_out_score(results[k].model, scored);
            if (score > best) {
                best = score;
                choice.depth = depths[first + k];
                choice.best_so_far = std::move(results[k]);
                choice.reusable = has_validation;
                misses = 0;
            } else {
                ++misses;
            }
        }
        first += count;
    }
    choice.best_so_far.stopped_early = choice.cancelled;
    return choice;
}

}  // namespace treelab
