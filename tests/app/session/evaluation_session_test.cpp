// EvaluationSession: a model is scored on a loaded table off the calling thread; its scores and
// predictions arrive through a queued signal, and a table the model cannot read becomes failed().
#include <gtest/gtest.h>

#include <QEventLoop>
#include <QThread>
#include <QTimer>

#include "app/session/evaluation_session.h"
#include "core/data/csv_reader.h"
#include "core/run/evaluation.h"
#include "core/run/prepared_data.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

std::shared_ptr<const LoadedTable> loaded(const std::string& file) {
    auto table = std::make_shared<LoadedTable>();
    table->file = QString::fromStdString(test::dataset(file).string());
    table->table = read_csv(test::dataset(file));
    return table;
}

// What one evaluation ended with, gathered by running the event loop (a generous bound turns a
// hang into a failure, not a timing).
struct Ending {
    std::shared_ptr<const RunOutcome> outcome;
    QString message;
    Qt::HANDLE thread = nullptr;
};

Ending evaluate_to_end(EvaluationSession& session, const ModelFile& model, std::shared_ptr<const LoadedTable> data) {
    Ending ending;
    QEventLoop loop;
    QObject::connect(&session, &EvaluationSession::finished, &loop, [&](std::shared_ptr<const RunOutcome> outcome) {
        ending.outcome = std::move(outcome);
        ending.thread = QThread::currentThreadId();
        loop.quit();
    });
    QObject::connect(&session, &EvaluationSession::failed, &loop, [&](const QString& message) {
        ending.message = message;
        ending.thread = QThread::currentThreadId();
        loop.quit();
    });
    QTimer::singleShot(120000, &loop, &QEventLoop::quit);
    if (session.start(model, std::move(data))) loop.exec();
    return ending;
}

// A CART tree scored on every row of glass: the scores and predictions arrive on the receiver's
// thread and equal the core's evaluation of the same rows, so the detail view predicts nothing.
TEST(EvaluationSession, ScoresEveryRowOffTheCallingThread) {
    const ModelFile model = run_training(test::dataset_run("glass.csv", "Type", "cart", {"max_depth=3"})).model;
    const auto glass = loaded("glass.csv");
    EvaluationSession session;
    const Ending ending = evaluate_to_end(session, model, glass);
    ASSERT_TRUE(ending.outcome) << ending.message.toStdString();
    EXPECT_EQ(ending.thread, QThread::currentThreadId());
    EXPECT_FALSE(session.isRunning());

    const PreparedData every_row = prepare_saved_model_data(glass->table, model);
    const RunOutcome& outcome = *ending.outcome;
    EXPECT_EQ(outcome.test_rows, 214);
    ASSERT_TRUE(outcome.data);
    EXPECT_EQ(outcome.data->test.rows(), 214);
    EXPECT_EQ(outcome.test_scores, evaluate(model.tree, every_row.test));
    EXPECT_TRUE(outcome.test_predictions.isApprox(model.tree.predict(every_row.test.X)));
    EXPECT_TRUE(outcome.train_scores.empty());  // every row is a test row
    EXPECT_GT(outcome.test_scores.at("accuracy"), 0.5);
}

// A glass model on iris: the missing columns come back as failed() with the core's message, not
// as an exception across threads; the session takes the next evaluation.
TEST(EvaluationSession, ATableWithoutTheModelsColumnsFails) {
    const ModelFile model = run_training(test::dataset_run("glass.csv", "Type", "cart", {"max_depth=2"})).model;
    EvaluationSession session;
    const Ending failure = evaluate_to_end(session, model, loaded("iris.csv"));
    EXPECT_FALSE(failure.outcome);
    EXPECT_TRUE(failure.message.contains("no column 'Type'")) << failure.message.toStdString();
    EXPECT_EQ(failure.thread, QThread::currentThreadId());
    const Ending next = evaluate_to_end(session, model, loaded("glass.csv"));
    EXPECT_TRUE(next.outcome) << next.message.toStdString();
}

}  // namespace
}  // namespace treelab
