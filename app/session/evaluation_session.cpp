#include "app/session/evaluation_session.h"

#include <exception>
#include <utility>

#include "core/run/prepared_data.h"

namespace treelab {

RunOutcome evaluate_on_table(const ModelFile& model, const Table& table) {
    RunOutcome outcome;
    outcome.model = model;
    auto data = std::make_shared<const PreparedData>(prepare_saved_model_data(table, model));
    score_model(outcome, *data);
    outcome.test_rows = data->test.rows();
    outcome.data = std::move(data);
    return outcome;
}

EvaluationSession::EvaluationSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const treelab::RunOutcome>>();
}

EvaluationSession::~EvaluationSession() = default;

bool EvaluationSession::isRunning() const { return worker_.isRunning(); }

bool EvaluationSession::start(ModelFile model, std::shared_ptr<const LoadedTable> data) {
    return worker_.start(this, [this, model = std::move(model), data = std::move(data)]() mutable -> std::function<void()> {
        // Held by this call, not by the job the thread keeps, so a table replaced meanwhile is freed here.
        const std::shared_ptr<const LoadedTable> table = std::exchange(data, nullptr);
        try {
            auto outcome = std::make_shared<const RunOutcome>(evaluate_on_table(model, table->table));
            return [this, outcome] { emit finished(outcome); };
        } catch (const std::exception& error) {
            return [this, message = QString::fromStdString(error.what())] { emit failed(message); };
        }
    });
}

}  // namespace treelab
