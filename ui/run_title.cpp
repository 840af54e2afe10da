#include "ui/run_title.h"

#include "core/learners/learner.h"

namespace treelab {

QString run_title(int number, const RunConfig& config) {
    const LearnerInfo& learner = find_learner(config.method);
    QString title = QStringLiteral("#%1 %2").arg(number).arg(QString::fromStdString(learner.label));
    const auto defaults = ParamValues(learner.params).canonical();
    for (const auto& [name, value] : config.params.canonical()) {
        const auto found = defaults.find(name);
        if (found == defaults.end() || found->second != value)
            title += QStringLiteral(" %1=%2").arg(QString::fromStdString(name), QString::fromStdString(value));
    }
    return title + QStringLiteral(" seed %1").arg(config.seed);
}

}  // namespace treelab
