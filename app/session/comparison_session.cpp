#include "app/session/comparison_session.h"

namespace treelab {

ComparisonSession::ComparisonSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const treelab::ComparisonResult>>();
    qRegisterMetaType<std::shared_ptr<const treelab::RunOutcome>>();
    qRegisterMetaType<treelab::RefitSource>();
}

ComparisonSession::~ComparisonSession() = default;

bool ComparisonSession::isRunning() const { return worker_.isRunning(); }
bool ComparisonSession::isRefitting() const { return refitWorker_.isRunning(); }

void ComparisonSession::requestStop() { worker_.requestStop(); }

bool ComparisonSession::start(const ComparisonConfig& config) {
    // Signals emitted from the worker reach receivers in the GUI thread as queued calls.
    return worker_.start(this, [this, config]() -> std::function<void()> {
        try {
            // The callback may run often (within trainings); the GUI hears only of new cells.
            int last_done = -1, last_total = -1;
            const ComparisonProgress progress = [&](int done, int total) {
                if (done != last_done || total != last_total) emit progressed(done, total);
                last_done = done;
                last_total = total;
                return !worker_.stopRequested();
            };
            auto result = std::make_shared<const ComparisonResult>(run_comparison(config, progress));
            return [this, result] { emit finished(result); };
        } catch (const std::exception& error) {
            return [this, message = QString::fromStdString(error.what())] { emit failed(message); };
        }
    });
}

bool ComparisonSession::startRefit(const ComparisonConfig& config, std::size_t data_set, std::size_t contender) {
    return refitWorker_.start(this, [this, config, data_set, contender]() -> std::function<void()> {
        try {
            RunOutcome outcome = refit(config, data_set, contender);
            add_pruning_curve(outcome);  // here, not when the GUI thread shows the run
            auto shared = std::make_shared<const RunOutcome>(std::move(outcome));
            return [this, shared, source = RefitSource{config, data_set, contender}] { emit refitted(shared, source); };
        } catch (const std::exception& error) {
            return [this, message = QString::fromStdString(error.what())] { emit refitFailed(message); };
        }
    });
}

}  // namespace treelab
