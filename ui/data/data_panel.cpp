#include "ui/data/data_panel.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <numeric>
#include <utility>

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "app/session/background_release.h"
#include "app/session/loading_session.h"
#include "app/session/target_summary_session.h"
#include "app/shipped/shipped_files.h"
#include "core/data/column_plan.h"
#include "core/data/column_summary.h"
#include "core/data/data_file_stamp.h"
#include "core/error.h"
#include "ui/common/table_preview_model.h"
#include "ui/data/cell_reading_row.h"
#include "ui/data/csv_format_row.h"
#include "ui/data/preparation_form.h"
#include "ui/data/recent_files_menu.h"
#include "ui/data/target_view.h"

namespace treelab {
namespace {

const QString recentFilesKey = QStringLiteral("data/recentFiles");
const QString lastFolderKey = QStringLiteral("data/lastFolder");

void selectData(QComboBox* combo, const QVariant& data) {
    const int index = combo->findData(data);
    if (index >= 0) combo->setCurrentIndex(index);
}

QTableWidgetItem* readOnlyItem(const QString& text, bool alignRight = false) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (alignRight) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

}  // namespace

struct DataPanel::Parts {
    DataPanel* panel = nullptr;
    std::shared_ptr<const LoadedTable> data;  // the file shown; replaced only by a file read completely
    QString lastFolder;
    QString targetProblem;  // the core's message when the chosen target cannot serve the task
    LoadingSession* loader = nullptr;
    TargetSummarySession* summarizer = nullptr;
    QString reading;   // the file being read, from startLoad until its last signal is handled
    QString nextFile;  // asked for while another read was going; read when that one has stopped
    // The file a change of CSV format re-reads: the one opened last, shown or not (a file that
    // failed with Auto is retried with the format the user then picks).
    QString formatFile;
    // The settings a project's data set takes once `file` has been read (openFile with settings).
    std::optional<RunConfig> pendingSettings;
    QString pendingFile;

    QWidget* loading = nullptr;  // the file being read, its progress bar and Cancel
    QLabel* loadingName = nullptr;
    QProgressBar* loadProgress = nullptr;
    QLabel* summary = nullptr;
    CsvFormatRow* format = nullptr;
    CellReadingRow* cells = nullptr;
    QComboBox* target = nullptr;
    QLabel* targetReason = nullptr;  // why TreeLab chose the target it shows first
    QComboBox* task = nullptr;
    PreparationForm* preparation = nullptr;
    TablePreviewModel* preview = nullptr;
    QTableView* previewView = nullptr;
    QTableWidget* columns = nullptr;
    int boldRow = -1;  // the row of `columns` shown in bold: the target's
    TargetView* targetView = nullptr;
    RecentFilesMenu* recent = nullptr;
    QMenu* shipped = nullptr;

    std::optional<Task> forcedTask() const {
        const QString text = task->currentData().toString();
        if (text.isEmpty()) return std::nullopt;
        return task_from_string(text.toStdString());
    }

    void startLoad(const QString& file);
    void loadEnded();
    // `keptTarget`: the target chosen before, kept when the new table has that column (a re-read
    // of the same file in another format); else the table's default target.
    void showTable(const QString& keptTarget);
    void refreshTarget();
    // The Columns table's "In the run" column: what each column becomes (plan_columns) with the
    // target shown, the reading of cells chosen and the encodings chosen in its text columns' combos.
    void showPlan();
    std::map<std::string, CategoricalEncoding> chosenEncodings() const;
    // Says why the target shown is TreeLab's choice; nothing once the user chose another column.
    void showTargetReason() {
        const bool chosen = data && target->currentIndex() == static_cast<int>(data->target);
        targetReason->setText(chosen ? tr("TreeLab's guess: %1.").arg(QString::fromStdString(data->target_reason)) : QString());
        targetReason->setVisible(chosen);
    }
    void showOverview(const TargetOverview& overview);
    void showError(const QString& title, const QString& message);
};

void DataPanel::Parts::startLoad(const QString& file) {
    loader->start(file, format->overrides());
    reading = file;
    loadingName->setText(tr("Reading %1…").arg(QFileInfo(file).fileName()));
    loadingName->setToolTip(QDir::toNativeSeparators(file));
    loadProgress->setRange(0, 0);  // busy until the reader reports the file's size
    loading->show();
}

void DataPanel::Parts::loadEnded() {
    reading.clear();
    if (!nextFile.isEmpty()) {
        startLoad(std::exchange(nextFile, QString()));
        return;
    }
    loading->hide();
    emit panel->loadEnded();
}

void DataPanel::Parts::showError(const QString& title, const QString& message) {
    // open(), not exec(): nothing waits on a nested event loop (tests and the worker's signals go on).
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, panel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

std::map<std::string, CategoricalEncoding> DataPanel::Parts::chosenEncodings() const {
    std::map<std::string, CategoricalEncoding> chosen;
    for (int row = 0; row < columns->rowCount(); ++row) {
        const auto* encoding = qobject_cast<QComboBox*>(columns->cellWidget(row, 4));
        if (encoding && encoding->currentIndex() > 0)
            chosen[columns->item(row, 0)->text().toStdString()] = categorical_encoding_from_string(encoding->currentData().toString().toStdString());
    }
    return chosen;
}

void DataPanel::Parts::showPlan() {
    if (!data || target->currentIndex() < 0) return;
    const Table& table = data->table;
    RunConfig config;  // the preparation form's encoding of text columns
    try {
        preparation->applyTo(config);
    } catch (const Error&) {
        // A split being typed; its encoding choice is read again at the next change.
    }
    PipelineOptions options;
    options.categorical = config.categorical_encoding;
    options.column_encodings = chosenEncodings();
    options.reading = cells->options();
    std::vector<ColumnPlan> plans;
    QString refusal;
    try {
        plans = plan_columns(table, static_cast<std::size_t>(target->currentIndex()), {}, options);
    } catch (const Error& error) {
        refusal = QString::fromStdString(error.what());  // the one-hot budget: the run would refuse the same
        options.one_hot_budget_bytes = std::numeric_limits<std::uint64_t>::max();
        plans = plan_columns(table, static_cast<std::size_t>(target->currentIndex()), {}, options);
    }
    for (std::size_t k = 0; k < plans.size() && static_cast<int>(k) < columns->rowCount(); ++k) {
        const ColumnPlan& plan = plans[k];
        QTableWidgetItem* item = columns->item(static_cast<int>(k), 3);
        item->setText(QString::fromStdString(plan_text(table.columns[k], plan)));
        item->setToolTip(plan.role == ColumnPlan::Role::LeftOut ? tr("Left out of the features; choose an encoding to take it in")
                                                                : refusal);
        item->setForeground(plan.role == ColumnPlan::Role::LeftOut || !refusal.isEmpty() ? panel->palette().brush(QPalette::PlaceholderText)
                                                                                         : panel->palette().brush(QPalette::Text));
    }
}

void DataPanel::Parts::showTable(const QString& keptTarget) {
    const Table& table = data->table;
    const QString& file = data->file;
    const std::size_t missing = std::accumulate(table.columns.begin(), table.columns.end(), std::size_t{0},
                                                [](std::size_t sum, const Column& c) { return sum + c.missing_count; });
    const auto numeric = std::count_if(table.columns.begin(), table.columns.end(),
                                       [](const Column& c) { return c.kind == ColumnKind::Numeric; });
    summary->setText(tr("<b>%1</b><br>%2 rows × %3 columns (%4 numeric, %5 categorical), %6 missing cells")
                         .arg(QFileInfo(file).fileName().toHtmlEscaped())
                         .arg(table.rows)
                         .arg(table.columns.size())
                         .arg(numeric)
                         .arg(static_cast<qsizetype>(table.columns.size()) - numeric)
                         .arg(missing));
    summary->setToolTip(QDir::toNativeSeparators(file));
    format->showRead(table.format, data->format);
    preview->setTable(&table);
    // Sizing a column to its contents reads its preview cells; a wide table's columns (a few
    // hundred and more) keep one width instead, which the user can drag, so that showing 200,000
    // columns does not read 20 million cells on the GUI thread.
    constexpr std::size_t kColumnsSizedToContents = 500;
    previewView->horizontalHeader()->setSectionResizeMode(
        table.columns.size() <= kColumnsSizedToContents ? QHeaderView::ResizeToContents : QHeaderView::Interactive);

    columns->setRowCount(static_cast<int>(table.columns.size()));
    boldRow = -1;  // every row's items are new
    for (std::size_t k = 0; k < table.columns.size(); ++k) {
        const Column& column = table.columns[k];
        const int row = static_cast<int>(k);
        columns->setItem(row, 0, readOnlyItem(QString::fromStdString(column.name)));
        columns->setItem(row, 1, readOnlyItem(QString::fromStdString(to_string(column.kind))));
        columns->setItem(row, 2, readOnlyItem(QString::number(column.missing_count), true));
        columns->setItem(row, 3, readOnlyItem(QString()));
        columns->setItem(row, 4, readOnlyItem(QString()));  // under a text column's encoding combo
        // A text column's encoding, the GUI's --encode: Auto is what the plan decides.
        if (column.kind != ColumnKind::Categorical || k >= kColumnsSizedToContents) continue;
        auto* encoding = new QComboBox(columns);
        encoding->addItem(tr("Auto"));
        encoding->addItem(tr("One-hot"), QStringLiteral("onehot"));
        encoding->addItem(tr("Ordinal"), QStringLiteral("ordinal"));
        encoding->addItem(tr("Leave-one-out"), QStringLiteral("loo"));
        encoding->setToolTip(tr("Encode this text column so in the run, even when Auto leaves it out or reads it as numbers or dates"));
        columns->setCellWidget(row, 4, encoding);
        QObject::connect(encoding, &QComboBox::currentIndexChanged, panel, [this] {
            showPlan();
            emit panel->settingsChanged();
        });
    }

    const QSignalBlocker blocker(target);
    target->clear();
    for (const Column& column : table.columns) target->addItem(QString::fromStdString(column.name));
    const int kept = keptTarget.isEmpty() ? -1 : target->findText(keptTarget);
    target->setCurrentIndex(kept >= 0 ? kept : static_cast<int>(data->target));
    showTargetReason();
    showPlan();
    // The worker summarised the default target with the detected task, not the ones chosen.
    if (forcedTask() || target->currentIndex() != static_cast<int>(data->target)) {
        targetView->clear();
        refreshTarget();
        return;
    }
    showOverview(data->overview);  // summarised by the worker that read the file
}

void DataPanel::Parts::refreshTarget() {
    const int column = target->currentIndex();
    if (column < 0 || !data) {
        showOverview({});
        return;
    }
    // One summary at a time: a choice made meanwhile is summarised when this one comes back.
    if (!summarizer->isRunning()) summarizer->start(data, static_cast<std::size_t>(column), forcedTask());
}

void DataPanel::Parts::showOverview(const TargetOverview& overview) {
    targetProblem = QString::fromStdString(overview.problem);
    if (overview.summary) targetView->showSummary(target->currentText(), *overview.summary);
    else if (!targetProblem.isEmpty()) targetView->showProblem(targetProblem);
    else targetView->clear();
    task->setItemText(0, tr("Auto (detected: %1)")
                             .arg(overview.detected ? QString::fromStdString(to_string(*overview.detected)) : QStringLiteral("—")));
    // The target stands out among the inputs: only the rows whose weight changes are touched, not
    // each of a wide table's rows.
    const int column = target->currentIndex();
    const auto setBold = [&](int row, bool bold) {
        if (row < 0 || row >= columns->rowCount()) return;
        QFont font = columns->font();
        font.setBold(bold);
        for (int k = 0; k < columns->columnCount(); ++k) columns->item(row, k)->setFont(font);
    };
    if (boldRow != column) setBold(boldRow, false);
    setBold(column, true);
    boldRow = column;
    emit panel->targetShown();
}

DataPanel::DataPanel(QWidget* parent) : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& p = *parts_;
    p.panel = this;
    auto* layout = new QVBoxLayout(this);

    p.recent = new RecentFilesMenu(tr("Open &recent"), this);
    connect(p.recent, &RecentFilesMenu::fileChosen, this, &DataPanel::openFile);
    p.shipped = new QMenu(tr("Shipped &data sets"), this);
    const QString shippedFolder = shipped_datasets_folder();
    const QStringList shippedFiles =
        shippedFolder.isEmpty() ? QStringList() : QDir(shippedFolder).entryList({QStringLiteral("*.csv")}, QDir::Files, QDir::Name);
    for (const QString& name : shippedFiles) {
        const QString path = QDir(shippedFolder).filePath(name);
        p.shipped->addAction(name, this, [this, path] { openFile(path); });
    }
    if (shippedFiles.isEmpty()) p.shipped->addAction(tr("(none found next to the program)"))->setEnabled(false);

    auto* buttons = new QHBoxLayout;
    auto* open = new QPushButton(tr("Open…"), this);
    open->setToolTip(tr("Open a CSV file (Ctrl+O)"));
    connect(open, &QPushButton::clicked, this, &DataPanel::openWithDialog);
    buttons->addWidget(open);
    for (QMenu* menu : {static_cast<QMenu*>(p.shipped), static_cast<QMenu*>(p.recent)}) {
        auto* button = new QToolButton(this);
        button->setText(menu == p.shipped ? tr("Data sets") : tr("Recent"));
        button->setMenu(menu);
        button->setPopupMode(QToolButton::InstantPopup);
        buttons->addWidget(button);
    }
    buttons->addStretch();
    layout->addLayout(buttons);

    // Under the Open button, where the new file will show: the read's progress and its Cancel.
    p.loading = new QWidget(this);
    auto* loadingLayout = new QVBoxLayout(p.loading);
    loadingLayout->setContentsMargins(0, 0, 0, 0);
    p.loadingName = new QLabel(p.loading);
    // Its own line, its width ignored: a long file name must not widen the panel.
    p.loadingName->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    p.loadProgress = new QProgressBar(p.loading);
    p.loadProgress->setObjectName(QStringLiteral("loadProgress"));
    auto* cancel = new QPushButton(tr("Cancel"), p.loading);
    cancel->setObjectName(QStringLiteral("cancelLoad"));
    cancel->setToolTip(tr("Stop reading; the data shown stay loaded"));
    connect(cancel, &QPushButton::clicked, this, &DataPanel::cancelLoad);
    auto* loadingRow = new QHBoxLayout;
    loadingRow->addWidget(p.loadProgress, 1);
    loadingRow->addWidget(cancel);
    loadingLayout->addWidget(p.loadingName);
    loadingLayout->addLayout(loadingRow);
    p.loading->hide();
    layout->addWidget(p.loading);

    p.loader = new LoadingSession(this);
    connect(p.loader, &LoadingSession::progressed, this, [this](qint64 read, qint64 total) {
        QProgressBar* bar = parts_->loadProgress;
        // Percent of the file's bytes: a bar range is an int, and files pass 2 GB.
        bar->setRange(0, total > 0 ? 100 : 0);
        bar->setValue(total > 0 ? static_cast<int>(100 * read / total) : 0);
    });
    connect(p.loader, &LoadingSession::finished, this, [this](std::shared_ptr<const LoadedTable> loaded) {
        Parts& parts = *parts_;
        if (parts.nextFile.isEmpty()) {  // else a newer file was asked for while this one was read
            const bool reread = parts.data && parts.data->file == loaded->file;
            const QString keptTarget = reread ? parts.target->currentText() : QString();
            std::shared_ptr<const LoadedTable> previous = std::exchange(parts.data, std::move(loaded));
            parts.recent->add(parts.data->file);
            parts.showTable(keptTarget);  // the preview stops pointing into the previous table
            if (parts.pendingSettings && parts.pendingFile == parts.data->file) setFrom(*parts.pendingSettings);
            parts.pendingSettings.reset();
            emit dataChanged();
            release_in_background(std::move(previous));
        }
        parts.loadEnded();
    });
    connect(p.loader, &LoadingSession::failed, this, [this](const QString& message) {
        Parts& parts = *parts_;
        if (parts.nextFile.isEmpty()) {
            parts.pendingSettings.reset();
            parts.showError(tr("Cannot open %1").arg(QFileInfo(parts.reading).fileName()), message);
        }
        parts.loadEnded();
    });
    connect(p.loader, &LoadingSession::cancelled, this, [this] {
        Parts& parts = *parts_;
        if (parts.nextFile.isEmpty()) {  // the user's Cancel: the format shown is again the data's
            parts.pendingSettings.reset();
            parts.formatFile = parts.data ? parts.data->file : QString();
            parts.format->setOverrides(parts.data ? parts.data->format : CsvOptions());
        }
        parts.loadEnded();
    });
    p.summarizer = new TargetSummarySession(this);
    connect(p.summarizer, &TargetSummarySession::finished, this, [this](std::shared_ptr<const TargetChoiceOverview> result) {
        Parts& parts = *parts_;
        // Compared by owner, not lock(): a strong reference taken here could be a table's last.
        const bool sameTable = !result->data.owner_before(parts.data) && !parts.data.owner_before(result->data);
        if (!sameTable || static_cast<int>(result->column) != parts.target->currentIndex() ||
            result->forced != parts.forcedTask()) {
            parts.refreshTarget();  // the choice changed while this one was summarised
            return;
        }
        parts.showOverview(result->overview);
    });

    p.summary = new QLabel(tr("No data yet: open a CSV file or pick a shipped data set."), this);
    p.summary->setObjectName(QStringLiteral("dataSummary"));
    p.summary->setWordWrap(true);
    p.summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(p.summary);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    p.format = new CsvFormatRow(this);
    // No mnemonic: every letter of "format" already leads elsewhere (Alt+F opens the File menu).
    form->addRow(tr("Format:"), p.format);
    QWidget* formatLabel = form->labelForField(p.format);
    formatLabel->setContentsMargins(0, p.format->labelTopMargin(*formatLabel), 0, 0);
    connect(p.format, &CsvFormatRow::changed, this, [this] {
        // The data shown stay until the file has been read again this way (or the read failed).
        if (!parts_->formatFile.isEmpty()) openFile(parts_->formatFile);
    });
    p.target = new QComboBox(this);
    p.target->setObjectName(QStringLiteral("target"));
    p.target->setToolTip(tr("The column to predict; every other column is an input."));
    form->addRow(tr("&Target:"), p.target);
    p.targetReason = new QLabel(this);
    p.targetReason->setObjectName(QStringLiteral("targetReason"));
    p.targetReason->setWordWrap(true);
    p.targetReason->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(QString(), p.targetReason);

    p.task = new QComboBox(this);
    p.task->setObjectName(QStringLiteral("task"));
    p.task->addItem(tr("Auto"), QString());
    p.task->addItem(tr("Classification"), QString::fromStdString(to_string(Task::Classification)));
    p.task->addItem(tr("Regression"), QString::fromStdString(to_string(Task::Regression)));
    p.task->setToolTip(tr("Auto: classification for text or a few integer values, regression otherwise."));
    form->addRow(tr("T&ask:"), p.task);

    layout->addLayout(form);
    p.preparation = new PreparationForm(this);
    layout->addWidget(p.preparation);

    // Below the preparation, beside the Preprocessing it also decides: above it, the row would push
    // the split out of sight on a 1366 x 768 screen.
    auto* cellsForm = new QFormLayout;
    cellsForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    p.cells = new CellReadingRow(this);
    // No mnemonic, as for Format: each letter of "cells" already leads elsewhere in the window
    // (Highlight class, Seed, Log-scale loss, Stop).
    cellsForm->addRow(tr("Cells:"), p.cells);
    QWidget* cellsLabel = cellsForm->labelForField(p.cells);
    cellsLabel->setContentsMargins(0, p.cells->labelTopMargin(*cellsLabel), 0, 0);
    layout->addLayout(cellsForm);

    auto* tabs = new QTabWidget(this);
    auto* rows = new QTableView(tabs);
    rows->setObjectName(QStringLiteral("preview"));
    p.preview = new TablePreviewModel(rows);
    rows->setModel(p.preview);
    p.previewView = rows;
    rows->verticalHeader()->setDefaultSectionSize(rows->fontMetrics().height() + 6);
    tabs->addTab(rows, tr("Rows (first %1)").arg(TablePreviewModel::previewRows));

    p.columns = new QTableWidget(0, 5, tabs);
    p.columns->setObjectName(QStringLiteral("columnSummary"));
    p.columns->setHorizontalHeaderLabels({tr("Column"), tr("Type"), tr("Missing"), tr("In the run"), tr("Encoding")});
    p.columns->verticalHeader()->hide();
    p.columns->verticalHeader()->setDefaultSectionSize(rows->verticalHeader()->defaultSectionSize());
    p.columns->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    p.columns->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    p.columns->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    p.columns->horizontalHeader()->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    p.columns->horizontalHeader()->setSectionResizeMode(4, QHeaderView::ResizeToContents);
    tabs->addTab(p.columns, tr("Columns"));

    p.targetView = new TargetView(tabs);
    tabs->addTab(p.targetView, tr("Target"));
    tabs->setCurrentWidget(p.targetView);  // the class balance is what a user checks first
    layout->addWidget(tabs, 1);

    connect(p.target, &QComboBox::currentIndexChanged, this, [this] {
        parts_->showTargetReason();
        parts_->showPlan();
        parts_->refreshTarget();
        emit settingsChanged();
    });
    connect(p.task, &QComboBox::currentIndexChanged, this, [this] {
        parts_->refreshTarget();
        emit settingsChanged();
    });
    // The plan is computed from the table loaded: a choice of reading or preparation needs no re-read.
    const auto replan = [this] {
        parts_->showPlan();
        emit settingsChanged();
    };
    connect(p.cells, &CellReadingRow::changed, this, replan);
    connect(p.preparation, &PreparationForm::changed, this, replan);
    p.refreshTarget();
}

DataPanel::~DataPanel() = default;

void DataPanel::openFile(const QString& file) {
    Parts& p = *parts_;
    p.lastFolder = QFileInfo(file).absolutePath();
    // Another file starts from Auto, as spreadsheets' import dialogs do: a delimiter or decimal
    // chosen for one file would silently misread the next (numbers turned into text), while
    // detection is right for most files and its result shows in the Auto items.
    if (file != p.formatFile) p.format->setOverrides({});
    p.formatFile = file;
    // Not the worker's own state: a read may have ended while its last signal is still queued.
    if (!p.reading.isEmpty()) {  // the newest choice wins: stop this read, then read that file
        p.nextFile = file;
        p.loader->requestStop();
        return;
    }
    p.startLoad(file);
}

void DataPanel::openFileWithSettings(const QString& file, const RunConfig& settings) {
    Parts& p = *parts_;
    CsvOptions format;
    format.delimiter = settings.delimiter;
    format.decimal = settings.decimal;
    format.encoding = settings.encoding;
    p.format->setOverrides(format);
    p.cells->setOptions(settings.reading);  // now, not once read: a read that fails keeps the project's choice
    p.formatFile = file;  // so that openFile keeps these overrides
    p.pendingSettings = settings;
    p.pendingFile = file;
    openFile(file);
}

void DataPanel::cancelLoad() {
    parts_->nextFile.clear();
    parts_->loader->requestStop();
}

bool DataPanel::isLoading() const { return !parts_->reading.isEmpty(); }

void DataPanel::openWithDialog() {
    const QString file = QFileDialog::getOpenFileName(this, tr("Open a CSV file"), parts_->lastFolder,
                                                      tr("CSV files (*.csv *.tsv *.txt *.csv.gz *.tsv.gz *.txt.gz);;All files (*)"));
    if (!file.isEmpty()) openFile(file);
}

bool DataPanel::hasData() const { return parts_->data != nullptr; }
QString DataPanel::file() const { return hasData() ? parts_->data->file : QString(); }

std::shared_ptr<const LoadedTable> DataPanel::loadedTable() const { return parts_->data; }

const Table& DataPanel::table() const {
    static const Table none;
    return hasData() ? parts_->data->table : none;
}

bool DataPanel::checkFileUnchanged() {
    if (!hasData() || !changed_since(parts_->data->stamp)) return true;
    const QString file = parts_->data->file;
    auto* box = new QMessageBox(QMessageBox::Warning, tr("The data file changed"),
                                tr("%1 changed on disk after it was loaded.").arg(QFileInfo(file).fileName()), QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("changedDataDialog"));
    box->setInformativeText(tr("The data shown are the file as it was read; a run now would read the file as it is. "
                               "Reload the data to see and use the file as it is now, then start again.\n\n%1")
                                .arg(QDir::toNativeSeparators(file)));
    QPushButton* reload = box->addButton(tr("Reload the data"), QMessageBox::AcceptRole);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(reload);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, reload, file](QAbstractButton* button) {
        if (button == reload) openFile(file);
    });
    // open(), not exec(): nothing waits on a nested event loop.
    box->open();
    return false;
}

bool DataPanel::checkFileUnchanged(const std::vector<RunConfig>& dataSets) {
    const std::filesystem::path shown = file().toStdString();
    const bool readsShown = std::any_of(dataSets.begin(), dataSets.end(), [&](const RunConfig& d) { return d.data_file == shown; });
    return !hasData() || !readsShown || checkFileUnchanged();
}

QString DataPanel::problem() const {
    if (!hasData()) return tr("Open a data set first.");
    if (!parts_->preparation->problem().isEmpty()) return parts_->preparation->problem();
    return parts_->targetProblem;
}

void DataPanel::applyTo(RunConfig& config) const {
    const Parts& p = *parts_;
    config.data_file = file().toStdString();
    if (hasData()) {  // how the data shown were read, which the combos may no longer say after a failed re-read
        config.delimiter = p.data->format.delimiter;
        config.decimal = p.data->format.decimal;
        config.encoding = p.data->format.encoding;
    }
    config.target = p.target->currentText().toStdString();
    config.task = p.forcedTask();
    config.reading = p.cells->options();
    p.preparation->applyTo(config);
    config.column_encodings = p.chosenEncodings();
}

void DataPanel::setFrom(const RunConfig& config) {
    Parts& p = *parts_;
    if (hasData()) {
        try {
            p.target->setCurrentIndex(static_cast<int>(table().column_index(config.target)));
        } catch (const DataError&) {
            // A model trained on another table: its target is not here, the current choice stays.
        }
    }
    selectData(p.task, config.task ? QString::fromStdString(to_string(*config.task)) : QString());
    p.cells->setOptions(config.reading);
    p.preparation->setFrom(config);
    for (int row = 0; row < p.columns->rowCount(); ++row) {
        auto* encoding = qobject_cast<QComboBox*>(p.columns->cellWidget(row, 4));
        if (!encoding) continue;
        const auto chosen = config.column_encodings.find(p.columns->item(row, 0)->text().toStdString());
        const QSignalBlocker blocker(encoding);
        selectData(encoding, chosen == config.column_encodings.end() ? QString() : QString::fromStdString(to_string(chosen->second)));
    }
    p.showPlan();
    emit settingsChanged();
}

std::optional<Resampling> DataPanel::crossValidation() const { return parts_->preparation->crossValidation(); }

QMenu* DataPanel::recentFilesMenu() const { return parts_->recent; }
QMenu* DataPanel::shippedDatasetsMenu() const { return parts_->shipped; }

void DataPanel::saveSettings(QSettings& settings) const {
    const Parts& p = *parts_;
    settings.setValue(recentFilesKey, p.recent->files());
    settings.setValue(lastFolderKey, p.lastFolder);
    p.preparation->saveSettings(settings);
}

void DataPanel::restoreSettings(const QSettings& settings) {
    Parts& p = *parts_;
    p.recent->setFiles(settings.value(recentFilesKey).toStringList());
    p.lastFolder = settings.value(lastFolderKey, p.lastFolder).toString();
    p.preparation->restoreSettings(settings);
}

}  // namespace treelab
