#pragma once
// How the chosen target is distributed: a table of rows per class (classification) or a bar
// histogram (regression), or the core's message when the column cannot be this target.
#include <QWidget>

#include "core/data/column_summary.h"

class QCustomPlot;
class QLabel;
class QStackedWidget;
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
    QLabel* caption_ = nullptr;
    QStackedWidget* pages_ = nullptr;
    QTableWidget* classBalance_ = nullptr;  // objectName "classBalance"
    QCustomPlot* histogram_ = nullptr;      // objectName "targetHistogram"
};

}  // namespace treelab
