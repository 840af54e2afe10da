#include "ui/main_window.h"

#include <sstream>

#include <QComboBox>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStatusBar>
#include <QVBoxLayout>

#include "app/session/training_session.h"
#include "core/data/csv_reader.h"
#include "core/export/rules_text.h"
#include "core/learners/learner.h"

namespace treelab {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), session_(new TrainingSession(this)) {
    setWindowTitle(tr("TreeLab"));
    setAcceptDrops(true);
    resize(900, 640);

    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->addAction(tr("&Open CSV..."), QKeySequence::Open, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Open a CSV file"), QString(),
                                                          tr("CSV files (*.csv *.tsv *.txt);;All files (*)"));
        if (!file.isEmpty()) openFile(file);
    });
    fileMenu->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    summary_ = new QLabel(tr("Open a CSV file (File > Open, or drop it here)."), central);
    summary_->setWordWrap(true);
    layout->addWidget(summary_);

    auto* form = new QFormLayout;
    target_ = new QComboBox(central);
    form->addRow(tr("Target:"), target_);
    form->addRow(tr("Method:"), new QLabel(QString::fromStdString(find_learner("cart").label), central));
    layout->addLayout(form);

    auto* buttons = new QHBoxLayout;
    trainButton_ = new QPushButton(tr("Train"), central);
    stopButton_ = new QPushButton(tr("Stop"), central);
    trainButton_->setEnabled(false);
    stopButton_->setEnabled(false);
    buttons->addWidget(trainButton_);
    buttons->addWidget(stopButton_);
    buttons->addStretch();
    layout->addLayout(buttons);

    output_ = new QPlainTextEdit(central);
    output_->setReadOnly(true);
    output_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(output_, 1);
    setCentralWidget(central);

    connect(trainButton_, &QPushButton::clicked, this, &MainWindow::train);
    connect(stopButton_, &QPushButton::clicked, session_, &TrainingSession::requestStop);
    connect(session_, &TrainingSession::finished, this, [this](std::shared_ptr<const RunOutcome> outcome) {
        showOutcome(*outcome);
        emit trainingDone();
    });
    connect(session_, &TrainingSession::failed, this, [this](const QString& message) {
        trainButton_->setEnabled(true);
        stopButton_->setEnabled(false);
        showError(tr("Training failed"), message);
        emit trainingDone();
    });
    statusBar()->showMessage(tr("Ready"));
}

MainWindow::~MainWindow() = default;

bool MainWindow::isTraining() const { return session_->isRunning(); }

bool MainWindow::openFile(const QString& file) {
    try {
        table_ = read_csv(file.toStdString());
    } catch (const std::exception& error) {
        showError(tr("Cannot open %1").arg(QFileInfo(file).fileName()), QString::fromStdString(error.what()));
        return false;
    }
    file_ = file;
    setWindowTitle(tr("TreeLab — %1").arg(QFileInfo(file).fileName()));
    target_->clear();
    for (const Column& column : table_.columns) target_->addItem(QString::fromStdString(column.name));
    target_->setCurrentIndex(target_->count() - 1);  // the last column is the usual target
    int numeric = 0;
    for (const Column& column : table_.columns) numeric += column.kind == ColumnKind::Numeric;
    summary_->setText(tr("<b>%1</b>: %2 rows, %3 columns (%4 numeric, %5 categorical)")
                          .arg(QFileInfo(file).fileName())
                          .arg(table_.rows)
                          .arg(table_.columns.size())
                          .arg(numeric)
                          .arg(static_cast<int>(table_.columns.size()) - numeric));
    trainButton_->setEnabled(true);
    output_->clear();
    statusBar()->showMessage(tr("Loaded %1").arg(file));
    return true;
}

void MainWindow::train() {
    RunConfig config;
    config.data_file = file_.toStdString();
    config.target = target_->currentText().toStdString();
    config.method = "cart";
    config.params = ParamValues(find_learner("cart").params);
    if (!session_->start(config)) return;
    trainButton_->setEnabled(false);
    stopButton_->setEnabled(true);
    statusBar()->showMessage(tr("Training CART on %1...").arg(QFileInfo(file_).fileName()));
}

void MainWindow::showOutcome(const RunOutcome& outcome) {
    trainButton_->setEnabled(true);
    stopButton_->setEnabled(false);
    const TreeStats stats = outcome.model.tree.stats();
    std::ostringstream text;
    text << "CART, target " << outcome.model.target.column << " (" << to_string(outcome.model.target.task) << ")\n"
         << "rows: train " << outcome.train_rows << ", valid " << outcome.valid_rows << ", test " << outcome.test_rows
         << "\ntree: depth " << stats.depth << ", " << stats.nodes << " nodes, " << stats.leaves << " leaves\n\n";
    for (const auto& [name, scores] : {std::pair{"train", &outcome.train_scores}, std::pair{"valid", &outcome.valid_scores},
                                       std::pair{"test", &outcome.test_scores}}) {
        text << name << ':';
        for (const auto& [metric, value] : *scores) text << "  " << metric << " " << value;
        text << '\n';
    }
    text << '\n' << rules_text(outcome.model.tree);
    output_->setPlainText(QString::fromStdString(text.str()));
    statusBar()->showMessage(tr("Trained in %1 s%2").arg(outcome.train_seconds).arg(outcome.stopped_early ? tr(" (stopped)") : ""));
}

void MainWindow::showError(const QString& title, const QString& message) {
    statusBar()->showMessage(title);
    // open(), not exec(): the window stays responsive and nothing waits on a nested event loop.
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) openFile(urls.first().toLocalFile());
}

}  // namespace treelab
