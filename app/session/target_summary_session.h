#pragma once
// Summarises the target the user chose (class balance or histogram) in a worker thread, as
// LoadingSession reads: on a million rows, encoding the target takes longer than a GUI frame.
// One summary at a time; the data panel asks again when the choice changed meanwhile.
#include <memory>
#include <optional>

#include <QObject>

#include "app/session/loading_session.h"
#include "app/session/target_overview.h"
#include "app/session/worker_thread.h"

namespace treelab {

// A choice of target and task on a loaded table, and what it shows. The table is only named (a
// weak reference): this result must not keep a replaced table alive, or its last owner would
// free it on the GUI thread.
struct TargetChoiceOverview {
    std::weak_ptr<const LoadedTable> data;
    std::size_t column = 0;
    std::optional<Task> forced;
    TargetOverview overview;
};

class TargetSummarySession : public QObject {
    Q_OBJECT
public:
    explicit TargetSummarySession(QObject* parent = nullptr);
    ~TargetSummarySession() override;  // waits for a running summary

    // Starts summarising `column` of `data`; returns false while a summary is still going.
    bool start(std::shared_ptr<const LoadedTable> data, std::size_t column, std::optional<Task> forced);
    bool isRunning() const;

signals:
    void finished(std::shared_ptr<const treelab::TargetChoiceOverview> result);

private:
    WorkerThread worker_;
};

}  // namespace treelab
