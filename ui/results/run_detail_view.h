#pragma once
// The per-row views of one run on its test split, below the results list, as pages: the confusion
// matrix (classification; rows true, columns predicted) or predicted against true values
// (regression); ROC and precision-recall curves and the per-class table (classification); the
// residual plot (regression); the feature importance. Curves, tables and importances are computed
// by a RunAnalysisSession in a worker thread; the ROC, precision-recall and residual pages export
// as figures (figure()).
#include <memory>
#include <optional>

#include <QWidget>

#include "app/render/plot_sheet.h"
#include "core/run/training_run.h"

class QCustomPlot;
class QTabWidget;

namespace treelab {

class ClassTable;
class ImportanceChart;
class RunAnalysisSession;

class RunDetailView : public QWidget {
    Q_OBJECT
public:
    explicit RunDetailView(QWidget* parent = nullptr);
    ~RunDetailView() override;

    void showRun(std::shared_ptr<const RunOutcome> outcome);  // null: nothing selected

    // The shown page's figure (ROC and precision-recall side by side, or the residuals), captioned
    // with `runName`; nullopt on a page without one or before its numbers are ready.
    std::optional<PlotSheet> figure(const std::string& runName) const;

    QTabWidget* pages() const;
    QCustomPlot* rocPlot() const;
    QCustomPlot* precisionRecallPlot() const;
    QCustomPlot* residualPlot() const;
    ClassTable* classTable() const;
    ImportanceChart* importanceChart() const;
    RunAnalysisSession* analysis() const;

signals:
    void analysed();          // the curves, tables or residuals of the shown run are on their pages
    void importanceShown();   // its importance chart is drawn

private:
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
