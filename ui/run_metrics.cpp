#include "ui/run_metrics.h"

#include <algorithm>

#include "core/learners/learner.h"

namespace treelab {

QString key_params(const RunOutcome& outcome) {
    const RunCard& card = outcome.model.card;
    std::map<std::string, std::string> defaults;
    for (const LearnerInfo& learner : learners())
        if (learner.name == card.method) defaults = ParamValues(learner.params).canonical();
    QStringList changed;
    for (const auto& [name, value] : card.params)
        if (const auto found = defaults.find(name); found == defaults.end() || found->second != value)
            changed << QString::fromStdString(name + "=" + value);
    if (outcome.picked) changed << QObject::tr("start %1 (picked)").arg(outcome.picked->start + 1);
    return changed.isEmpty() ? QObject::tr("defaults") : changed.join(' ');
}

std::vector<RunMetric> run_metrics(const RunOutcome& outcome) {
    const TreeStats stats = outcome.model.tree.stats();
    std::vector<RunMetric> metrics = {
        {"method", QString::fromStdString(outcome.model.card.method)},
        {"params", key_params(outcome)},
        {"seed", double(outcome.model.card.seed)},
        {"train_seconds", outcome.train_seconds},
        {"epochs", double(outcome.history.size())},
        {"depth", double(stats.depth)},
        {"leaves", double(stats.leaves)},
    };
    for (const auto& [split, scores] : {std::pair{"train_", &outcome.train_scores}, std::pair{"valid_", &outcome.valid_scores},
                                        std::pair{"test_", &outcome.test_scores}})
        for (const auto& [name, value] : *scores) metrics.push_back({QString::fromStdString(split + name), value});
    return metrics;
}

std::vector<QString> metric_names(const std::vector<std::vector<RunMetric>>& runs) {
    std::vector<QString> names;
    for (const auto& run : runs)
        for (const RunMetric& metric : run)
            if (std::find(names.begin(), names.end(), metric.name) == names.end()) names.push_back(metric.name);
    return names;
}

QVariant metric_value(const std::vector<RunMetric>& metrics, const QString& name) {
    const auto found = std::find_if(metrics.begin(), metrics.end(), [&](const RunMetric& m) { return m.name == name; });
    return found == metrics.end() ? QVariant() : found->value;
}

}  // namespace treelab
