#include "app/session/routing_session.h"

#include <utility>

namespace treelab {

std::shared_ptr<const RowRouting> route_rows(const TreeModel& tree, const PreparedData& data, RowSet rows) {
    RoutedRows chosen = routed_rows(data, rows);
    if (chosen.X.cols() != tree.features() || chosen.X.rows() == 0) return nullptr;
    auto result = std::make_shared<RowRouting>();
    result->routing = chosen.classes > 0 ? analyse_routing(tree, chosen.X, chosen.y, chosen.classes)
                                         : analyse_routing(tree, chosen.X);
    result->rows = std::move(chosen);
    return result;
}

RoutingSession::RoutingSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const treelab::RowRouting>>();
}

RoutingSession::~RoutingSession() = default;

bool RoutingSession::isRunning() const { return worker_.isRunning(); }

bool RoutingSession::start(std::shared_ptr<const TreeModel> tree, std::shared_ptr<const PreparedData> data, RowSet rows,
                           std::uint64_t request) {
    return worker_.start(this, [this, tree = std::move(tree), data = std::move(data), rows, request]() mutable
                               -> std::function<void()> {
        // The tree and rows are released here, so that a replaced run is not freed on the GUI thread.
        std::shared_ptr<const RowRouting> result;
        try {
            result = route_rows(*std::exchange(tree, nullptr), *std::exchange(data, nullptr), rows);
        } catch (const std::exception&) {
            // Out of memory, say: the tree is drawn without routing, as for rows that do not fit it.
        }
        return [this, result = std::move(result), request] { emit finished(result, request); };
    });
}

}  // namespace treelab
