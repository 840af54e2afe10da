#pragma once
// Feature importance of a run as horizontal bars, in the data's column names: permutation
// importance on the test rows (mean drop of the score over the repeats, ± its standard deviation
// as error bars; Breiman 2001 §10) for every learner, and beside it the impurity importance of a
// tree whose splits carry impurities (CART's mean decrease in impurity).
#include <memory>

#include <QWidget>

#include "app/session/run_analysis_session.h"

class QCustomPlot;
class QLabel;

namespace treelab {

class ImportanceChart : public QWidget {
    Q_OBJECT
public:
    explicit ImportanceChart(QWidget* parent = nullptr);

    void showComputing(int columns, int total);  // progress while the worker permutes
    void showImportance(const RunImportance& importance);
    void showNothing(const QString& why);

    QCustomPlot* permutationPlot() const;
    QCustomPlot* impurityPlot() const;
    QLabel* caption() const;

private:
    QLabel* caption_ = nullptr;
    QCustomPlot* permutation_ = nullptr;
    QCustomPlot* impurity_ = nullptr;
};

// The columns shown at most; the caption says when more are left out (the smallest).
constexpr int kImportanceBars = 25;

}  // namespace treelab
