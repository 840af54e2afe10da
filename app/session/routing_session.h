#pragma once
// Routes a table's rows through a tree for the canvas (routing shares, empty nodes, the node
// inspector's rows) in a worker thread: on a million rows that takes about a second, far longer
// than a GUI frame, and it is asked again for every live tree while a run trains. One routing at a
// time; the canvas asks again for the newest tree when its request was overtaken meanwhile.
#include <cstdint>
#include <memory>
#include <optional>

#include <QObject>

#include "app/session/worker_thread.h"
#include "core/analysis/routing_analysis.h"
#include "core/run/row_set.h"

namespace treelab {

// The chosen rows of `data` and their routing through `tree`.
struct RowRouting {
    RoutedRows rows;
    RoutingAnalysis routing;
};

// Null when the rows do not fit the tree (another table's model) or there are none.
std::shared_ptr<const RowRouting> route_rows(const TreeModel& tree, const PreparedData& data, RowSet rows);

class RoutingSession : public QObject {
    Q_OBJECT
public:
    explicit RoutingSession(QObject* parent = nullptr);
    ~RoutingSession() override;  // waits for a running routing

    // Starts routing; `request` comes back with the result. False while a routing still runs.
    bool start(std::shared_ptr<const TreeModel> tree, std::shared_ptr<const PreparedData> data, RowSet rows,
               std::uint64_t request);
    bool isRunning() const;

signals:
    void finished(std::shared_ptr<const treelab::RowRouting> result, quint64 request);

private:
    WorkerThread worker_;
};

}  // namespace treelab
