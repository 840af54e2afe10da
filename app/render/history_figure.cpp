#include "app/render/history_figure.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "app/render/model_figures.h"
#include "core/run/evaluation.h"

namespace treelab {
namespace {

// matplotlib's first three colours, familiar from papers (the live plots use the same).
const QColor kTrain(31, 119, 180), kHeldOut(255, 127, 14), kSchedule(44, 160, 44);
// Beyond this many small plots they are too small to read; the heading says how many are left out.
constexpr int kMostStarts = 20, kStartColumns = 5;

std::string capitalised(std::string text) {
    if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
    return text;
}

bool any_finite(const std::vector<double>& values) {
    return std::any_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
}

PlotSeries line(const std::string& name, const QColor& colour, const std::vector<double>& x, const std::vector<double>& y) {
    PlotSeries series;
    series.name = name;
    series.colour = colour;
    series.x = x;
    series.y = y;
    return series;
}

int start_count(const std::vector<HistoryPoint>& history) {
    int starts = 0;
    for (const HistoryPoint& point : history) starts = std::max(starts, point.start + 1);
    return starts;
}

bool by_queries(const std::vector<HistoryPoint>& history) { return !history.empty() && history.front().loss_queries >= 0; }

std::string metric_of(const std::vector<HistoryPoint>& history) {
    for (const HistoryPoint& point : history)
        if (!point.metric.empty()) return point.metric;
    return {};
}

// Per start, one small plot of the training and validation metric (the loss without one) per epoch.
PlotGroup start_multiples(const std::vector<HistoryPoint>& history, int picked_start) {
    const int starts = start_count(history);
    const int shown = std::min(starts, kMostStarts);
    const std::string metric = metric_of(history);
    const std::string measure = metric.empty() ? "loss" : score_label(metric);
    PlotGroup group;
    group.heading = "Starts: training and validation " + measure + " per epoch" +
                    (starts > shown ? " (the first " + std::to_string(shown) + " of " + std::to_string(starts) + ")" : "");
    group.columns = kStartColumns;
    group.panel_size = QSizeF(104, 92);
    group.shared_legend = true;
    group.shared_axes = true;
    std::vector<double> best(static_cast<std::size_t>(shown), -std::numeric_limits<double>::infinity());
    for (int k = 0; k < shown; ++k) {
        std::vector<double> epochs, train, valid;
        for (const HistoryPoint& point : history) {
            if (point.start != k) continue;
            epochs.push_back(point.epoch);
            train.push_back(metric.empty() ? point.train_loss : point.train_metric);
            valid.push_back(metric.empty() ? point.valid_loss : point.valid_metric);
            // The best training metric titles the start, as in the live small plots (the lowest loss without one).
            const double score = metric.empty() ? -point.train_loss : point.train_metric;
            if (std::isfinite(score)) best[static_cast<std::size_t>(k)] = std::max(best[static_cast<std::size_t>(k)], score);
        }
        PlotPanel panel;
        panel.series.push_back(line("train", kTrain, epochs, train));
        if (any_finite(valid)) panel.series.push_back(line("validation", kHeldOut, epochs, valid));
        const double shown_best = metric.empty() ? -best[static_cast<std::size_t>(k)] : best[static_cast<std::size_t>(k)];
        char value[32];
        std::snprintf(value, sizeof value, "%.3g", shown_best);
        panel.title = "start " + std::to_string(k + 1) + (k == picked_start ? " (picked)" : "") +
                      (std::isfinite(best[static_cast<std::size_t>(k)]) ? std::string(" · ") + value : "");
        group.panels.push_back(std::move(panel));
    }
    const auto highest = std::max_element(best.begin(), best.end());
    if (highest != best.end() && std::isfinite(*highest))
        for (int k = 0; k < shown; ++k) group.panels[static_cast<std::size_t>(k)].bold_title = best[static_cast<std::size_t>(k)] == *highest;
    return group;
}

}  // namespace

std::string history_summary(const std::vector<HistoryPoint>& history) {
    const int starts = start_count(history);
    std::string text = by_queries(history)
                           ? std::to_string(history.size()) + " evaluations over " +
                                 std::to_string(history.empty() ? 0 : history.back().loss_queries) + " loss queries"
                           : std::to_string(history.size()) + " epochs";
    if (starts > 1) text += " over " + std::to_string(starts) + " starts (dashed lines: where each start begins; each start below)";
    return text;
}

PlotSheet history_figure(const std::vector<HistoryPoint>& history, const std::string& caption, int picked_start) {
    PlotSheet sheet;
    sheet.caption = caption;
    if (history.empty()) return sheet;
    const bool queries = by_queries(history);
    const std::string x_label = queries ? "loss queries" : "epoch";
    // Restarts count their epochs (and queries) from the start again; the curves continue along one axis.
    std::vector<double> x, train_loss, valid_loss, schedule, train_metric, valid_metric, nodes;
    std::vector<double> boundaries;
    double offset = 0.0, last = 0.0;
    int start = history.front().start;
    for (const HistoryPoint& point : history) {
        if (point.start != start) {
            offset += last;
            start = point.start;
            boundaries.push_back(offset + 0.5);
            // A NaN breaks every line where a new start begins from new parameters.
            for (auto* values : {&train_loss, &valid_loss, &schedule, &train_metric, &valid_metric, &nodes})
                values->push_back(std::numeric_limits<double>::quiet_NaN());
            x.push_back(offset + 0.5);
        }
        last = queries ? static_cast<double>(point.loss_queries) : point.epoch;
        x.push_back(offset + last);
        train_loss.push_back(point.train_loss);
        valid_loss.push_back(point.valid_loss);
        schedule.push_back(point.schedule_value);
        train_metric.push_back(point.train_metric);
        valid_metric.push_back(point.valid_metric);
        nodes.push_back(point.active_nodes >= 0 ? point.active_nodes : std::numeric_limits<double>::quiet_NaN());
    }

    PlotGroup curves;
    curves.columns = 2;
    curves.panel_size = QSizeF(262, 196);
    PlotPanel loss;
    loss.title = "Loss";
    loss.x_label = x_label;
    loss.y_label = "loss";
    loss.boundaries = boundaries;
    loss.series.push_back(line("train", kTrain, x, train_loss));
    if (any_finite(valid_loss)) loss.series.push_back(line("validation", kHeldOut, x, valid_loss));
    if (any_finite(schedule)) {
        const std::string name = history.front().schedule_name.empty() ? "schedule" : history.front().schedule_name;
        PlotSeries value = line(name + " (right axis)", kSchedule, x, schedule);
        value.right_axis = true;
        loss.right_label = name;
        loss.series.push_back(std::move(value));
    }
    curves.panels.push_back(std::move(loss));
    const std::string metric = metric_of(history);
    if (!metric.empty() && (any_finite(train_metric) || any_finite(valid_metric))) {
        PlotPanel panel;
        panel.title = capitalised(score_label(metric));
        panel.x_label = x_label;
        panel.y_label = score_label(metric);
        panel.boundaries = boundaries;
        if (any_finite(train_metric)) panel.series.push_back(line("train", kTrain, x, train_metric));
        if (any_finite(valid_metric)) panel.series.push_back(line("validation", kHeldOut, x, valid_metric));
        curves.panels.push_back(std::move(panel));
    }
    if (any_finite(nodes)) {
        PlotPanel panel;
        panel.title = "Active nodes";
        panel.x_label = x_label;
        panel.y_label = "nodes still active";
        panel.whole_y = true;
        panel.boundaries = boundaries;
        panel.series.push_back(line("active nodes", kTrain, x, nodes));
        curves.panels.push_back(std::move(panel));
    }
    sheet.groups.push_back(std::move(curves));
    if (start_count(history) > 1) sheet.groups.push_back(start_multiples(history, picked_start));
    return sheet;
}

PlotSheet pruning_path_figure(const std::vector<PruningPathPoint>& path, const std::string& caption) {
    PlotSheet sheet;
    sheet.caption = caption;
    if (path.empty()) return sheet;
    const std::string metric = headline_score(path.front().test.empty() ? path.front().train : path.front().test);
    std::vector<double> alpha, impurity, train, test, leaves;
    for (const PruningPathPoint& point : path) {
        alpha.push_back(point.alpha);
        impurity.push_back(point.impurity);
        const auto score = [&](const Scores& scores) {
            const auto found = scores.find(metric);
            return found == scores.end() ? std::numeric_limits<double>::quiet_NaN() : found->second;
        };
        train.push_back(score(point.train));
        test.push_back(score(point.test));
        leaves.push_back(point.leaves);
    }
    const auto steps = [&](const std::string& name, const QColor& colour, const std::vector<double>& y) {
        PlotSeries series = line(name, colour, alpha, y);
        series.line = SeriesLine::Steps;
        series.markers = true;
        return series;
    };
    PlotGroup group;
    group.columns = 2;
    group.panel_size = QSizeF(262, 196);
    PlotPanel cost;
    cost.title = "Cost-complexity path";
    cost.x_label = "effective α";
    cost.y_label = "total leaf impurity";
    cost.series.push_back(steps("total leaf impurity", kTrain, impurity));
    group.panels.push_back(std::move(cost));
    if (!metric.empty()) {
        PlotPanel scores;
        scores.title = capitalised(score_label(metric)) + " along the path";
        scores.x_label = "effective α";
        scores.y_label = score_label(metric);
        if (any_finite(train)) scores.series.push_back(steps("train", kTrain, train));
        if (any_finite(test)) scores.series.push_back(steps("test", kSchedule, test));
        group.panels.push_back(std::move(scores));
    }
    PlotPanel size;
    size.title = "Leaves along the path";
    size.x_label = "effective α";
    size.y_label = "leaves";
    size.whole_y = true;
    size.series.push_back(steps("leaves", kTrain, leaves));
    group.panels.push_back(std::move(size));
    sheet.groups.push_back(std::move(group));
    return sheet;
}

PlotSheet training_figure(const RunOutcome& outcome, const std::string& run_name) {
    const std::string& method = outcome.model.card.method;
    const LearnerInfo* learner = nullptr;
    for (const LearnerInfo& info : learners())
        if (info.name == method) learner = &info;
    const std::string label = learner ? learner->label : method.empty() ? "the model" : method;
    const std::string card = run_card_line(run_name, outcome.model.card);
    if (learner && learner->pruning_path && outcome.data) {
        // Outcomes made elsewhere (a model opened from a file and evaluated) have it computed here.
        const std::vector<PruningPathPoint> path = outcome.pruning_curve.empty()
                                                       ? pruning_path_curve(*learner->pruning_path, outcome.model.tree, *outcome.data)
                                                       : outcome.pruning_curve;
        return pruning_path_figure(path, "Cost-complexity path of " + run_name + " (" + label + "): " + std::to_string(path.size()) +
                                             " subtrees from the grown tree to its root; train and test " +
                                             score_label(headline_score(path.empty() ? Scores{} : path.front().test)) +
                                             " of each.\n" + card);
    }
    const std::vector<HistoryPoint> history = history_points(outcome.history);
    const std::string picked = outcome.picked ? "; the model is start " + std::to_string(outcome.picked->start + 1) + "'s tree (picked)" : "";
    return history_figure(history, "Training curves of " + run_name + " (" + label + "): " + history_summary(history) + picked + ".\n" + card,
                          outcome.picked ? outcome.picked->start : -1);
}

}  // namespace treelab
