#include "app/session/run_analysis_session.h"

#include <exception>
#include <utility>

#include "core/error.h"
#include "core/importance/impurity_importance.h"

namespace treelab {

RunScoresDetail run_scores_detail(std::shared_ptr<const RunOutcome> run) {
    RunScoresDetail detail;
    const Dataset& test = run->data->test;
    if (run->model.target.task == Task::Classification) {
        const int classes = run->model.tree.classes();
        detail.classes = classification_report(test.y, run->test_predictions, classes);
        if (run->test_probabilities.rows() == test.rows())
            detail.curves = ranking_curves(test.y, run->test_probabilities, classes);
        else if (run->test_predictions.size() == test.rows())  // an older run's, dropped to bound memory (ResultsPanel)
            detail.curves = ranking_curves(test.y, run->model.tree.predict_proba(test.X), classes);
    } else {
        detail.regression = regression_report(test.y, run->test_predictions);
    }
    detail.run = std::move(run);
    return detail;
}

std::optional<RunImportance> run_importance(std::shared_ptr<const RunOutcome> run, const std::function<bool(int, int)>& go_on) {
    RunImportance importance;
    const TreeModel& tree = run->model.tree;
    const FeaturePipeline& pipeline = run->model.pipeline;
    importance.features = tree.feature_names;
    try {
        importance.impurity = impurity_importance(tree);  // axis-aligned trees with node impurities (CART's)
    } catch (const Error&) {
        importance.impurity.resize(0);  // an oblique or soft tree has no impurity decrease to sum
    }
    importance.repeats = kPermutationRepeats;
    importance.seed = run->model.card.seed;
    const PreparedData& data = *run->data;
    const TablePredictor predict = [&tree, &pipeline](const Table& table) { return tree.predict(pipeline.transform(table)); };
    const int total = static_cast<int>(pipeline.inputs.size());
    PermutationImportance& all = importance.permutation;
    all.mean.resize(total);
    all.std.resize(total);
    all.drops.resize(total, kPermutationRepeats);
    // One column at a time: each column's draws start afresh from the seed (permutation_importance.h),
    // so the result is the all-columns call's, and a stop waits for one column only.
    for (int c = 0; c < total; ++c) {
        if (go_on && !go_on(c, total)) return std::nullopt;
        const std::string& column = pipeline.inputs[static_cast<std::size_t>(c)].name;
        const PermutationImportance one =
            permutation_importance(predict, data.table, data.split.test, {column}, data.test.y, tree.task, kPermutationRepeats, importance.seed);
        all.columns.push_back(column);
        all.mean(c) = one.mean(0);
        all.std(c) = one.std(0);
        all.drops.row(c) = one.drops.row(0);
        all.score = one.score;
        all.baseline = one.baseline;
    }
    if (go_on) go_on(total, total);
    importance.run = std::move(run);
    return importance;
}

RunAnalysisSession::RunAnalysisSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const treelab::RunScoresDetail>>();
    qRegisterMetaType<std::shared_ptr<const treelab::RunImportance>>();
}

RunAnalysisSession::~RunAnalysisSession() = default;

bool RunAnalysisSession::isRunning() const { return worker_.isRunning(); }

void RunAnalysisSession::stop() {
    next_.reset();
    worker_.requestStop();
}

void RunAnalysisSession::analyse(std::shared_ptr<const RunOutcome> run) {
    next_ = std::move(run);
    if (worker_.isRunning()) worker_.requestStop();  // its last emission starts next_
    else startNext();
}

void RunAnalysisSession::startNextLater() {
    // The last emission runs in the worker thread, which cannot start its successor (start waits for it).
    QMetaObject::invokeMethod(this, [this] { startNext(); }, Qt::QueuedConnection);
}

void RunAnalysisSession::startNext() {
    std::shared_ptr<const RunOutcome> run = std::exchange(next_, nullptr);
    if (!run) return;
    worker_.start(this, [this, run = std::move(run)]() -> std::function<void()> {
        try {
            auto scores = std::make_shared<const RunScoresDetail>(run_scores_detail(run));
            emit scoresReady(scores);  // queued to the GUI thread
            const auto importance = run_importance(run, [this](int done, int total) {
                if (worker_.stopRequested()) return false;
                emit importanceProgressed(done, total);
                return true;
            });
            if (!importance) return [this] { startNextLater(); };
            auto ready = std::make_shared<const RunImportance>(*importance);
            return [this, ready] {
                emit importanceReady(ready);
                startNextLater();
            };
        } catch (const std::exception& error) {
            return [this, message = QString::fromStdString(error.what())] {
                emit failed(message);
                startNextLater();
            };
        }
    });
}

}  // namespace treelab
