#include "app/session/worker_thread.h"

#include <QThread>

namespace treelab {

WorkerThread::~WorkerThread() {
    requestStop();
    if (thread_) thread_->wait();
}

bool WorkerThread::isRunning() const { return busy_.load(); }

void WorkerThread::requestStop() { stop_.store(true, std::memory_order_relaxed); }

bool WorkerThread::stopRequested() const { return stop_.load(std::memory_order_relaxed); }

bool WorkerThread::start(QObject* owner, Job job) {
    if (isRunning()) return false;
    if (thread_) {
        thread_->wait();  // it has emitted its last signal and is only returning
        delete thread_;
    }
    stop_.store(false, std::memory_order_relaxed);
    busy_.store(true);
    thread_ = QThread::create([this, job = std::move(job)] {
        const std::function<void()> emit_last = job();
        busy_.store(false);
        emit_last();
    });
    thread_->setParent(owner);
    thread_->start();
    return true;
}

}  // namespace treelab
