#include "app/session/sweep_session.h"


namespace treelab {

SweepSession::SweepSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const treelab::SweepResult>>();
}

SweepSession::~SweepSession() = default;

bool SweepSession::isRunning() const { return worker_.isRunning(); }

void SweepSession::requestStop() { worker_.requestStop(); }

bool SweepSession::start(const SweepConfig& config) {
    // Signals emitted from the worker reach receivers in the GUI thread as queued calls.
    return worker_.start(this, [this, config]() -> std::function<void()> {
        try {
            // The callback runs at every epoch of every training; the GUI hears only of new rows.
            int last_done = -1, last_total = -1;
            const SweepProgress progress = [&](int done, int total) {
                if (done != last_done || total != last_total) emit progressed(done, total);
                last_done = done;
                last_total = total;
                return !worker_.stopRequested();
            };
            auto result = std::make_shared<SweepResult>();
            result->config = config;
            result->rows = run_sweep(config, progress);
            const bool all_rows = last_total > 0 && static_cast<int>(result->rows.size()) == last_total;
            result->stopped = worker_.stopRequested() && !all_rows;
            return [this, result = std::shared_ptr<const SweepResult>(std::move(result))] { emit finished(result); };
        } catch (const std::exception& error) {
            return [this, message = QString::fromStdString(error.what())] { emit failed(message); };
        }
    });
}

}  // namespace treelab
