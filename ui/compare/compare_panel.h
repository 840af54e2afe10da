#pragma once
// The Compare tab (Weka Experimenter's and Orange's Test & Score questions: which method is best
// on my data, and how sure is that): pick methods (each with its method-panel settings, the random
// forest as a reference), k-fold × repeats cross-validation and a seed, and one or more data sets;
// Run / Stop with progress (a stop keeps the finished folds). Results: methods × metrics (mean ±
// std over the folds, the best in bold, fit time and tree size), a box plot of the per-fold
// scores, the paired tests of each method against a reference, and over several data sets the
// per-set table, mean ranks, the Friedman test and the critical-difference diagram (Demšar 2006).
// A click on a method's row refits it on all rows of the data set shown (refitted()).
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>

#include <QWidget>

#include "app/render/figure_file.h"
#include "core/compare/comparison.h"
#include "core/run/training_run.h"

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace treelab {

class ComparisonSession;
class DataSetList;
class DrawingView;
class FoldBoxPlot;
class MethodChoice;

class ComparePanel : public QWidget {
    Q_OBJECT
public:
    explicit ComparePanel(QWidget* parent = nullptr);
    ~ComparePanel() override;

    MethodChoice* methods() const;
    DataSetList* dataSets() const;
    void setResampling(int folds, int repeats, std::uint32_t seed);

    // Asked with the tab's choices before run() starts them; false = start nothing (the check told
    // the user why): the data panel's file, among the data sets, changed on disk since it was read.
    void setStartCheck(std::function<bool(const ComparisonConfig&)> check);
    // Runs the tab's choices; false (with the reason in the tab's status line) when they cannot run.
    bool run();
    // Runs `config` as it is (the data panel's cross-validation: one contender); with
    // `refitAfter`, its contender 0 is refitted on all rows of data set 0 when every fold finished.
    bool runConfig(const ComparisonConfig& config, bool refitAfter = false);
    void stop();
    bool isRunning() const;
    bool isRefitting() const;

    std::shared_ptr<const ComparisonResult> result() const;  // the last finished comparison; null before
    // A saved comparison (a project's) shown as if it had just finished; null empties the results.
    void showComparison(std::shared_ptr<const ComparisonResult> result);
    // Refits the method of `row` of the scores table on all rows of the data set shown.
    void refitRow(int row);

    QTableWidget* scoresTable() const;    // objectName "compareScores"
    QTableWidget* testsTable() const;     // "compareTests"
    QTableWidget* dataSetsTable() const;  // "compareDataSetScores"
    QComboBox* metricChoice() const;      // "compareMetric": the box plot's, tests' and ranks' metric
    QComboBox* referenceChoice() const;   // "compareReference"
    QComboBox* dataSetChoice() const;     // "compareDataSet": the data set the scores and box plot show
    FoldBoxPlot* boxPlot() const;
    QTabWidget* resultPages() const;      // "compareResults": Scores, Per-fold scores, Over data sets
    QLabel* statusLine() const;           // "compareStatus"

    // The figure of the page shown (the box plot, or the critical-difference diagram); nullopt with `why`.
    std::optional<FigureDrawing> figure(QString& why) const;
    std::optional<FigureDrawing> boxPlotFigure() const;
    std::optional<FigureDrawing> criticalDifferenceFigure() const;
    QString scoresCsv() const;  // the scores table as CSV
    bool exportScoresCsv(const QString& file);  // written atomically; false with a dialog on failure

signals:
    void comparisonFinished();  // finished (also stopped) or failed
    // A method refitted on all rows: `config` the run it is (data set, method, parameters), `source`
    // the comparison, data set and method it was refitted from, `note` what it comes from
    // ("refitted on all rows after 10-fold cross-validation").
    void refitted(std::shared_ptr<const treelab::RunOutcome> outcome, const treelab::RunConfig& config, const treelab::RefitSource& source,
                  const QString& note, bool crossValidation);
    void refitEnded();  // after refitted() or a refit that failed

private:
    void buildSetup(QWidget* setup);
    void buildResults(QWidget* results);
    void showResult(std::shared_ptr<const ComparisonResult> result);
    void showDataSet();  // scores, tests and box plot of the data set chosen
    void showRanks();
    void setRunning(bool running);
    void say(const QString& text, bool problem = false);
    void exportFigureWithDialog(bool criticalDifference);
    void exportCsvWithDialog();

    ComparisonSession* session_ = nullptr;
    std::function<bool(const ComparisonConfig&)> startCheck_;
    MethodChoice* methods_ = nullptr;
    DataSetList* dataSets_ = nullptr;
    QSpinBox* folds_ = nullptr;
    QSpinBox* repeats_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* stop_ = nullptr;
    QPushButton* export_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QComboBox* dataSet_ = nullptr;
    QComboBox* metric_ = nullptr;
    QComboBox* reference_ = nullptr;
    QTabWidget* pages_ = nullptr;
    QTableWidget* scores_ = nullptr;
    QTableWidget* tests_ = nullptr;
    QLabel* testsCaption_ = nullptr;
    FoldBoxPlot* boxPlot_ = nullptr;
    QTableWidget* dataSetScores_ = nullptr;
    QLabel* friedman_ = nullptr;
    DrawingView* criticalDifference_ = nullptr;
    std::shared_ptr<const ComparisonResult> result_;
    ComparisonConfig running_;       // the comparison going on
    bool refitAfter_ = false;        // the data panel's cross-validation: refit when it ends
    // From a refit's start until its tree or failure is handled here (the worker is no longer
    // busy a moment before that: its result is still queued).
    bool refitting_ = false;
    bool crossValidation_ = false;   // the result shown came from the data panel's Train
};

}  // namespace treelab
