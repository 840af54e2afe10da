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

struct ResultsPanel::Parts {
    QTableWidget* list = nullptr;
    RunDetailView* detail = nullptr;
    std::vector<std::shared_ptr<const RunOutcome>> runs;  // in list order; names live in the list
    // What a project needs to prepare a run's rows again (addRun's `config` and `refit`).
    struct Origin {
        std::optional<RunConfig> config;
        std::optional<RefitSource> refit;
    };
    std::vector<Origin> origins;  // in the same order as runs
    std::function<void()> updateActions;

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
        if (currentRow() >= 0) emit saveModelRequested(run(currentRow()));
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
    connect(p.list->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ResultsPanel::showCurrentRun);
    p.updateActions();
}

void ResultsPanel::showCurrentRun() {
    const std::shared_ptr<const RunOutcome> outcome = run(currentRow());
    parts_->detail->showRun(outcome);
    parts_->updateActions();
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
    p.runs.push_back(outcome);
    p.origins.push_back({std::move(config), std::move(refit)});
    trimOlderRuns();
    {
        const QSignalBlocker blocker(p.list);  // not a rename
        p.list->insertRow(row);
        p.list->setItem(row, NameColumn, new QTableWidgetItem(name));
        setRunCells(row, *outcome);
    }
    p.list->resizeColumnToContents(NameColumn);
    selectRun(row);
    emit runsChanged();
    return row;
}

void ResultsPanel::trimOlderRuns() {
    std::vector<std::shared_ptr<const RunOutcome>>& runs = parts_->runs;
    for (std::size_t row = 0; row + kRunsWithRecordedTrees < runs.size(); ++row) {
        if (runs[row]->recorded_trees.empty() && runs[row]->test_probabilities.size() == 0) continue;
        auto kept = std::make_shared<RunOutcome>(*runs[row]);
        kept->recorded_trees_dropped = !kept->recorded_trees.empty();
        kept->recorded_trees = {};
        kept->test_probabilities = {};  // the ROC page predicts them again (run_scores_detail)
        runs[row] = std::move(kept);
    }
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
    parts_->runs[std::size_t(row)] = outcome;
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
        if (parts_->runs[std::size_t(row)].get() == outcome) return row;
    return -1;
}

const std::optional<RunConfig>& ResultsPanel::runConfig(int row) const {
    static const std::optional<RunConfig> none;
    return row >= 0 && row < runCount() ? parts_->origins[std::size_t(row)].config : none;
}

const std::optional<RefitSource>& ResultsPanel::refitSource(int row) const {
    static const std::optional<RefitSource> none;
    return row >= 0 && row < runCount() ? parts_->origins[std::size_t(row)].refit : none;
}

int ResultsPanel::runCount() const { return int(parts_->runs.size()); }

std::shared_ptr<const RunOutcome> ResultsPanel::run(int row) const {
    return row >= 0 && row < runCount() ? parts_->runs[std::size_t(row)] : nullptr;
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
        p.origins.erase(p.origins.begin() + row);
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
        p.origins.clear();
        p.list->setRowCount(0);
    }
    showCurrentRun();
    emit runsChanged();
}

QDialog* ResultsPanel::compareRuns(int first, int second) {
    if (!run(first) || !run(second)) return nullptr;
    return open_run_comparison(this, {runName(first), run(first).get()}, {runName(second), run(second).get()});
}

QString ResultsPanel::metricsCsv() const {
    std::vector<std::vector<RunMetric>> runs;
    for (const auto& outcome : parts_->runs) runs.push_back(run_metrics(*outcome));
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
