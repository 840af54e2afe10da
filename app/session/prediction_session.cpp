#include "app/session/prediction_session.h"

#include <exception>
#include <utility>

namespace treelab {

FilePredictions predict_file(std::shared_ptr<const ModelFile> model, const QString& file, const CsvOptions& format) {
    FilePredictions result;
    result.file = file;
    const Table table = read_csv(file.toStdString(), format);
    const Eigen::MatrixXd X = model->pipeline.transform(table);
    result.predictions = predict_rows(model->tree, X);
    result.model = std::move(model);
    return result;
}

PredictionSession::PredictionSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const treelab::FilePredictions>>();
}

PredictionSession::~PredictionSession() = default;

bool PredictionSession::isRunning() const { return worker_.isRunning(); }

bool PredictionSession::start(std::shared_ptr<const ModelFile> model, const QString& file) {
    return worker_.start(this, [this, model = std::move(model), file]() -> std::function<void()> {
        try {
            auto result = std::make_shared<const FilePredictions>(predict_file(model, file));
            return [this, result] { emit finished(result); };
        } catch (const std::exception& error) {
            return [this, message = QString::fromStdString(error.what())] { emit failed(message); };
        }
    });
}

}  // namespace treelab
