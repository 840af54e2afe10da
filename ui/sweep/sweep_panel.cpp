#include "ui/sweep/sweep_panel.h"

#include <algorithm>
#include <numeric>

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>

#include "app/render/sweep_figure.h"
#include "app/session/sweep_session.h"
#include "core/error.h"
#include "core/io/atomic_file.h"
#include "core/learners/learner.h"
#include "core/run/evaluation.h"
#include "core/run/sweep_grid.h"
#include "core/run/sweep_summary.h"
#include "core/run/sweep_target.h"
#include "ui/common/figure_view.h"
#include "ui/sweep/slurm_job_dialog.h"
#include "ui/sweep/sweep_grid_editor.h"
#include "ui/sweep/sweep_plots.h"
#include "ui/sweep/sweep_table.h"

namespace treelab {
namespace {

// Numbers, and words-or-numbers such as DGT's learning_rate (auto or a rate) or l1.
bool is_numeric(const ParamSpec& spec) {
    return spec.type == ParamType::Integer || spec.type == ParamType::Real || (spec.type == ParamType::Choice && spec.accepts_number);
}

// What the parameter combo offers: the numeric hyperparameters, then the stage fields of the
// method's current schedules.
std::vector<SweepTarget> sweep_targets(const LearnerInfo& learner, const ParamValues& params) {
    std::vector<SweepTarget> targets;
    for (const ParamSpec& spec : learner.params)
        if (is_numeric(spec)) targets.push_back({spec, std::nullopt});
    for (SweepTarget& target : stage_field_targets(learner.params, params)) targets.push_back(std::move(target));
    return targets;
}

// A grid value as the chosen-row label shows it: a number to four digits, a range as written.
QString value_text(const std::string& value) {
    bool number = false;
    const double x = QString::fromStdString(value).toDouble(&number);
    return number ? QString::number(x, 'g', 4) : QString::fromStdString(value);
}

bool on_pruning_path(const LearnerInfo& learner, const std::string& param) {
    return learner.pruning_path && learner.pruning_param == param;
}

QString param_title(const ParamSpec& spec) { return QString::fromStdString(spec.label); }

// The score the plots open on: the headline metric of the task, else the first one there is.
std::string default_metric(const std::vector<std::string>& names) {
    for (const char* preferred : {"accuracy", "r2", "dendrogram_purity"})
        if (std::find(names.begin(), names.end(), preferred) != names.end()) return preferred;
    return names.empty() ? std::string() : names.front();
}

}  // namespace

struct SweepPanel::Parts {
    SweepPanel* panel;
    std::function<std::optional<RunConfig>()> source;
    std::function<bool()> startCheck;
    SweepSession* session = nullptr;
    std::string method;  // whose parameters the combo lists
    std::vector<SweepTarget> targets;  // the combo's entries, in order

    QComboBox* param = nullptr;
    SweepGridEditor* grid = nullptr;
    QSpinBox* seeds = nullptr;
    QSpinBox* jobs = nullptr;  // rows trained at once
    QPushButton* run = nullptr;
    QPushButton* stop = nullptr;
    QPushButton* exportCsv = nullptr;
    QPushButton* slurm = nullptr;  // "Export as Slurm job…"
    QPushButton* compare = nullptr;
    QProgressBar* progress = nullptr;
    QLabel* status = nullptr;
    QComboBox* metric = nullptr;
    SweepPlots* plots = nullptr;
    QSlider* scrubber = nullptr;
    QLabel* chosen = nullptr;
    QStandardItemModel* table = nullptr;
    QTableView* tableView = nullptr;

    // The last sweep, and its grid values in increasing numeric order (plot and scrubber order).
    std::shared_ptr<const SweepResult> result;
    GridKind resultGrid = GridKind::List;
    std::vector<SweepPoint> points;
    std::vector<double> xs;

    explicit Parts(SweepPanel* owner) : panel(owner), session(new SweepSession(owner)) {}

    void build();
    void connectAll();
    void showError(const QString& title, const QString& message) const;
    // The sweep the form describes around the config source's run; a dialog titled `failure`
    // says why there is none.
    std::optional<SweepConfig> formSweep(const QString& failure);
    void setRunning(bool running);
    void onParamChanged();
    void onFinished(std::shared_ptr<const SweepResult> finished);
    void show(std::shared_ptr<const SweepResult> shown);  // status, metrics, plots and table; null empties them
    void showResult();
    void choose(int point, std::size_t row);
    int pointOfRow(std::size_t row) const;
};

void SweepPanel::Parts::build() {
    auto* layout = new QVBoxLayout(panel);

    auto* gridRow = new QHBoxLayout;
    param = new QComboBox(panel);
    param->setObjectName("sweepParam");
    param->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    grid = new SweepGridEditor(panel);
    gridRow->addWidget(new QLabel(tr("Parameter"), panel));
    gridRow->addWidget(param);
    gridRow->addSpacing(12);
    gridRow->addWidget(new QLabel(tr("Grid"), panel));
    gridRow->addWidget(grid, 1);
    layout->addLayout(gridRow);

    auto* runRow = new QHBoxLayout;
    seeds = new QSpinBox(panel);
    seeds->setObjectName("sweepSeeds");
    seeds->setRange(1, 100);
    jobs = new QSpinBox(panel);
    jobs->setObjectName("sweepJobs");
    jobs->setRange(1, std::max(1, QThread::idealThreadCount()) * 4);
    jobs->setValue(std::max(1, QThread::idealThreadCount()));
    jobs->setToolTip(tr("Rows trained at once (default: one per core). Every row's result is the same for any number."));
    run = new QPushButton(tr("Run sweep"), panel);
    stop = new QPushButton(tr("Stop"), panel);
    stop->setEnabled(false);
    progress = new QProgressBar(panel);
    progress->setRange(0, 1);
    progress->setValue(0);
    progress->setFormat(tr("%v / %m rows"));
    status = new QLabel(panel);
    runRow->addWidget(new QLabel(tr("Seeds"), panel));
    runRow->addWidget(seeds);
    runRow->addWidget(new QLabel(tr("Jobs"), panel));
    runRow->addWidget(jobs);
    runRow->addWidget(run);
    runRow->addWidget(stop);
    slurm = new QPushButton(tr("Export as Slurm job…"), panel);
    slurm->setObjectName("sweepSlurm");
    slurm->setToolTip(tr("Write this sweep as a Slurm job array (one shard per task) and a merge job, as "
                         "treelab-cli sweep --slurm does, to run on a cluster"));
    runRow->addWidget(slurm);
    runRow->addWidget(progress, 1);
    runRow->addWidget(status);
    layout->addLayout(runRow);

    auto* split = new QSplitter(Qt::Vertical, panel);
    auto* top = new QWidget(split);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    auto* metricRow = new QHBoxLayout;
    metric = new QComboBox(top);
    metric->setObjectName("sweepMetric");
    metric->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    exportCsv = new QPushButton(tr("Export CSV…"), top);
    exportCsv->setEnabled(false);
    compare = new QPushButton(tr("Compare trees…"), top);
    compare->setToolTip(tr("The first seed's tree of every grid value side by side, aligned node for node (as Zantedeschi et al., Fig. 3)"));
    compare->setEnabled(false);
    metricRow->addWidget(new QLabel(tr("Metric"), top));
    metricRow->addWidget(metric);
    metricRow->addStretch(1);
    metricRow->addWidget(compare);
    metricRow->addWidget(exportCsv);
    topLayout->addLayout(metricRow);
    plots = new SweepPlots(top);
    topLayout->addWidget(plots, 1);
    auto* scrubRow = new QHBoxLayout;
    scrubber = new QSlider(Qt::Horizontal, top);
    scrubber->setObjectName("sweepScrubber");
    scrubber->setEnabled(false);
    scrubber->setPageStep(1);
    scrubber->setTickPosition(QSlider::TicksBelow);
    chosen = new QLabel(tr("Run a sweep, then move along its grid here or click a point."), top);
    chosen->setMinimumWidth(260);
    chosen->setWordWrap(true);
    scrubRow->addWidget(new QLabel(tr("Tree at"), top));
    scrubRow->addWidget(scrubber, 1);
    scrubRow->addWidget(chosen, 1);
    topLayout->addLayout(scrubRow);

    table = new QStandardItemModel(panel);
    tableView = new QTableView(split);
    tableView->setObjectName("sweepTable");
    tableView->setModel(table);
    tableView->sortByColumn(0, Qt::AscendingOrder);
    tableView->setSortingEnabled(true);
    tableView->setSelectionBehavior(QAbstractItemView::SelectRows);
    tableView->setSelectionMode(QAbstractItemView::SingleSelection);
    tableView->verticalHeader()->setVisible(false);
    tableView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    split->addWidget(top);
    split->addWidget(tableView);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
}

void SweepPanel::Parts::connectAll() {
    connect(param, &QComboBox::currentIndexChanged, panel, [this] { onParamChanged(); });
    connect(run, &QPushButton::clicked, panel, &SweepPanel::start);
    connect(stop, &QPushButton::clicked, panel, &SweepPanel::stop);
    connect(exportCsv, &QPushButton::clicked, panel, [this] {
        const QString file = QFileDialog::getSaveFileName(panel, tr("Export the sweep table"), tr("sweep.csv"),
                                                          tr("CSV files (*.csv)"));
        if (!file.isEmpty()) panel->exportCsv(file);
    });
    connect(compare, &QPushButton::clicked, panel, &SweepPanel::compareTrees);
    connect(slurm, &QPushButton::clicked, panel, [this] {
        auto* dialog = new SlurmJobDialog(panel);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QDialog::accepted, panel, [this, dialog] { panel->exportSlurmJob(dialog->settings()); });
        dialog->open();
    });
    connect(metric, &QComboBox::currentIndexChanged, panel, [this] { showResult(); });
    connect(scrubber, &QSlider::valueChanged, panel, [this](int point) {
        if (point >= 0 && point < static_cast<int>(points.size())) choose(point, points[point].rows.front());
    });
    connect(plots, &SweepPlots::pointClicked, panel, [this](int point) {
        if (scrubber->value() == point) choose(point, points[point].rows.front());
        else scrubber->setValue(point);
    });
    connect(tableView, &QTableView::clicked, panel, [this](const QModelIndex& index) {
        const auto row = table->item(index.row(), 0)->data(kSweepRowRole).toULongLong();
        choose(pointOfRow(row), row);
    });
    connect(session, &SweepSession::progressed, panel, [this](int done, int total) {
        progress->setRange(0, total);  // 0 = busy while CART's path is grown
        progress->setValue(done);
    });
    connect(session, &SweepSession::finished, panel, [this](std::shared_ptr<const SweepResult> finished) {
        onFinished(std::move(finished));
    });
    connect(session, &SweepSession::failed, panel, [this](const QString& message) {
        setRunning(false);
        status->setText(tr("failed"));
        showError(tr("Sweep failed"), message);
        emit panel->finished();
    });
}

// Non-modal, so a test or a running sweep is never blocked by an open dialog.
void SweepPanel::Parts::showError(const QString& title, const QString& message) const {
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, panel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void SweepPanel::Parts::setRunning(bool running) {
    run->setEnabled(!running);
    stop->setEnabled(running);
    param->setEnabled(!running);
    grid->setEnabled(!running);
    seeds->setEnabled(!running);
    jobs->setEnabled(!running);
}

void SweepPanel::Parts::onParamChanged() {
    if (param->currentIndex() < 0) return;
    const SweepTarget& target = targets[static_cast<std::size_t>(param->currentIndex())];
    grid->setParameter(target.spec, on_pruning_path(find_learner(method), target.spec.name));
}

void SweepPanel::Parts::onFinished(std::shared_ptr<const SweepResult> finished) {
    setRunning(false);
    show(std::move(finished));
    emit panel->finished();
}

void SweepPanel::Parts::show(std::shared_ptr<const SweepResult> shown) {
    result = std::move(shown);
    if (!result) {
        points.clear();
        xs.clear();
        plots->clear();
        table->removeRows(0, table->rowCount());
        scrubber->setEnabled(false);
        status->clear();
        chosen->clear();
        exportCsv->setEnabled(false);
        compare->setEnabled(false);
        return;
    }
    const int total = progress->maximum();
    progress->setRange(0, std::max(total, static_cast<int>(result->rows.size())));
    progress->setValue(static_cast<int>(result->rows.size()));
    status->setText(result->stopped ? tr("stopped after %n row(s)", nullptr, static_cast<int>(result->rows.size()))
                                    : tr("done"));

    std::vector<std::string> names;
    for (const SweepRow& row : result->rows)
        for (const Scores* scores : {&row.train, &row.valid, &row.test})
            for (const auto& entry : *scores)
                if (std::find(names.begin(), names.end(), entry.first) == names.end()) names.push_back(entry.first);
    const QVariant previous = metric->currentData();
    {
        const QSignalBlocker blocker(metric);
        metric->clear();
        for (const std::string& name : names) metric->addItem(QString::fromStdString(score_label(name)), QString::fromStdString(name));
        const int keep = metric->findData(previous);
        metric->setCurrentIndex(keep >= 0 ? keep : metric->findData(QString::fromStdString(default_metric(names))));
    }
    exportCsv->setEnabled(!result->rows.empty());
    compare->setEnabled(!result->rows.empty());
    showResult();
}

// Plots, table and scrubber for the last sweep and the chosen metric.
void SweepPanel::Parts::showResult() {
    if (!result) return;
    const SweepConfig& config = result->config;
    const LearnerInfo& learner = find_learner(config.base.method);
    const ParamSpec spec = sweep_target(learner.params, config.param).spec;
    const std::string metricName = metric->currentData().toString().toStdString();

    std::vector<SweepPoint> summary = summarize_sweep(result->rows);
    std::vector<std::size_t> order(summary.size());
    std::iota(order.begin(), order.end(), 0);
    std::vector<double> values;  // a U(LOW,HIGH) stage value sits at its middle
    for (const SweepPoint& point : summary) values.push_back(sweep_value_position(point.value));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    points.clear();
    xs.clear();
    for (const std::size_t p : order) {
        points.push_back(std::move(summary[p]));
        xs.push_back(values[p]);
    }

    const SweepAxis axis{param_title(spec), resultGrid == GridKind::Log || spec.log_scale,
                         on_pruning_path(learner, config.param)};
    plots->showPoints(points, xs, metricName, axis);
    fill_sweep_table(*table, QString::fromStdString(spec.label), result->rows, metricName);
    const QHeaderView* header = tableView->horizontalHeader();
    tableView->sortByColumn(header->sortIndicatorSection(), header->sortIndicatorOrder());  // the user's order

    const QSignalBlocker blocker(scrubber);
    scrubber->setRange(0, std::max(0, static_cast<int>(points.size()) - 1));
    scrubber->setValue(0);
    scrubber->setEnabled(!points.empty());
    plots->moveCursorTo(points.empty() ? -1 : 0);
    chosen->setText(points.empty() ? tr("No rows.") : tr("Move along the grid, or click a point, to load its tree."));
}

int SweepPanel::Parts::pointOfRow(std::size_t row) const {
    for (std::size_t p = 0; p < points.size(); ++p)
        if (std::find(points[p].rows.begin(), points[p].rows.end(), row) != points[p].rows.end()) return static_cast<int>(p);
    return -1;
}

// Moves the cursors to grid value `point` and hands sweep row `row` (one of its seeds) to the canvas.
void SweepPanel::Parts::choose(int point, std::size_t row) {
    if (point < 0 || !result || row >= result->rows.size()) return;
    {
        const QSignalBlocker blocker(scrubber);
        scrubber->setValue(point);
    }
    plots->moveCursorTo(point);
    const SweepRow& chosenRow = result->rows[row];
    const std::string metricName = metric->currentData().toString().toStdString();
    const Scores& scores = !chosenRow.test.empty() ? chosenRow.test : chosenRow.valid;
    const auto score = scores.find(metricName);
    chosen->setText(tr("%1 = %2, seed %3: %4 active nodes%5")
                        .arg(QString::fromStdString(sweep_target(find_learner(result->config.base.method).params, result->config.param).spec.label),
                             value_text(chosenRow.value))
                        .arg(chosenRow.seed)
                        .arg(chosenRow.tree.active_nodes)
                        .arg(score == scores.end() ? QString()
                                                   : tr(", %1 %2 %3")
                                                         .arg(&scores == &chosenRow.test ? tr("test") : tr("valid"),
                                                              metric->currentText())
                                                         .arg(score->second, 0, 'g', 4)));
    emit panel->modelChosen(chosenRow.model, chosenRow.data);
}

SweepPanel::SweepPanel(QWidget* parent) : QWidget(parent), parts_(std::make_unique<Parts>(this)) {
    parts_->build();
    parts_->connectAll();
}

SweepPanel::~SweepPanel() = default;

void SweepPanel::setConfigSource(std::function<std::optional<RunConfig>()> source) {
    parts_->source = std::move(source);
    refreshParameters();
}

void SweepPanel::refreshParameters() {
    const std::optional<RunConfig> config = parts_->source ? parts_->source() : std::nullopt;
    if (!config || isRunning()) return;
    const LearnerInfo* learner = nullptr;
    try {
        learner = &find_learner(config->method);
    } catch (const Error&) {
        return;  // the method form reports an unknown method; nothing to list here
    }
    std::vector<SweepTarget> targets = sweep_targets(*learner, config->params);
    const auto same_names = [&] {
        if (static_cast<int>(targets.size()) != parts_->param->count()) return false;
        for (std::size_t k = 0; k < targets.size(); ++k)
            if (parts_->param->itemData(static_cast<int>(k)).toString().toStdString() != targets[k].spec.name) return false;
        return true;
    };
    const bool sameMethod = learner->name == parts_->method;
    parts_->targets = std::move(targets);  // a stage's current value may have changed under the same name
    if (sameMethod && same_names()) return;  // keep the user's grid
    const QString previous = sameMethod ? parts_->param->currentData().toString() : QString();
    parts_->method = learner->name;
    const QSignalBlocker blocker(parts_->param);
    parts_->param->clear();
    for (const SweepTarget& target : parts_->targets) {
        parts_->param->addItem(param_title(target.spec), QString::fromStdString(target.spec.name));
        // The name the command line takes, for a user who goes on with treelab-cli sweep.
        parts_->param->setItemData(parts_->param->count() - 1, tr("treelab-cli sweep --param %1=…").arg(QString::fromStdString(target.spec.name)),
                                   Qt::ToolTipRole);
    }
    // The user's choice when it is still there (a schedule lost or gained a stage), else the
    // pruning strength: the sweep this tab is for (sklearn's α, the paper's λ).
    if (const int kept = parts_->param->findData(previous); !previous.isEmpty() && kept >= 0) {
        parts_->param->setCurrentIndex(kept);
        return;
    }
    parts_->param->setCurrentIndex(std::max(parts_->param->findData(QString::fromStdString(learner->pruning_param)), 0));
    parts_->onParamChanged();
}

std::optional<SweepConfig> SweepPanel::Parts::formSweep(const QString& failure) {
    const std::optional<RunConfig> config = source ? source() : std::nullopt;
    if (!config) {
        showError(tr("Nothing to sweep"), tr("Open a data file and choose its target and a method first."));
        return std::nullopt;
    }
    panel->refreshParameters();
    SweepConfig sweep;
    try {
        sweep.base = *config;
        check_run_config(sweep.base);
        sweep.param = param->currentData().toString().toStdString();
        sweep.values = grid_values(grid->grid(sweep.param), find_learner(config->method).params, sweep.param);
        sweep.seeds = seeds->value();
        sweep.jobs = jobs->value();
    } catch (const Error& error) {
        showError(failure, QString::fromStdString(error.what()));
        return std::nullopt;
    }
    return sweep;
}

void SweepPanel::setStartCheck(std::function<bool()> check) { parts_->startCheck = std::move(check); }

void SweepPanel::start() {
    if (isRunning() || (parts_->startCheck && !parts_->startCheck())) return;
    const std::optional<SweepConfig> sweep = parts_->formSweep(tr("Sweep not started"));
    if (!sweep || !parts_->session->start(*sweep)) return;
    parts_->resultGrid = parts_->grid->kind();
    parts_->setRunning(true);
    parts_->status->setText(tr("running"));
    parts_->progress->setRange(0, 0);
}

void SweepPanel::stop() { parts_->session->requestStop(); }

bool SweepPanel::isRunning() const { return parts_->session->isRunning(); }

std::shared_ptr<const SweepResult> SweepPanel::result() const { return parts_->result; }

void SweepPanel::showSweep(std::shared_ptr<const SweepResult> result) { parts_->show(std::move(result)); }

int SweepPanel::rowCount() const { return parts_->result ? static_cast<int>(parts_->result->rows.size()) : 0; }

bool SweepPanel::exportCsv(const QString& file) {
    if (!parts_->result || parts_->result->rows.empty()) {
        parts_->showError(tr("Nothing to export"), tr("Run a sweep first."));
        return false;
    }
    try {
        write_file_atomically(file.toStdString(), sweep_to_csv(parts_->result->config.param, parts_->result->rows));
        return true;
    } catch (const Error& error) {
        parts_->showError(tr("Export failed"), QString::fromStdString(error.what()));
        return false;
    }
}

bool SweepPanel::exportSlurmJob(const SlurmSettings& settings) {
    const std::optional<SweepConfig> sweep = parts_->formSweep(tr("No Slurm job written"));
    if (!sweep) return false;
    try {
        const auto [array, merge] = write_slurm_scripts(*sweep, settings);
        auto* box = new QMessageBox(
            QMessageBox::Information, tr("Slurm job written"),
            tr("Wrote %1 and %2.\n\nSubmit the array, then the merge after it:\n  sbatch --parsable %1\n  sbatch "
               "--dependency=afterok:<the array's job id> %2\n\n%3 appears when the merge job ends.")
                .arg(QString::fromStdString(array.string()), QString::fromStdString(merge.string()),
                     QString::fromStdString(settings.out.string())),
            QMessageBox::Ok, this);
        box->setObjectName("slurmWritten");
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return true;
    } catch (const Error& error) {
        parts_->showError(tr("No Slurm job written"), QString::fromStdString(error.what()));
        return false;
    }
}

FigureView* SweepPanel::compareTrees() {
    if (!parts_->result || parts_->points.empty()) return nullptr;
    std::vector<ComparedTree> trees;
    const SweepConfig& config = parts_->result->config;
    const LearnerInfo& learner = find_learner(config.base.method);
    // The user's words: the pruning symbol ("λ") or the form's label ("Max depth"), never the CLI name.
    QString param = QString::fromStdString(config.param);
    if (config.param == learner.pruning_param) param = QString::fromStdString(learner.pruning_symbol);
    else
        for (const ParamSpec& spec : learner.params)
            if (spec.name == config.param) param = QString::fromStdString(spec.label);
    for (const SweepPoint& point : parts_->points) {
        const SweepRow& row = parts_->result->rows[point.rows.front()];  // a value's first row is its first seed
        trees.push_back({QStringLiteral("%1 = %2").arg(param, QString::fromStdString(row.value)), row.model, row.data});
    }
    FigureView* view = FigureView::openWindow(
        this, tr("Trees of the %1 sweep of %2, seed %3").arg(param, QString::fromStdString(learner.label)).arg(config.base.seed));
    view->showComparison(trees);
    return view;
}

QList<QCustomPlot*> SweepPanel::plots() const { return parts_->plots->plots(); }

std::optional<PlotSheet> SweepPanel::figure() const {
    const std::shared_ptr<const SweepResult>& result = parts_->result;
    if (!result || result->rows.empty()) return std::nullopt;
    const std::string metric = parts_->metric->currentText().toStdString();
    const SweepConfig& config = result->config;
    return sweep_figure(result->rows, metric, sweep_axis(config.param, result->rows, config.base.method),
                        sweep_caption(config, result->rows, metric));
}

void SweepPanel::showEvent(QShowEvent* event) {
    refreshParameters();
    QWidget::showEvent(event);
}

}  // namespace treelab
