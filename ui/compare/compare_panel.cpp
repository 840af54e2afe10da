#include "ui/compare/compare_panel.h"

#include <algorithm>

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/session/comparison_session.h"
#include "core/compare/comparison_summary.h"
#include "core/error.h"
#include "ui/common/figure_export.h"
#include "ui/compare/comparison_tables.h"
#include "ui/compare/data_set_list.h"
#include "ui/compare/drawing_view.h"
#include "ui/compare/fold_box_plot.h"
#include "ui/compare/method_choice.h"

namespace treelab {
namespace {

QTableWidget* resultTable(const QString& name, QWidget* parent) {
    auto* table = new QTableWidget(parent);
    table->setObjectName(name);
    table->verticalHeader()->hide();
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setWordWrap(false);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);  // compact rows: more methods in view
    return table;
}

QSpinBox* spin(const QString& name, int low, int high, int value, const QString& tip, QWidget* parent) {
    auto* box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(low, high);
    box->setValue(value);
    box->setToolTip(tip);
    return box;
}

}  // namespace

ComparePanel::ComparePanel(QWidget* parent) : QWidget(parent), session_(new ComparisonSession(this)) {
    auto* layout = new QVBoxLayout(this);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    auto* setup = new QWidget(splitter);
    auto* results = new QWidget(splitter);
    buildSetup(setup);
    buildResults(results);
    splitter->addWidget(setup);
    splitter->addWidget(results);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({setup->sizeHint().height(), 10000});  // the results get the room
    layout->addWidget(splitter);

    connect(session_, &ComparisonSession::progressed, this, [this](int done, int total) {
        progress_->setRange(0, std::max(total, 0));
        progress_->setValue(done);
    });
    connect(session_, &ComparisonSession::finished, this, [this](std::shared_ptr<const ComparisonResult> result) {
        setRunning(false);
        const bool refit = refitAfter_ && !result->stopped;
        refitAfter_ = false;
        showResult(result);
        if (refit) {
            say(tr("Cross-validation done; refitting %1 on all rows of %2…")
                    .arg(QString::fromStdString(result->contender_labels.front()), QString::fromStdString(result->data_set_names.front())));
            refitting_ = session_->startRefit(result->config, 0, 0);
        }
        emit comparisonFinished();
    });
    connect(session_, &ComparisonSession::failed, this, [this](const QString& message) {
        setRunning(false);
        refitAfter_ = false;
        say(tr("The comparison failed: %1").arg(message), true);
        emit comparisonFinished();
    });
    connect(session_, &ComparisonSession::refitted, this, [this](std::shared_ptr<const RunOutcome> outcome, const RefitSource& source) {
        refitting_ = false;
        if (!result_) return;
        const ComparisonConfig& config = source.comparison;
        const Contender& contender = config.contenders[source.contender];
        RunConfig run = config.data_sets[source.data_set];
        run.method = contender.method;
        run.params = contender.params;
        run.seed = config.seed;
        const QString note = tr("refitted on all rows of %1 after %2 cross-validation")
                                 .arg(QString::fromStdString(run.data_file.stem().string()),
                                      QString::fromStdString(resampling_text(config.resampling)));
        say(tr("%1 %2: its tree is on the Tree tab and the run in the Results tab.").arg(QString::fromStdString(contender_label(contender)), note));
        emit refitted(std::move(outcome), run, source, note, crossValidation_);
        emit refitEnded();
    });
    connect(session_, &ComparisonSession::refitFailed, this, [this](const QString& message) {
        refitting_ = false;
        say(tr("The refit failed: %1").arg(message), true);
        emit refitEnded();
    });
    setRunning(false);
}

ComparePanel::~ComparePanel() = default;

void ComparePanel::buildSetup(QWidget* setup) {
    auto* layout = new QVBoxLayout(setup);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* groups = new QHBoxLayout;
    auto* methodsBox = new QGroupBox(tr("Methods"), setup);
    auto* methodsLayout = new QVBoxLayout(methodsBox);
    methods_ = new MethodChoice(methodsBox);
    methodsLayout->addWidget(methods_);
    methodsLayout->addStretch();
    methods_->setChecked(QStringLiteral("cart"), true);

    auto* resamplingBox = new QGroupBox(tr("Cross-validation"), setup);
    auto* form = new QFormLayout(resamplingBox);
    folds_ = spin(QStringLiteral("compareFolds"), 2, 100, 10, tr("k of k-fold cross-validation (stratified for classification)"), resamplingBox);
    repeats_ = spin(QStringLiteral("compareRepeats"), 1, 100, 1, tr("How many times the k folds are drawn again, each time shuffled anew"), resamplingBox);
    seed_ = spin(QStringLiteral("compareSeed"), 0, 2147483647, 0, tr("Seeds the folds (as scikit-learn's random_state) and every method"), resamplingBox);
    form->addRow(tr("&Folds:"), folds_);
    form->addRow(tr("&Repeats:"), repeats_);
    form->addRow(tr("S&eed:"), seed_);

    auto* dataBox = new QGroupBox(tr("Data sets"), setup);
    auto* dataLayout = new QVBoxLayout(dataBox);
    dataSets_ = new DataSetList(dataBox);
    dataLayout->addWidget(dataSets_);
    groups->addWidget(methodsBox, 2);
    groups->addWidget(resamplingBox, 1);
    groups->addWidget(dataBox, 3);
    layout->addLayout(groups);

    auto* runRow = new QHBoxLayout;
    run_ = new QPushButton(tr("&Run comparison"), setup);
    run_->setObjectName(QStringLiteral("compareRun"));
    run_->setToolTip(tr("Every checked method on the same folds of every checked data set"));
    stop_ = new QPushButton(tr("Stop"), setup);
    stop_->setObjectName(QStringLiteral("compareStop"));
    stop_->setToolTip(tr("Stop and keep the folds finished so far"));
    progress_ = new QProgressBar(setup);
    progress_->setObjectName(QStringLiteral("compareProgress"));
    progress_->setFormat(tr("%v of %m fits"));
    status_ = new QLabel(setup);
    status_->setObjectName(QStringLiteral("compareStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    runRow->addWidget(run_);
    runRow->addWidget(stop_);
    runRow->addWidget(progress_);
    layout->addLayout(runRow);
    layout->addWidget(status_);
    connect(run_, &QPushButton::clicked, this, &ComparePanel::run);
    connect(stop_, &QPushButton::clicked, this, &ComparePanel::stop);
}

void ComparePanel::buildResults(QWidget* results) {
    auto* layout = new QVBoxLayout(results);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* choices = new QHBoxLayout;
    dataSet_ = new QComboBox(results);
    dataSet_->setObjectName(QStringLiteral("compareDataSet"));
    metric_ = new QComboBox(results);
    metric_->setObjectName(QStringLiteral("compareMetric"));
    metric_->setToolTip(tr("The metric of the box plot, the tests and the ranks"));
    reference_ = new QComboBox(results);
    reference_->setObjectName(QStringLiteral("compareReference"));
    reference_->setToolTip(tr("The method every other is tested against"));
    export_ = new QPushButton(tr("Export"), results);
    export_->setObjectName(QStringLiteral("compareExport"));
    auto* exportMenu = new QMenu(export_);
    exportMenu->addAction(tr("Scores table as CSV…"), this, &ComparePanel::exportCsvWithDialog);
    exportMenu->addAction(tr("Box plot as figure…"), this, [this] { exportFigureWithDialog(false); });
    exportMenu->addAction(tr("Critical-difference diagram as figure…"), this, [this] { exportFigureWithDialog(true); });
    export_->setMenu(exportMenu);
    auto* dataSetLabel = new QLabel(tr("&Data set:"), results);
    dataSetLabel->setBuddy(dataSet_);
    auto* metricLabel = new QLabel(tr("&Metric:"), results);
    metricLabel->setBuddy(metric_);
    auto* referenceLabel = new QLabel(tr("&Against:"), results);
    referenceLabel->setBuddy(reference_);
    choices->addWidget(dataSetLabel);
    choices->addWidget(dataSet_);
    choices->addWidget(metricLabel);
    choices->addWidget(metric_);
    choices->addWidget(referenceLabel);
    choices->addWidget(reference_);
    choices->addStretch();
    choices->addWidget(export_);
    layout->addLayout(choices);

    pages_ = new QTabWidget(results);
    pages_->setObjectName(QStringLiteral("compareResults"));
    auto* scoresPage = new QWidget(pages_);
    auto* scoresLayout = new QVBoxLayout(scoresPage);
    scores_ = resultTable(QStringLiteral("compareScores"), scoresPage);
    scores_->setToolTip(tr("Mean ± standard deviation over the folds; the best of each metric in bold. "
                           "Click a method to see its tree refitted on all rows."));
    testsCaption_ = new QLabel(scoresPage);
    testsCaption_->setWordWrap(true);
    tests_ = resultTable(QStringLiteral("compareTests"), scoresPage);
    scoresLayout->addWidget(scores_, 3);
    scoresLayout->addWidget(testsCaption_);
    scoresLayout->addWidget(tests_, 2);
    pages_->addTab(scoresPage, tr("Scores and tests"));

    boxPlot_ = new FoldBoxPlot(pages_);
    pages_->addTab(boxPlot_, tr("Per-fold scores"));

    auto* setsPage = new QWidget(pages_);
    auto* setsLayout = new QVBoxLayout(setsPage);
    dataSetScores_ = resultTable(QStringLiteral("compareDataSetScores"), setsPage);
    friedman_ = new QLabel(setsPage);
    friedman_->setObjectName(QStringLiteral("compareFriedman"));
    friedman_->setWordWrap(true);
    criticalDifference_ = new DrawingView(setsPage);
    criticalDifference_->setObjectName(QStringLiteral("compareCriticalDifference"));
    setsLayout->addWidget(dataSetScores_, 2);
    setsLayout->addWidget(friedman_);
    setsLayout->addWidget(criticalDifference_, 3);
    pages_->addTab(setsPage, tr("Over data sets"));
    layout->addWidget(pages_, 1);

    connect(dataSet_, &QComboBox::currentIndexChanged, this, &ComparePanel::showDataSet);
    connect(metric_, &QComboBox::currentIndexChanged, this, [this] {
        showDataSet();
        showRanks();
    });
    connect(reference_, &QComboBox::currentIndexChanged, this, &ComparePanel::showDataSet);
    connect(scores_, &QTableWidget::cellClicked, this, [this](int row, int) { refitRow(row); });
}

MethodChoice* ComparePanel::methods() const { return methods_; }
DataSetList* ComparePanel::dataSets() const { return dataSets_; }
QTableWidget* ComparePanel::scoresTable() const { return scores_; }
QTableWidget* ComparePanel::testsTable() const { return tests_; }
QTableWidget* ComparePanel::dataSetsTable() const { return dataSetScores_; }
QComboBox* ComparePanel::metricChoice() const { return metric_; }
QComboBox* ComparePanel::referenceChoice() const { return reference_; }
QComboBox* ComparePanel::dataSetChoice() const { return dataSet_; }
FoldBoxPlot* ComparePanel::boxPlot() const { return boxPlot_; }
QTabWidget* ComparePanel::resultPages() const { return pages_; }
QLabel* ComparePanel::statusLine() const { return status_; }
std::shared_ptr<const ComparisonResult> ComparePanel::result() const { return result_; }
bool ComparePanel::isRunning() const { return session_->isRunning(); }
bool ComparePanel::isRefitting() const { return refitting_; }

void ComparePanel::setResampling(int folds, int repeats, std::uint32_t seed) {
    folds_->setValue(folds);
    repeats_->setValue(repeats);
    seed_->setValue(static_cast<int>(seed));
}

void ComparePanel::say(const QString& text, bool problem) {
    status_->setText(text);
    status_->setStyleSheet(problem ? QStringLiteral("color: #b00020") : QString());
}

bool ComparePanel::run() {
    ComparisonConfig config;
    config.data_sets = dataSets_->checkedDataSets();
    config.contenders = methods_->contenders();
    config.resampling.kind = Resampling::Kind::KFold;
    config.resampling.folds = folds_->value();
    config.resampling.repeats = repeats_->value();
    config.seed = static_cast<std::uint32_t>(seed_->value());
    if (config.data_sets.empty()) {
        say(tr("Check a data set first (open one in the data panel, or Add one here)."), true);
        return false;
    }
    if (config.contenders.empty()) {
        say(tr("Check at least one method."), true);
        return false;
    }
    const auto cart = std::find_if(config.contenders.begin(), config.contenders.end(), [](const Contender& c) { return c.method == "cart"; });
    config.reference = cart == config.contenders.end() ? 0 : static_cast<std::size_t>(cart - config.contenders.begin());
    crossValidation_ = false;
    if (startCheck_ && !startCheck_(config)) return false;
    return runConfig(config, false);
}

void ComparePanel::setStartCheck(std::function<bool(const ComparisonConfig&)> check) { startCheck_ = std::move(check); }

bool ComparePanel::runConfig(const ComparisonConfig& config, bool refitAfter) {
    if (session_->isRunning()) {
        say(tr("A comparison is still going: stop it first."), true);
        return false;
    }
    if (!session_->start(config)) return false;
    running_ = config;
    refitAfter_ = refitAfter;
    crossValidation_ = refitAfter;
    setRunning(true);
    const int methods = static_cast<int>(config.contenders.size());
    say(tr("Running %1 %2 on %3 cross-validation…")
            .arg(methods)
            .arg(methods == 1 ? tr("method") : tr("methods"), QString::fromStdString(resampling_text(config.resampling))));
    return true;
}

void ComparePanel::stop() {
    if (!session_->isRunning()) return;
    session_->requestStop();
    say(tr("Stopping: the folds finished so far are kept…"));
}

void ComparePanel::setRunning(bool running) {
    run_->setEnabled(!running);
    stop_->setEnabled(running);
    progress_->setVisible(running);
    if (running) progress_->setRange(0, 0);
}

void ComparePanel::showComparison(std::shared_ptr<const ComparisonResult> result) {
    crossValidation_ = false;
    if (result) {
        showResult(std::move(result));
        return;
    }
    result_ = nullptr;
    for (QComboBox* box : {dataSet_, metric_, reference_}) {
        const QSignalBlocker blocker(box);
        box->clear();
    }
    scores_->setRowCount(0);
    tests_->setRowCount(0);
    boxPlot_->showData({});
    showRanks();
    say(QString());
}

void ComparePanel::showResult(std::shared_ptr<const ComparisonResult> result) {
    result_ = std::move(result);
    const ComparisonResult& r = *result_;
    {
        const QSignalBlocker a(dataSet_), b(metric_), c(reference_);
        dataSet_->clear();
        for (const std::string& name : r.data_set_names) dataSet_->addItem(QString::fromStdString(name));
        dataSet_->setEnabled(r.data_set_names.size() > 1);
        metric_->clear();
        // Classification and regression sets together rank each set on its own headline score
        // (empty data: core's rank_comparison with "").
        if (comparison_score(r).empty()) metric_->addItem(tr("headline score (accuracy, R²)"), QString());
        for (const std::string& metric : comparison_metrics(r, 0)) metric_->addItem(QString::fromStdString(score_label(metric)), QString::fromStdString(metric));
        reference_->clear();
        for (const std::string& label : r.contender_labels) reference_->addItem(QString::fromStdString(label));
        reference_->setCurrentIndex(static_cast<int>(r.config.reference));
    }
    const int done = static_cast<int>(r.cells.size());
    int failed = 0;
    for (const ComparisonCell& cell : r.cells) failed += cell.error.empty() ? 0 : 1;
    const auto plural = [](int n, const QString& one, const QString& many) { return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many); };
    const int methods = static_cast<int>(r.config.contenders.size()), sets = static_cast<int>(r.data_set_names.size());
    QString text = r.stopped ? tr("Stopped: the %1 finished are shown.").arg(plural(done, tr("fit"), tr("fits")))
                             : tr("Done: %1, %2 cross-validation, on %3.")
                                   .arg(plural(methods, tr("method"), tr("methods")), QString::fromStdString(resampling_text(r.config.resampling)),
                                        plural(sets, tr("data set"), tr("data sets")));
    if (failed > 0) text += tr(" %1 failed: the messages are in the folds column.").arg(plural(failed, tr("fit"), tr("fits")));
    for (const ComparedDataSet& set : r.data_sets)
        if (!set.fold_warning.empty()) {
            text += ' ' + QString::fromStdString(set.name + ": " + set.fold_warning);
            if (!text.endsWith('.')) text += '.';
        }
    text += tr(" Click a method to see its tree refitted on all rows.");
    say(text, failed > 0);
    showDataSet();
    showRanks();
    pages_->setTabEnabled(2, r.data_set_names.size() > 1);
}

void ComparePanel::showDataSet() {
    if (!result_) return;
    const std::size_t set = static_cast<std::size_t>(std::max(0, dataSet_->currentIndex()));
    const std::size_t reference = static_cast<std::size_t>(std::max(0, reference_->currentIndex()));
    fill_scores_table(scores_, *result_, set);
    if (metric_->count() == 0) return;
    std::string metric = metric_->currentData().toString().toStdString();
    if (metric.empty()) metric = comparison_score(*result_, set);
    fill_tests_table(tests_, *result_, set, reference, metric);
    testsCaption_->setText(tr("Each method against %1 on %2, paired over the folds: the corrected resampled t-test (Nadeau & Bengio 2003) "
                              "and the Wilcoxon signed-rank test; p < 0.05 in bold.")
                               .arg(reference_->currentText(), metric_->currentText()));
    boxPlot_->showData(fold_box_plot_data(*result_, set, metric));
}

void ComparePanel::showRanks() {
    if (!result_ || result_->data_set_names.size() < 2) {
        dataSetScores_->clear();
        dataSetScores_->setRowCount(0);
        friedman_->setText(tr("Check two or more data sets to rank the methods over them."));
        criticalDifference_->showDrawing(std::nullopt, tr("The critical-difference diagram needs two or more data sets and two or more methods."));
        return;
    }
    const std::string metric = metric_->currentData().toString().toStdString();
    friedman_->setText(QString::fromStdString(fill_data_sets_table(dataSetScores_, *result_, metric)));
    QString why;
    criticalDifference_->showDrawing(criticalDifferenceFigure(), tr("No diagram: the methods need a score on every data set."));
}

std::optional<FigureDrawing> ComparePanel::boxPlotFigure() const {
    if (!result_ || boxPlot_->data().names.empty()) return std::nullopt;
    return box_plot_figure(boxPlot_->data());
}

std::optional<FigureDrawing> ComparePanel::criticalDifferenceFigure() const {
    if (!result_ || result_->data_set_names.size() < 2 || result_->config.contenders.size() < 2) return std::nullopt;
    return critical_difference_drawing(*result_, metric_->currentData().toString().toStdString());
}

std::optional<FigureDrawing> ComparePanel::figure(QString& why) const {
    if (!result_) {
        why = tr("Run a comparison first: the Compare tab's figures show its per-fold scores and critical-difference diagram.");
        return std::nullopt;
    }
    if (pages_->currentIndex() == 2) {
        if (std::optional<FigureDrawing> drawing = criticalDifferenceFigure()) return drawing;
        why = tr("The critical-difference diagram needs two or more methods scored on two or more data sets.");
        return std::nullopt;
    }
    return boxPlotFigure();
}

QString ComparePanel::scoresCsv() const { return QString::fromStdString(table_csv(scores_)); }

bool ComparePanel::exportScoresCsv(const QString& file) {
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Text) || out.write(scoresCsv().toUtf8()) < 0 || !out.commit()) {
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Export failed"), tr("Cannot write %1: %2").arg(file, out.errorString()),
                                    QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return false;
    }
    say(tr("Exported %1").arg(file));
    return true;
}

void ComparePanel::exportCsvWithDialog() {
    if (!result_) {
        say(tr("Run a comparison first."), true);
        return;
    }
    const QString file = QFileDialog::getSaveFileName(this, tr("Export scores table"), QString(), tr("CSV file (*.csv)"));
    if (!file.isEmpty()) exportScoresCsv(file);
}

void ComparePanel::exportFigureWithDialog(bool criticalDifference) {
    const std::optional<FigureDrawing> drawing = criticalDifference ? criticalDifferenceFigure() : boxPlotFigure();
    if (!drawing) {
        say(criticalDifference ? tr("The critical-difference diagram needs two or more methods scored on two or more data sets.")
                               : tr("Run a comparison first."),
            true);
        return;
    }
    const QString file = QFileDialog::getSaveFileName(this, tr("Export figure"), QString(),
                                                      tr("PDF document (*.pdf);;SVG drawing (*.svg);;PNG image (*.png)"));
    if (file.isEmpty()) return;
    const std::optional<FigureExportSettings> settings = ask_figure_export_settings(this, file, drawing->natural);
    if (!settings) return;
    try {
        save_figure(*drawing, file, settings->size, settings->dpi);
        say(tr("Exported %1").arg(file));
    } catch (const std::exception& error) {
        say(QString::fromStdString(error.what()), true);
    }
}

void ComparePanel::refitRow(int row) {
    if (!result_ || row < 0 || row >= static_cast<int>(result_->config.contenders.size())) return;
    const std::size_t contender = static_cast<std::size_t>(row);
    const std::size_t set = static_cast<std::size_t>(std::max(0, dataSet_->currentIndex()));
    const QString label = QString::fromStdString(result_->contender_labels[contender]);
    if (result_->config.contenders[contender].method == forest_method) {
        say(tr("The random forest is a reference score, not a tree to inspect: click a tree method to see its tree."));
        return;
    }
    if (refitting_) {
        say(tr("A refit is still going: wait for its tree."));
        return;
    }
    refitting_ = session_->startRefit(result_->config, set, contender);
    crossValidation_ = false;
    say(tr("Refitting %1 on all rows of %2…").arg(label, QString::fromStdString(result_->data_set_names[set])));
}

}  // namespace treelab
