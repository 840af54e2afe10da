#include "ui/results/run_title.h"

#include "core/learners/learner.h"
#include "ui/common/value_text.h"

namespace treelab {

QString run_title(int number, const RunConfig& config) {
    const LearnerInfo& learner = find_learner(config.method);
    QString title = QStringLiteral("#%1 %2").arg(number).arg(QString::fromStdString(learner.label));
    const QStringList changed = changedParams(config.method, config.params.canonical());
    if (!changed.isEmpty()) title += QStringLiteral(" (%1)").arg(changed.join(QStringLiteral(", ")));
    return title + QStringLiteral(" seed %1").arg(config.seed);
}

}  // namespace treelab
