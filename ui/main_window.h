#pragma once
// The workbench window. For now: open a CSV (menu, command line or drag-and-drop), pick the
// target, train CART in a worker thread, and read its scores and rules.
#include <memory>

#include <QMainWindow>

#include "core/data/table.h"
#include "core/run/training_run.h"

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace treelab {

class TrainingSession;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Loads `file`; shows a dialog naming file, line and column when it cannot be read.
    bool openFile(const QString& file);
    void train();
    bool isTraining() const;

signals:
    void trainingDone();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void showOutcome(const RunOutcome& outcome);
    void showError(const QString& title, const QString& message);

    QString file_;
    Table table_;
    QLabel* summary_ = nullptr;
    QComboBox* target_ = nullptr;
    QPushButton* trainButton_ = nullptr;
    QPushButton* stopButton_ = nullptr;
    QPlainTextEdit* output_ = nullptr;
    TrainingSession* session_ = nullptr;
};

}  // namespace treelab
