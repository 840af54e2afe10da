#include "ui/predict/predictions_window.h"

#include <QAbstractTableModel>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "core/io/atomic_file.h"
#include "ui/common/value_text.h"

namespace treelab {
namespace {

// The predictions as the CSV has them, cell by cell on demand (a file may have millions of rows):
// Qt::UserRole is the CSV's text, the display rounds probabilities to four decimals.
class PredictionsModel : public QAbstractTableModel {
public:
    explicit PredictionsModel(QObject* parent) : QAbstractTableModel(parent) {}

    void setResult(std::shared_ptr<const FilePredictions> result) {
        beginResetModel();
        result_ = std::move(result);
        endResetModel();
    }
    const FilePredictions* result() const { return result_.get(); }

    int rowCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() || !result_ ? 0 : static_cast<int>(result_->predictions.predicted.size());
    }
    int columnCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() || !result_ ? 0 : static_cast<int>(predictions_columns(result_->model->tree).size());
    }
    QVariant data(const QModelIndex& index, int role) const override {
        if (!result_ || !index.isValid() || (role != Qt::DisplayRole && role != Qt::UserRole && role != Qt::TextAlignmentRole))
            return {};
        const TreeModel& tree = result_->model->tree;
        const bool probability = tree.task == Task::Classification && index.column() >= 2 && index.column() < 2 + tree.classes();
        if (role == Qt::TextAlignmentRole)
            return index.column() == 1 && tree.task == Task::Classification ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
        if (role == Qt::DisplayRole && probability)
            return QString::number(result_->predictions.proba(index.row(), index.column() - 2), 'f', 4);
        const std::vector<std::string> cells = predictions_cells(tree, result_->predictions, index.row());
        return QString::fromStdString(cells.at(static_cast<std::size_t>(index.column())));
    }
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override {
        if (role != Qt::DisplayRole || orientation != Qt::Horizontal || !result_) return {};
        const TreeModel& tree = result_->model->tree;
        const QString target = QString::fromStdString(result_->model->target.column);
        if (section == 0) return tr("Row");
        if (section == 1) return tr("Predicted %1").arg(target);
        if (tree.task == Task::Classification && section < 2 + tree.classes())
            return tr("P(%1)").arg(QString::fromStdString(tree.class_names.at(static_cast<std::size_t>(section - 2))));
        return tr("Node");
    }

private:
    static QString tr(const char* text) { return QObject::tr(text); }
    std::shared_ptr<const FilePredictions> result_;
};

}  // namespace

struct PredictionsWindow::Parts {
    std::shared_ptr<const ModelFile> model;
    QString runName;
    PredictionSession* session = nullptr;
    PredictionsModel* rows = nullptr;
    QTableView* table = nullptr;
    QLabel* summary = nullptr;
    QPushButton* save = nullptr;
};

PredictionsWindow::PredictionsWindow(QWidget* parent, std::shared_ptr<const ModelFile> model, const QString& runName)
    : QWidget(parent, Qt::Window), parts_(std::make_unique<Parts>()) {
    Parts& p = *parts_;
    p.model = std::move(model);
    p.runName = runName;
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowTitle(tr("Predictions of %1").arg(runName));
    p.session = new PredictionSession(this);
    p.rows = new PredictionsModel(this);
    p.summary = new QLabel(this);
    p.summary->setWordWrap(true);
    p.table = new QTableView(this);
    p.table->setObjectName("predictionsTable");
    p.table->setModel(p.rows);
    p.table->verticalHeader()->hide();
    p.table->setAlternatingRowColors(true);
    p.save = new QPushButton(tr("&Save as CSV…"), this);
    p.save->setEnabled(false);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(p.save);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(p.summary);
    layout->addWidget(p.table, 1);
    layout->addLayout(buttons);
    resize(760, 520);

    connect(p.save, &QPushButton::clicked, this, [this] {
        const QString suggested = QFileInfo(parts_->rows->result()->file).completeBaseName() + "_predictions.csv";
        const QString name = QFileDialog::getSaveFileName(this, tr("Save the predictions"), suggested, tr("CSV files (*.csv)"));
        if (!name.isEmpty()) saveCsv(name);
    });
    connect(p.session, &PredictionSession::finished, this, &PredictionsWindow::showResult);
    connect(p.session, &PredictionSession::failed, this, [this](const QString& message) {
        parts_->summary->setText(tr("No predictions: %1").arg(message));
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot predict"), message, QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        emit failed(message);
    });
}

PredictionsWindow::~PredictionsWindow() = default;

void PredictionsWindow::predictFile(const QString& file) {
    Parts& p = *parts_;
    if (!p.session->start(p.model, file)) return;
    p.save->setEnabled(false);
    p.summary->setText(tr("Predicting the rows of %1 with %2…").arg(QFileInfo(file).fileName(), p.runName));
}

bool PredictionsWindow::isPredicting() const { return parts_->session->isRunning(); }

void PredictionsWindow::showResult(std::shared_ptr<const FilePredictions> result) {
    Parts& p = *parts_;
    const QString file = QFileInfo(result->file).fileName();
    const auto rows = static_cast<long long>(result->predictions.predicted.size());
    p.rows->setResult(std::move(result));
    p.table->resizeColumnsToContents();
    p.summary->setText(tr("%1 rows of %2 predicted by %3. P(class) is the model's probability of the class, "
                          "Node the node the row stops at.")
                           .arg(countText(rows), file, p.runName));
    p.save->setEnabled(true);
    emit predicted();
}

bool PredictionsWindow::saveCsv(const QString& file) {
    const FilePredictions* result = parts_->rows->result();
    if (!result) return false;
    try {
        write_file_atomically(file.toStdString(), predictions_csv(result->model->tree, result->predictions));
    } catch (const std::exception& error) {
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot save %1").arg(QFileInfo(file).fileName()),
                                    QString::fromStdString(error.what()), QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return false;
    }
    return true;
}

QTableView* PredictionsWindow::table() const { return parts_->table; }
QPushButton* PredictionsWindow::saveButton() const { return parts_->save; }
QLabel* PredictionsWindow::summary() const { return parts_->summary; }

}  // namespace treelab
