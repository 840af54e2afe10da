#include "app/session/training_session.h"

#include <QThread>

namespace treelab {

TrainingSession::TrainingSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const treelab::RunOutcome>>();
}

TrainingSession::~TrainingSession() {
    requestStop();
    if (thread_) thread_->wait();
}

bool TrainingSession::isRunning() const { return thread_ && thread_->isRunning(); }

void TrainingSession::requestStop() { stopRequested_.store(true, std::memory_order_relaxed); }

bool TrainingSession::start(const RunConfig& config) {
    if (isRunning()) return false;
    if (thread_) thread_->deleteLater();
    stopRequested_.store(false, std::memory_order_relaxed);
    // Signals emitted from the worker reach receivers in the GUI thread as queued calls.
    thread_ = QThread::create([this, config] {
        try {
            const Progress progress = [this](const EpochReport& report) {
                if (!report.heartbeat) emit progressed(report.epoch, report.total);
                return !stopRequested_.load(std::memory_order_relaxed);
            };
            emit finished(std::make_shared<const RunOutcome>(run_training(config, progress)));
        } catch (const std::exception& error) {
            emit failed(QString::fromStdString(error.what()));
        }
    });
    thread_->setParent(this);
    thread_->start();
    return true;
}

}  // namespace treelab
