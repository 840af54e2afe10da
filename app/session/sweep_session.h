#pragma once
// Runs one sweep (run_sweep) in a worker thread, as TrainingSession runs one training: progress
// and results come back as queued signals, stop is an atomic flag the sweep's progress callback
// reads between rows and within every training, and every exception becomes failed().
#include <memory>
#include <vector>

#include <QObject>
#include <QString>

#include "app/session/worker_thread.h"
#include "core/run/sweep.h"

namespace treelab {

class SweepSession : public QObject {
    Q_OBJECT
public:
    explicit SweepSession(QObject* parent = nullptr);
    ~SweepSession() override;  // asks a running sweep to stop and waits for it

    // Starts `config` on a fresh worker thread; returns false if a sweep is still going.
    bool start(const SweepConfig& config);
    void requestStop();
    bool isRunning() const;  // from start() until finished() or failed() is emitted

signals:
    void progressed(int done, int total);  // rows done; total 0 while CART's automatic path is grown
    void finished(std::shared_ptr<const treelab::SweepResult> result);
    void failed(const QString& message);

private:
    WorkerThread worker_;
};

}  // namespace treelab
