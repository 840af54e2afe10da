#pragma once
// Runs one training run in a worker thread: progress and results come back as
// queued signals, stop is an atomic flag the learner's progress callback reads, and every
// exception is caught inside the thread and reported through failed().
#include <chrono>
#include <memory>
#include <mutex>
#include <string>

#include <QObject>
#include <QString>

#include "app/session/epoch_point.h"
#include "app/session/worker_thread.h"
#include "core/run/training_run.h"

namespace treelab {

class TrainingSession : public QObject {
    Q_OBJECT
public:
    explicit TrainingSession(QObject* parent = nullptr);
    ~TrainingSession() override;  // asks a running job to stop and waits for it

    // Starts `config` on a fresh worker thread; returns false if a run is still going.
    bool start(const RunConfig& config);
    void requestStop();
    bool isRunning() const;

signals:
    // Epochs done of the run's total; a run of several starts counts every start's (start_progress.h).
    void progressed(int step, int total);
    // A learner's preliminary phase (EpochReport::phase, e.g. GET's depth search) and its current
    // fit's epoch of total; sent when the phase changes and then at most every kPhaseInterval.
    void phaseReported(const QString& phase, int step, int total);
    // Each finished epoch (heartbeats are not epochs), in order, before finished().
    void epochReported(const treelab::EpochPoint& point);
    void finished(std::shared_ptr<const treelab::RunOutcome> outcome);
    void failed(const QString& message);

private:
    // The data of the last run when `config` prepares the same (prepared_data_key) from the same,
    // unchanged file; else freshly prepared, and kept for the next run. A session of many runs on
    // one data configuration thus holds one PreparedData, shared by their outcomes.
    std::shared_ptr<const PreparedData> preparedData(const RunConfig& config);

    static constexpr std::chrono::milliseconds kPhaseInterval{100};
    std::mutex dataMutex_;
    std::string dataKey_;
    std::shared_ptr<const PreparedData> data_;
    WorkerThread worker_;
};

}  // namespace treelab
