#pragma once
// Runs one comparison (run_comparison: every contender on the same folds of every data set) in a
// worker thread, as SweepSession runs a sweep: progress and the result come back as queued
// signals; stop is an atomic flag the comparison's progress callback reads, and the cells finished
// before it are kept (ComparisonResult::stopped). A contender refitted on all rows of a data set
// (a click on a row of the Compare tab) runs in a second worker, so it never waits on a comparison.
#include <cstddef>
#include <memory>

#include <QObject>
#include <QString>

#include "app/session/worker_thread.h"
#include "core/compare/comparison.h"
#include "core/run/training_run.h"

namespace treelab {

class ComparisonSession : public QObject {
    Q_OBJECT
public:
    explicit ComparisonSession(QObject* parent = nullptr);
    ~ComparisonSession() override;  // asks running work to stop and waits for it

    // Starts `config` on a fresh worker thread; false while a comparison is still going.
    bool start(const ComparisonConfig& config);
    void requestStop();
    bool isRunning() const;  // from start() until finished() or failed() is emitted

    // Refits contender `contender` on all rows of data set `data_set`; false while a refit is going.
    bool startRefit(const ComparisonConfig& config, std::size_t data_set, std::size_t contender);
    bool isRefitting() const;

signals:
    void progressed(int done, int total);  // cells done of all cells
    void finished(std::shared_ptr<const treelab::ComparisonResult> result);
    void failed(const QString& message);
    // `source` is what startRefit was given, whatever comparison has finished since.
    void refitted(std::shared_ptr<const treelab::RunOutcome> outcome, const treelab::RefitSource& source);
    void refitFailed(const QString& message);

private:
    WorkerThread worker_, refitWorker_;
};

}  // namespace treelab
