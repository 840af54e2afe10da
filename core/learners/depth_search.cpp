// depth_search.h.
#include "core/learners/depth_search.h"

#include <limits>
#include <string>

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
    const Progress heartbeats = [&](const EpochReport& report) {
        if (!progress) return true;
        EpochReport heartbeat = report;
        heartbeat.heartbeat = true;
        heartbeat.snapshot = nullptr;
        heartbeat.phase = phase;
        choice.cancelled = choice.cancelled || !progress(heartbeat);
        return !choice.cancelled;
    };
    double best = -std::numeric_limits<double>::infinity();
    int misses = 0;
    for (const int depth : search_settings.depths) {
        if (misses >= search_settings.patience || choice.cancelled) break;
        phase = "choosing the " + search_settings.name + (has_validation ? " on the validation rows" : " on a third of the training rows") +
                ": " + search_settings.name + ' ' + std::to_string(depth) + " (trying " + std::to_string(search_settings.depths.front()) +
                " to " + std::to_string(search_settings.depths.back()) + ')';
        TrainResult result = fit(depth, search, heartbeats);
        if (choice.cancelled) {  // a stopped fit is not a fair score
            if (best == -std::numeric_limits<double>::infinity()) choice.best_so_far = std::move(result);
            break;
        }
        const double score = held_out_score(result.model, scored);
        if (score > best) {
            best = score;
            choice.depth = depth;
            choice.best_so_far = std::move(result);
            choice.reusable = has_validation;
            misses = 0;
        } else {
            ++misses;
        }
    }
    choice.best_so_far.stopped_early = choice.cancelled;
    return choice;
}

}  // namespace treelab
