#include "ui/results/results_panel.h"

#include <functional>

#include <QAction>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/session/background_release.h"
#include "app/session/project_session.h"
#include "app/session/run_spill.h"
#include "core/io/atomic_file.h"
#include "core/io/csv_field.h"
#include "core/learners/learner.h"
#include "ui/common/value_text.h"
#include "ui/results/run_comparison.h"
#include "ui/results/run_detail_view.h"
#include "ui/results/run_metrics.h"

namespace treelab {
namespace {

enum Column { NameColumn, MethodColumn, ParamsColumn, ScoreColumn, TimeColumn, ColumnCount };

QTableWidgetItem* read_only(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

QString method_label(const std::string& method) {
    for (const LearnerInfo& learner : learners())
        if (learner.name == method) return QString::fromStdString(learner.label);
    return QString::fromStdString(method);
}

QString headline_text(const Scores& scores) {
    const std::string name = headline_score(scores);
    return name.empty() ? QString() : QStringLiteral("%1 %2").arg(QString::fromStdString(score_label(name))).arg(scores.at(name), 0, 'f', 4);
}

}  // namespace

// A run in the list; its name lives in the list's cell.
struct ListedRun {
    std::shared_ptr<const RunOutcome> whole;  // null while the run is on disk only
    std::shared_ptr<const SpilledRun> file;   // its copy on disk, once written (still the run's)
    std::shared_ptr<const PreparedData> data;  // to score it again when it is read back
    // What a project needs to prepare its rows again (addRun's `config` and `refit`).
    std::optional<RunConfig> config;
    std::optional<RefitSource> refit;
    std::vector<RunMetric> metrics;  // run_metrics, for the CSV and the comparison
    bool writing = false, reading = false;
};

struct ResultsPanel::Parts {
    QTableWidget* list = nullptr;
    RunDetailView* detail = nullptr;
    RunSpill* spill = nullptr;
    bool spillFailed = false;
    std::vector<ListedRun> runs;  // in list order
    std::function<void()> updateActions;

    ListedRun* runWith(const RunOutcome* whole) {
        for (ListedRun& run : runs)
            if (run.whole.get() == whole) return &run;
        return nullptr;
    }
    ListedRun* runWith(const SpilledRun* file) {
        for (ListedRun& run : runs)
            if (run.file.get() == file) return &run;
        return nullptr;
    }

    QList<int> selectedRows() const {
        QList<int> rows;
        for (const QModelIndex& index : list->selectionModel()->selectedRows()) rows << index.row();
        std::sort(rows.begin(), rows.end());
        return rows;
    }
};

ResultsPanel::ResultsPanel(QWidget* parent) : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& p = *parts_;
    p.list = new QTableWidget(0, ColumnCount, this);
    p.list->setObjectName("resultList");
    p.list->setHorizontalHeaderLabels({tr("Name"), tr("Method"), tr("Parameters"), tr("Test score"), tr("Train time")});
    p.list->setSelectionBehavior(QAbstractItemView::SelectRows);
    p.list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    p.list->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    p.list->verticalHeader()->setVisible(false);
    p.list->horizontalHeader()->setSectionResizeMode(ParamsColumn, QHeaderView::Stretch);
    p.list->setContextMenuPolicy(Qt::ActionsContextMenu);
    p.detail = new RunDetailView(this);

    auto addAction = [&](const QString& text, const QKeySequence& keys, auto slot) {
        auto* action = new QAction(text, this);
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(action, &QAction::triggered, this, slot);
        p.list->addAction(action);
        return action;
    };
    QAction* rename = addAction(tr("&Rename"), QKeySequence(Qt::Key_F2), [this] {
        if (currentRow() >= 0) parts_->list->editItem(parts_->list->item(currentRow(), NameColumn));
    });
    QAction* remove = addAction(tr("&Delete"), QKeySequence::Delete, [this] {
        const QList<int> rows = parts_->selectedRows();
        for (auto row = rows.rbegin(); row != rows.rend(); ++row) removeRun(*row);
    });
    QAction* save = addAction(tr("&Save model…"), QKeySequence(), [this] {
        if (const std::shared_ptr<const RunOutcome> shown = run(currentRow())) emit saveModelRequested(shown);
    });
    QAction* compare = addAction(tr("&Compare"), QKeySequence(), [this] {
        const QList<int> rows = parts_->selectedRows();
        if (rows.size() == 2) compareRuns(rows[0], rows[1]);
    });
    QAction* exportCsv = addAction(tr("&Export metrics CSV…"), QKeySequence(), [this] {
        const QString file = QFileDialog::getSaveFileName(this, tr("Export the metrics table"), QString(), tr("CSV files (*.csv)"));
        if (!file.isEmpty()) exportMetricsCsv(file);
    });
    compare->setToolTip(tr("Select two runs (Ctrl+click) to see their metrics side by side"));

    auto* buttons = new QHBoxLayout;
    for (QAction* action : {rename, remove, save, compare, exportCsv}) {
        auto* button = new QPushButton(action->text(), this);
        button->setToolTip(action->toolTip());
        connect(button, &QPushButton::clicked, action, &QAction::trigger);
        connect(action, &QAction::changed, button, [button, action] { button->setEnabled(action->isEnabled()); });
        buttons->addWidget(button);
    }
    buttons->addStretch();
    p.updateActions = [this, rename, remove, save, compare, exportCsv] {
        const int selected = int(parts_->selectedRows().size());
        rename->setEnabled(currentRow() >= 0);
        remove->setEnabled(selected > 0);
        save->setEnabled(currentRow() >= 0);
        compare->setEnabled(selected == 2);
        exportCsv->setEnabled(runCount() > 0);
    };

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(p.list);
    topLayout->addLayout(buttons);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    splitter->addWidget(p.detail);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    connect(p.list->selectionModel(), &QItemSelectionModel::selectionChanged, this, p.updateActions);
    connect(p.list, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (item->column() == NameColumn) emit runsChanged();  // renamed in place (F2)
    });
    connect(p.list->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        showCurrentRun();
        keepMemoryBounded();
    });
    p.updateActions();

    p.spill = new RunSpill(this);
    connect(p.spill, &RunSpill::written, this, [this](std::shared_ptr<const RunOutcome> whole, std::shared_ptr<const SpilledRun> file) {
        if (ListedRun* run = parts_->runWith(whole.get())) {
            run->writing = false;
            run->file = std::move(file);
        }
        keepMemoryBounded();
    });
    connect(p.spill, &RunSpill::restored, this, [this](std::shared_ptr<const SpilledRun> file, std::shared_ptr<const RunOutcome> whole) {
        ListedRun* run = parts_->runWith(file.get());
        if (!run) return;  // deleted meanwhile
        run->reading = false;
        run->whole = std::move(whole);
        if (currentRow() >= 0 && &parts_->runs[std::size_t(currentRow())] == run) showCurrentRun();
    });
    connect(p.spill, &RunSpill::failed, this, [this](const QString& message) {
        // Runs stay in memory from now on; one that could not be read back stays on disk.
        parts_->spillFailed = true;
        for (ListedRun& run : parts_->runs) run.writing = run.reading = false;
        emit problem(message);
    });
}

void ResultsPanel::showCurrentRun() {
    Parts& p = *parts_;
    const int row = currentRow();
    if (row >= 0 && !p.runs[std::size_t(row)].whole) {
        // On disk only: the views wait for it, empty rather than showing another run.
        ListedRun& listed = p.runs[std::size_t(row)];
        if (!listed.reading && !p.spillFailed) {
            listed.reading = true;
            p.spill->restore(listed.file, listed.data);
        }
        p.detail->showRun(nullptr);
        p.updateActions();
        emit runSelected(nullptr);
        return;
    }
    const std::shared_ptr<const RunOutcome> outcome = run(row);
    p.detail->showRun(outcome);
    p.updateActions();
    emit runSelected(outcome);
}

ResultsPanel::~ResultsPanel() = default;

RunDetailView* ResultsPanel::detailView() const { return parts_->detail; }

std::optional<PlotSheet> ResultsPanel::figure() const {
    const int row = currentRow();
    return row < 0 ? std::nullopt : parts_->detail->figure(runName(row).toStdString());
}

int ResultsPanel::addRun(const QString& name, std::shared_ptr<const RunOutcome> outcome, std::optional<RunConfig> config,
                         std::optional<RefitSource> refit) {
    Parts& p = *parts_;
    const int row = p.list->rowCount();
    p.runs.push_back({outcome, nullptr, outcome->data, std::move(config), std::move(refit), run_metrics(*outcome)});
    {
        const QSignalBlocker blocker(p.list);  // not a rename
        p.list->insertRow(row);
        p.list->setItem(row, NameColumn, new QTableWidgetItem(name));
        setRunCells(row, *outcome);
    }
    p.list->resizeColumnToContents(NameColumn);
    selectRun(row);
    keepMemoryBounded();
    emit runsChanged();
    return row;
}

void ResultsPanel::keepMemoryBounded() {
    Parts& p = *parts_;
    const std::size_t current = std::size_t(currentRow());  // -1 (none) is never an index below
    for (std::size_t row = 0; row + kRunsInMemory < p.runs.size(); ++row) {
        ListedRun& run = p.runs[row];
        if (!run.whole || row == current) continue;
        if (run.file) {
            release_in_background(std::move(run.whole));  // a large tree takes the GUI thread a while to free
            run.whole = nullptr;
        } else if (!run.writing && !p.spillFailed) {
            run.writing = true;
            p.spill->write(run.whole);
        }
    }
}

bool ResultsPanel::isInMemory(int row) const { return row >= 0 && row < runCount() && parts_->runs[std::size_t(row)].whole; }

std::function<RunOutcome()> ResultsPanel::storedRun(int row) const {
    const ListedRun& run = parts_->runs.at(std::size_t(row));
    if (run.whole) return [whole = run.whole] { return stored_part(*whole); };
    return [file = run.file] { return file->read(); };
}

void ResultsPanel::setRunCells(int row, const RunOutcome& outcome) {
    QTableWidget* list = parts_->list;
    list->item(row, NameColumn)->setToolTip(QString::fromStdString(outcome.model.card.command_line));
    list->setItem(row, MethodColumn, read_only(method_label(outcome.model.card.method)));
    list->setItem(row, ParamsColumn, read_only(params_text(outcome)));
    QString score = headline_text(outcome.test_scores);
    if (outcome.diverged) score += tr(" (diverged)");
    else if (outcome.stopped_early) score += tr(" (stopped)");
    list->setItem(row, ScoreColumn, read_only(score));
    auto* time = read_only(durationText(outcome.train_seconds));
    time->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    list->setItem(row, TimeColumn, time);
    list->resizeColumnToContents(ScoreColumn);
}

bool ResultsPanel::replaceRun(int row, std::shared_ptr<const RunOutcome> outcome) {
    if (row < 0 || row >= runCount() || !outcome) return false;
    ListedRun& listed = parts_->runs[std::size_t(row)];
    listed.whole = outcome;
    listed.file = nullptr;  // the copy on disk holds the run as it was
    listed.data = outcome->data;
    listed.metrics = run_metrics(*outcome);
    {
        const QSignalBlocker blocker(parts_->list);
        setRunCells(row, *outcome);
    }
    if (row == currentRow()) showCurrentRun();
    emit runsChanged();
    return true;
}

int ResultsPanel::rowOf(const RunOutcome* outcome) const {
    for (int row = 0; row < runCount(); ++row)
        if (parts_->runs[std::size_t(row)].whole.get() == outcome) return row;
    return -1;
}

const std::optional<RunConfig>& ResultsPanel::runConfig(int row) const {
    static const std::optional<RunConfig> none;
    return row >= 0 && row < runCount() ? parts_->runs[std::size_t(row)].config : none;
}

const std::optional<RefitSource>& ResultsPanel::refitSource(int row) const {
    static const std::optional<RefitSource> none;
    return row >= 0 && row < runCount() ? parts_->runs[std::size_t(row)].refit : none;
}

int ResultsPanel::runCount() const { return int(parts_->runs.size()); }

std::shared_ptr<const RunOutcome> ResultsPanel::run(int row) const {
    return row >= 0 && row < runCount() ? parts_->runs[std::size_t(row)].whole : nullptr;
}

QString ResultsPanel::runName(int row) const {
    const QTableWidgetItem* item = parts_->list->item(row, NameColumn);
    return item ? item->text() : QString();
}

int ResultsPanel::currentRow() const {
    const QModelIndex current = parts_->list->selectionModel()->currentIndex();
    return current.isValid() ? current.row() : -1;
}

void ResultsPanel::selectRun(int row) {
    parts_->list->selectRow(row);
    parts_->list->setCurrentCell(row, NameColumn);
}

void ResultsPanel::renameRun(int row, const QString& name) {
    if (QTableWidgetItem* item = parts_->list->item(row, NameColumn)) item->setText(name);
}

void ResultsPanel::removeRun(int row) {
    Parts& p = *parts_;
    if (row < 0 || row >= runCount()) return;
    const bool wasCurrent = row == currentRow();
    {
        // Qt moves (or drops) the current row on its own, signalling it or not depending on the
        // case; the selection is set once below and announced once.
        const QSignalBlocker blocker(p.list->selectionModel());
        p.runs.erase(p.runs.begin() + row);
        p.list->removeRow(row);
        if (wasCurrent && runCount() > 0) selectRun(std::min(row, runCount() - 1));
    }
    p.list->viewport()->update();
    if (wasCurrent || runCount() == 0) showCurrentRun();
    else p.updateActions();
    emit runsChanged();
}

void ResultsPanel::clear() {
    Parts& p = *parts_;
    {
        const QSignalBlocker blocker(p.list->selectionModel());
        p.runs.clear();
        p.list->setRowCount(0);
    }
    showCurrentRun();
    emit runsChanged();
}

QDialog* ResultsPanel::compareRuns(int first, int second) {
    if (first < 0 || first >= runCount() || second < 0 || second >= runCount()) return nullptr;
    return open_run_comparison(this, {runName(first), parts_->runs[std::size_t(first)].metrics},
                               {runName(second), parts_->runs[std::size_t(second)].metrics});
}

QString ResultsPanel::metricsCsv() const {
    std::vector<std::vector<RunMetric>> runs;
    for (const ListedRun& run : parts_->runs) runs.push_back(run.metrics);
    const std::vector<QString> names = metric_names(runs);
    std::string csv = "name";
    for (const QString& name : names) csv += "," + csv_field(name.toStdString());
    csv += '\n';
    for (std::size_t row = 0; row < runs.size(); ++row) {
        csv += csv_field(runName(int(row)).toStdString());
        for (const QString& name : names) {
            const QVariant value = metric_value(runs[row], name);
            csv += ',';
            if (value.typeId() == QMetaType::Double) csv += to_text(value.toDouble());
            else if (value.isValid()) csv += csv_field(value.toString().toStdString());
        }
        csv += '\n';
    }
    return QString::fromStdString(csv);
}

bool ResultsPanel::exportMetricsCsv(const QString& file) {
    try {
        write_file_atomically(file.toStdString(), metricsCsv().toStdString());
        return true;
    } catch (const std::exception& error) {
        // open(), not exec(): nothing waits on a nested event loop (tests included).
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Export failed"), QString::fromStdString(error.what()),
                                    QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return false;
    }
}

}  // namespace treelab
