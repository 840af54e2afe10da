#include "app/session/sweep_session.h"

#include <QThread>

namespace treelab {

SweepSession::SweepSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const treelab::SweepResult>>();
}

SweepSession::~SweepSession() {
    requestStop();
    if (thread_) thread_->wait();
}

bool SweepSession::isRunning() const { return busy_.load(); }

void SweepSession::requestStop() { stopRequested_.store(true, std::memory_order_relaxed); }

bool SweepSession::start(const SweepConfig& config) {
    if (isRunning()) return false;
    if (thread_) {
        thread_->wait();  // it has emitted its last signal and is only returning
        delete thread_;
    }
    stopRequested_.store(false, std::memory_order_relaxed);
    busy_.store(true);
    // Signals emitted from the worker reach receivers in the GUI thread as queued calls.
    thread_ = QThread::create([this, config] {
        try {
            // The callback runs at every epoch of every training; the GUI hears only of new rows.
            int last_done = -1, last_total = -1;
            const SweepProgress progress = [&](int done, int total) {
                if (done != last_done || total != last_total) emit progressed(done, total);
                last_done = done;
                last_total = total;
                return !stopRequested_.load(std::memory_order_relaxed);
            };
            auto result = std::make_shared<SweepResult>();
            result->config = config;
            result->rows = run_sweep(config, progress);
            const bool all_rows = last_total > 0 && static_cast<int>(result->rows.size()) == last_total;
            result->stopped = stopRequested_.load(std::memory_order_relaxed) && !all_rows;
            busy_.store(false);
            emit finished(std::move(result));
        } catch (const std::exception& error) {
            busy_.store(false);
            emit failed(QString::fromStdString(error.what()));
        }
    });
    thread_->setParent(this);
    thread_->start();
    return true;
}

}  // namespace treelab
