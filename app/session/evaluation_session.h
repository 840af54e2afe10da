#pragma once
// Scores a model on a loaded table in a worker thread (Run > Evaluate the shown model): encoding
// every row with the model's pipeline, evaluating and predicting each take as long as a pass over
// the table, far longer than a GUI frame on a large file. One evaluation at a time.
#include <memory>

#include <QObject>
#include <QString>

#include "app/session/loading_session.h"
#include "app/session/worker_thread.h"
#include "core/model/model_file.h"
#include "core/run/training_run.h"

namespace treelab {

// `model` on every row of `table` (prepare_saved_model_data), scored as a run's test rows are
// (score_model): its test scores and predictions; the data it used come with it. Throws the core's
// errors (a table without the model's columns).
RunOutcome evaluate_on_table(const ModelFile& model, const Table& table);

class EvaluationSession : public QObject {
    Q_OBJECT
public:
    explicit EvaluationSession(QObject* parent = nullptr);
    ~EvaluationSession() override;  // waits for a running evaluation

    // Starts scoring `model` on `data`; false while an evaluation is still going.
    bool start(ModelFile model, std::shared_ptr<const LoadedTable> data);
    bool isRunning() const;

signals:
    void finished(std::shared_ptr<const treelab::RunOutcome> outcome);
    void failed(const QString& message);  // the core's message

private:
    WorkerThread worker_;
};

}  // namespace treelab
