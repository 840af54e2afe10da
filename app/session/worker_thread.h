#pragma once
// One background job at a time on a fresh QThread, shared by the training and sweep sessions:
// a stop flag the job's progress callback reads (never a queued slot, which a
// busy worker would not reach), and a busy flag that clears before the job's last signal is
// emitted, so a receiver of "finished" can start the next job at once.
#include <atomic>
#include <functional>

class QObject;
class QThread;

namespace treelab {

class WorkerThread {
public:
    // Runs the work and returns the emission of its last signal (finished or failed); exceptions
    // must be caught inside and turned into that emission.
    using Job = std::function<std::function<void()>()>;

    WorkerThread() = default;
    WorkerThread(const WorkerThread&) = delete;
    WorkerThread& operator=(const WorkerThread&) = delete;
    ~WorkerThread();  // asks a running job to stop and waits for it

    // Starts `job` on a new thread owned by `owner`; false while a job is still running.
    bool start(QObject* owner, Job job);
    bool isRunning() const;  // from start() until just before the job's last signal
    void requestStop();
    bool stopRequested() const;

private:
    std::atomic_bool stop_{false}, busy_{false};
    QThread* thread_ = nullptr;
};

}  // namespace treelab
