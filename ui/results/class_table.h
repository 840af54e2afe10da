#pragma once
// A run's per-class scores on its test rows, as scikit-learn's classification_report prints them:
// precision, recall, F1 and support per class with the macro and support-weighted averages, each
// class's ROC AUC and average precision, and under the table accuracy, balanced accuracy and
// Cohen's κ (Cohen 1960).
#include <optional>
#include <string>
#include <vector>

#include <QWidget>

#include "core/metrics/classification_metrics.h"
#include "core/metrics/ranking_curves.h"

class QLabel;
class QTableWidget;

namespace treelab {

class ClassTable : public QWidget {
    Q_OBJECT
public:
    explicit ClassTable(QWidget* parent = nullptr);

    void showReport(const ClassificationReport& report, const std::optional<RankingCurves>& curves,
                    const std::vector<std::string>& classNames);

    QTableWidget* table() const;
    QLabel* summary() const;

private:
    QTableWidget* table_ = nullptr;
    QLabel* summary_ = nullptr;
};

}  // namespace treelab
