#include "app/session/target_summary_session.h"

#include <utility>

namespace treelab {

TargetSummarySession::TargetSummarySession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const treelab::TargetChoiceOverview>>();
}

TargetSummarySession::~TargetSummarySession() = default;

bool TargetSummarySession::isRunning() const { return worker_.isRunning(); }

bool TargetSummarySession::start(std::shared_ptr<const LoadedTable> data, std::size_t column, std::optional<Task> forced) {
    return worker_.start(this, [this, data = std::move(data), column, forced]() mutable -> std::function<void()> {
        // Held by this call, not by the job the thread keeps, so a replaced table is freed here.
        const std::shared_ptr<const LoadedTable> table = std::exchange(data, nullptr);
        auto result = std::make_shared<TargetChoiceOverview>();
        result->data = table;
        result->column = column;
        result->forced = forced;
        result->overview = overview_target(table->table, column, forced);  // catches the core's errors itself
        return [this, result = std::shared_ptr<const TargetChoiceOverview>(std::move(result))] { emit finished(result); };
    });
}

}  // namespace treelab
