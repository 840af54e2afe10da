#include "app/render/sweep_figure.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>

#include "core/error.h"
#include "core/export/number_text.h"
#include "core/run/evaluation.h"
#include "core/run/sweep_summary.h"
#include "core/run/sweep_target.h"

namespace treelab {
namespace {

struct SplitStyle {
    const char* name;
    QColor colour;
};
// matplotlib's first three colours, as in the sklearn pruning example and the Sweep tab.
const SplitStyle kSplits[] = {{"train", QColor(31, 119, 180)}, {"validation", QColor(255, 127, 14)}, {"test", QColor(44, 160, 44)}};

const std::map<std::string, MeanStd>& split_scores(const SweepPoint& point, int split) {
    return split == 0 ? point.train : split == 1 ? point.valid : point.test;
}

// Pruning grids start at 0, which a log axis cannot show: zero is drawn one decade below the
// smallest positive value, and that tick reads "0".
double zero_decade(const std::vector<double>& xs) {
    double smallest = 0.0;
    for (const double x : xs)
        if (x > 0.0 && (smallest == 0.0 || x < smallest)) smallest = x;
    return smallest > 0.0 ? std::pow(10.0, std::floor(std::log10(smallest)) - 1.0) : 1.0;
}

// The description of `param` (a stage field's is made for it), if the learner has one.
std::optional<ParamSpec> spec_named(const std::string& param, const LearnerInfo& learner) {
    try {
        return sweep_target(learner.params, param).spec;
    } catch (const ParamError&) {
        return std::nullopt;
    }
}

std::string mean_label(const std::string& metric, int seeds) {
    return seeds > 1 ? metric + " (mean ± std over " + std::to_string(seeds) + " seeds)" : metric;
}

std::string capitalised(std::string text) {
    if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
    return text;
}

// The values of the grid in order, shortened to the first two and the last when there are many.
// A grid value as a caption shows it: numbers to 4 significant digits (a pruning path's α are
// 0.00755208333333333 and the like), anything else (a range such as U(80,120)) as written.
std::string value_text(const std::string& value) {
    std::size_t used = 0;
    try {
        const double number = std::stod(value, &used);
        if (used == value.size()) return significant_text(number, 4);
    } catch (const std::exception&) {
    }
    return value;
}

std::string values_text(const std::vector<SweepPoint>& points) {
    std::string text;
    for (std::size_t k = 0; k < points.size(); ++k) {
        if (points.size() > 5 && k == 2) {
            text += ", …";
            k = points.size() - 1;
        }
        text += (text.empty() ? "" : ", ") + value_text(points[k].value);
    }
    return text;
}

}  // namespace

SweepFigureAxis sweep_axis(const std::string& param, const std::vector<SweepRow>& rows, const std::string& method) {
    SweepFigureAxis axis{param, false, false};
    for (const LearnerInfo& learner : learners()) {
        if (!method.empty() && learner.name != method) continue;
        const std::optional<ParamSpec> spec = spec_named(param, learner);
        if (!spec) continue;
        axis.label = spec->label;
        axis.log = spec->log_scale;
        axis.steps = learner.pruning_path && learner.pruning_param == param;
        break;
    }
    double low = 0.0, high = 0.0;
    for (const SweepRow& row : rows) {
        const double x = sweep_value_position(row.value);
        if (!(x > 0.0)) continue;
        low = low == 0.0 ? x : std::min(low, x);
        high = std::max(high, x);
    }
    if (low > 0.0 && high / low >= 100.0) axis.log = true;
    return axis;
}

std::string sweep_metric(const std::vector<SweepRow>& rows) {
    if (rows.empty()) return {};
    const SweepRow& row = rows.front();
    return headline_score(!row.test.empty() ? row.test : !row.valid.empty() ? row.valid : row.train);
}

PlotSheet sweep_figure(const std::vector<SweepRow>& rows, const std::string& metric, const SweepFigureAxis& axis, const std::string& caption) {
    // Points in increasing order of their grid value (a U(LOW,HIGH) stage value sits at its middle).
    std::vector<SweepPoint> points;
    std::vector<double> xs;
    for (SweepPoint& point : summarize_sweep(rows)) {
        const double x = sweep_value_position(point.value);
        if (!std::isfinite(x)) continue;
        points.push_back(std::move(point));
        xs.push_back(x);
    }
    std::vector<std::size_t> order(points.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return xs[a] < xs[b]; });
    bool found = false;
    for (const SweepPoint& point : points)
        for (int split = 0; split < 3; ++split) found = found || split_scores(point, split).count(metric) > 0;
    if (!found) {
        std::string known;
        if (!rows.empty())
            for (const Scores* scores : {&rows.front().train, &rows.front().valid, &rows.front().test})
                for (const auto& entry : *scores)
                    if (known.find(entry.first) == std::string::npos) known += (known.empty() ? "" : ", ") + entry.first;
        throw ParamError("the sweep has no metric '" + metric + "'" + (known.empty() ? "" : "; it has " + known));
    }

    const double zero_at = axis.log ? zero_decade(xs) : 0.0;
    const int seeds = points.empty() ? 0 : static_cast<int>(points.front().rows.size());
    const std::string name = score_label(metric);
    PlotGroup group;
    group.columns = 2;
    group.panel_size = QSizeF(262, 210);
    group.shared_legend = true;
    PlotPanel by_value, by_nodes;
    by_value.title = capitalised(name) + " against " + axis.label;
    by_value.x_label = axis.label;
    by_value.log_x = axis.log;
    by_value.x_zero_at = zero_at;
    by_nodes.title = capitalised(name) + " against active nodes";
    by_nodes.x_label = "active nodes (mean over seeds)";
    for (PlotPanel* panel : {&by_value, &by_nodes}) panel->y_label = mean_label(name, seeds);
    for (int split = 0; split < 3; ++split) {
        PlotSeries value, nodes;
        value.name = nodes.name = kSplits[split].name;
        value.colour = nodes.colour = kSplits[split].colour;
        value.markers = nodes.markers = true;
        value.line = axis.steps ? SeriesLine::Steps : SeriesLine::Straight;
        // Several grid values can give trees of the same size: points, not a line through them.
        nodes.line = SeriesLine::None;
        std::vector<std::size_t> by_size = order;
        std::stable_sort(by_size.begin(), by_size.end(),
                         [&](std::size_t a, std::size_t b) { return points[a].active_nodes.mean < points[b].active_nodes.mean; });
        for (const std::size_t p : order) {
            const auto score = split_scores(points[p], split).find(metric);
            if (score == split_scores(points[p], split).end()) continue;
            value.x.push_back(axis.log && xs[p] <= 0.0 ? zero_at : xs[p]);
            value.y.push_back(score->second.mean);
            value.error.push_back(score->second.std);
        }
        for (const std::size_t p : by_size) {
            const auto score = split_scores(points[p], split).find(metric);
            if (score == split_scores(points[p], split).end()) continue;
            nodes.x.push_back(points[p].active_nodes.mean);
            nodes.y.push_back(score->second.mean);
            nodes.error.push_back(score->second.std);
        }
        if (value.x.empty()) continue;  // a split without this score (no validation rows) stays out of the legend
        by_value.series.push_back(std::move(value));
        by_nodes.series.push_back(std::move(nodes));
    }
    group.panels = {std::move(by_value), std::move(by_nodes)};
    PlotSheet sheet;
    sheet.groups.push_back(std::move(group));
    sheet.caption = caption;
    return sheet;
}

std::string sweep_caption(const SweepConfig& config, const std::vector<SweepRow>& rows, const std::string& metric) {
    const LearnerInfo& learner = find_learner(config.base.method);
    const SweepFigureAxis axis = sweep_axis(config.param, rows, config.base.method);
    const std::vector<SweepPoint> points = summarize_sweep(rows);
    std::string values;
    for (const std::string& value : config.values) values += (values.empty() ? "" : ",") + value;
    if (values.empty()) values = "auto";
    return "Sweep of " + axis.label + " over " + std::to_string(points.size()) + " values (" + values_text(points) + "), " +
           std::to_string(config.seeds) + (config.seeds == 1 ? " seed (" : " seeds from ") + std::to_string(config.base.seed) +
           (config.seeds == 1 ? ")" : "") + ": " + learner.label + " on " + config.base.data_file.filename().string() + "; " +
           score_label(metric) + (config.seeds > 1 ? " as mean ± std over the seeds" : "") + ".\ntreelab-cli sweep " +
           run_options_text(config.base, "--set") + " --param " + shell_word(config.param + "=" + values) + " --seeds " +
           std::to_string(config.seeds) + " --out sweep.csv";
}

}  // namespace treelab
