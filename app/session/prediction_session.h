#pragma once
// A saved or trained model's predictions for an unlabelled CSV file, in a worker thread (Run >
// Predict on a file): reading the file, encoding it with the model's pipeline and routing every
// row each take a pass over the file. The same core calls as `treelab-cli predict`
// (read_csv, FeaturePipeline::transform, predict_rows), so the table equals its output.
#include <memory>

#include <QObject>
#include <QString>

#include "app/session/worker_thread.h"
#include "core/data/csv_reader.h"
#include "core/export/predictions_csv.h"
#include "core/model/model_file.h"

namespace treelab {

struct FilePredictions {
    QString file;
    std::shared_ptr<const ModelFile> model;
    RowPredictions predictions;
};

// `model` on every row of `file`; throws the core's errors (an unreadable file, a missing column).
FilePredictions predict_file(std::shared_ptr<const ModelFile> model, const QString& file, const CsvOptions& format = {});

class PredictionSession : public QObject {
    Q_OBJECT
public:
    explicit PredictionSession(QObject* parent = nullptr);
    ~PredictionSession() override;  // waits for a running prediction

    // Starts predicting; false while a prediction is still going.
    bool start(std::shared_ptr<const ModelFile> model, const QString& file);
    bool isRunning() const;

signals:
    void finished(std::shared_ptr<const treelab::FilePredictions> result);
    void failed(const QString& message);  // the core's message, naming the file

private:
    WorkerThread worker_;
};

}  // namespace treelab
