#include "ui/results/run_metrics.h"

#include <algorithm>

#include "core/learners/learner.h"
#include "core/run/evaluation.h"
#include "ui/common/value_text.h"

namespace treelab {
namespace {

QString picked_text(const RunOutcome& outcome) { return QObject::tr("start %1 (picked)").arg(outcome.picked->start + 1); }

QString method_label(const std::string& method) {
    for (const LearnerInfo& learner : learners())
        if (learner.name == method) return QString::fromStdString(learner.label);
    return QString::fromStdString(method);
}

RunMetric count_metric(const char* name, const QString& label, long long count) {
    return {name, label, double(count), countText(count)};
}

}  // namespace

QString key_params(const RunOutcome& outcome) {
    const RunCard& card = outcome.model.card;
    std::map<std::string, std::string> defaults;
    for (const LearnerInfo& learner : learners())
        if (learner.name == card.method) defaults = baseline_texts(learner.params, learner.presets, card.params);
    QStringList changed;
    for (const auto& [name, value] : card.params)
        if (const auto found = defaults.find(name); found == defaults.end() || found->second != value)
            changed << QString::fromStdString(name + "=" + value);
    if (outcome.picked) changed << picked_text(outcome);
    return changed.isEmpty() ? QObject::tr("defaults") : changed.join(' ');
}

QString params_text(const RunOutcome& outcome) {
    QStringList changed = changedParams(outcome.model.card.method, outcome.model.card.params);
    if (outcome.picked) changed << picked_text(outcome);
    return changed.isEmpty() ? QObject::tr("defaults") : changed.join(QStringLiteral(", "));
}

std::vector<RunMetric> run_metrics(const RunOutcome& outcome) {
    const TreeStats stats = outcome.model.tree.stats();
    const std::string& method = outcome.model.card.method;
    std::vector<RunMetric> metrics = {
        {"method", QObject::tr("Method"), QString::fromStdString(method), method_label(method)},
        {"params", QObject::tr("Parameters"), key_params(outcome), params_text(outcome)},
        count_metric("seed", QObject::tr("Seed"), outcome.model.card.seed),
        {"train_seconds", QObject::tr("Train time"), outcome.train_seconds, durationText(outcome.train_seconds)},
        count_metric("epochs", QObject::tr("Epochs"), static_cast<long long>(outcome.history.size())),
        count_metric("depth", QObject::tr("Depth"), stats.depth),
        count_metric("leaves", QObject::tr("Leaves"), stats.leaves),
    };
    for (const auto& [split, label, scores] :
         {std::tuple{"train_", QObject::tr("Train"), &outcome.train_scores}, std::tuple{"valid_", QObject::tr("Validation"), &outcome.valid_scores},
          std::tuple{"test_", QObject::tr("Test"), &outcome.test_scores}})
        for (const auto& [name, value] : *scores)
            metrics.push_back({QString::fromStdString(split + name), label + ' ' + QString::fromStdString(score_label(name)), value,
                               QString::number(value, 'f', 4)});
    return metrics;
}

std::vector<QString> metric_names(const std::vector<std::vector<RunMetric>>& runs) {
    std::vector<QString> names;
    for (const auto& run : runs)
        for (const RunMetric& metric : run)
            if (std::find(names.begin(), names.end(), metric.name) == names.end()) names.push_back(metric.name);
    return names;
}

const RunMetric* find_metric(const std::vector<RunMetric>& metrics, const QString& name) {
    const auto found = std::find_if(metrics.begin(), metrics.end(), [&](const RunMetric& m) { return m.name == name; });
    return found == metrics.end() ? nullptr : &*found;
}

QVariant metric_value(const std::vector<RunMetric>& metrics, const QString& name) {
    const RunMetric* metric = find_metric(metrics, name);
    return metric ? metric->value : QVariant();
}

}  // namespace treelab
