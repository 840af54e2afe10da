#pragma once
// How the chosen target is distributed: rows per class as a table and bars (classification), a
// bar histogram (regression), or the core's message when the column cannot be this target.
#include <QWidget>

#include "core/data/column_summary.h"

class QCustomPlot;
class QLabel;
class QTableWidget;

namespace treelab {

class TargetView : public QWidget {
    Q_OBJECT
public:
    explicit TargetView(QWidget* parent = nullptr);

    void showSummary(const QString& column, const TargetSummary& summary);
    void showProblem(const QString& message);  // e.g. missing target values
    void clear();

private:
    void showBars(const QVector<double>& positions, const QVector<double>& counts, double width);

    QLabel* caption_ = nullptr;
    QTableWidget* classBalance_ = nullptr;  // objectName "classBalance"
    QCustomPlot* histogram_ = nullptr;      // objectName "targetHistogram": bars per class or per bin
};

}  // namespace treelab
