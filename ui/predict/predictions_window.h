#pragma once
// Run > Predict on a file: the predictions of one model for every row of an unlabelled CSV, as a
// table (row, predicted class or value, each class's probability under its name, the node the row
// stops at), computed by a PredictionSession in a worker thread and saved as the CSV
// `treelab-cli predict` writes. A non-modal window that deletes itself when closed.
#include <memory>

#include <QWidget>

#include "app/session/prediction_session.h"

class QLabel;
class QPushButton;
class QTableView;

namespace treelab {

class PredictionsWindow : public QWidget {
    Q_OBJECT
public:
    // `runName` names the run whose model predicts ("3 CART max_depth=4").
    PredictionsWindow(QWidget* parent, std::shared_ptr<const ModelFile> model, const QString& runName);
    ~PredictionsWindow() override;

    // Starts predicting the rows of `file`; the table fills when the worker is done.
    void predictFile(const QString& file);
    bool isPredicting() const;
    // Writes the predictions atomically as CSV; false and a dialog on failure.
    bool saveCsv(const QString& file);

    QTableView* table() const;
    QPushButton* saveButton() const;
    QLabel* summary() const;

signals:
    void predicted();            // the table holds a file's predictions
    void failed(const QString&);  // the message the dialog shows

private:
    void showResult(std::shared_ptr<const FilePredictions> result);
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
