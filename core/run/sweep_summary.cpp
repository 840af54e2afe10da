#include "core/run/sweep_summary.h"

#include <cmath>

namespace treelab {
namespace {

std::map<std::string, MeanStd> summarize_scores(const std::vector<const Scores*>& per_row) {
    std::map<std::string, std::vector<double>> columns;
    for (const Scores* scores : per_row)
        for (const auto& [name, value] : *scores) columns[name].push_back(value);
    std::map<std::string, MeanStd> summary;
    for (const auto& [name, values] : columns) summary[name] = mean_std(values);
    return summary;
}

}  // namespace

MeanStd mean_std(std::span<const double> values) {
    if (values.empty()) return {};
    double sum = 0.0;
    for (const double value : values) sum += value;
    const double mean = sum / static_cast<double>(values.size());
    double squares = 0.0;
    for (const double value : values) squares += (value - mean) * (value - mean);
    return {mean, std::sqrt(squares / static_cast<double>(values.size())), static_cast<int>(values.size())};
}

std::vector<SweepPoint> summarize_sweep(const std::vector<SweepRow>& rows) {
    std::vector<SweepPoint> points;
    std::map<std::string, std::size_t> index;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto [found, added] = index.try_emplace(rows[r].value, points.size());
        if (added) {
            points.emplace_back();
            points.back().value = rows[r].value;
        }
        points[found->second].rows.push_back(r);
    }
    for (SweepPoint& point : points) {
        std::vector<const Scores*> train, valid, test;
        std::vector<double> active;
        for (const std::size_t r : point.rows) {
            train.push_back(&rows[r].train);
            valid.push_back(&rows[r].valid);
            test.push_back(&rows[r].test);
            active.push_back(rows[r].tree.active_nodes);
        }
        point.train = summarize_scores(train);
        point.valid = summarize_scores(valid);
        point.test = summarize_scores(test);
        point.active_nodes = mean_std(active);
    }
    return points;
}

}  // namespace treelab
