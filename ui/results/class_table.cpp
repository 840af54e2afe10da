#include "ui/results/class_table.h"

#include <cmath>

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace treelab {
namespace {

QTableWidgetItem* number_cell(double value, int decimals = 3) {
    auto* cell = new QTableWidgetItem(std::isnan(value) ? QObject::tr("n/a") : QString::number(value, 'f', decimals));
    cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    cell->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return cell;
}

// Mean of `values` over the classes in the true or predicted classes of the test rows
// (classification_report's labels), plain or weighted by support.
double average(const Eigen::VectorXd& values, const ClassificationReport& report, bool weighted) {
    double sum = 0, weights = 0;
    for (Eigen::Index k = 0; k < values.size(); ++k) {
        const bool present = report.support(k) > 0 || report.confusion.col(k).sum() > 0;
        if (!present || std::isnan(values(k))) continue;
        const double w = weighted ? report.support(k) : 1.0;
        sum += w * values(k);
        weights += w;
    }
    return weights > 0 ? sum / weights : std::nan("");
}

}  // namespace

ClassTable::ClassTable(QWidget* parent) : QWidget(parent) {
    table_ = new QTableWidget(this);
    table_->setObjectName("perClassTable");
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    summary_ = new QLabel(this);
    summary_->setObjectName("perClassSummary");
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(table_, 1);
    layout->addWidget(summary_);
}

void ClassTable::showReport(const ClassificationReport& report, const std::optional<RankingCurves>& curves,
                            const std::vector<std::string>& classNames) {
    const auto classes = static_cast<int>(report.precision.size());
    QStringList columns = {tr("Precision"), tr("Recall"), tr("F1"), tr("Support")};
    if (curves) columns << tr("ROC AUC") << tr("Average precision");
    table_->clear();
    table_->setColumnCount(static_cast<int>(columns.size()));
    table_->setHorizontalHeaderLabels(columns);
    table_->setRowCount(classes + 2);
    QStringList rows;
    for (int k = 0; k < classes; ++k) rows << QString::fromStdString(classNames.at(static_cast<std::size_t>(k)));
    rows << tr("macro average") << tr("weighted average");
    table_->setVerticalHeaderLabels(rows);
    const auto fill = [this, &curves](int row, double precision, double recall, double f1, long long support, double auc, double ap) {
        table_->setItem(row, 0, number_cell(precision));
        table_->setItem(row, 1, number_cell(recall));
        table_->setItem(row, 2, number_cell(f1));
        table_->setItem(row, 3, number_cell(static_cast<double>(support), 0));
        if (curves) {
            table_->setItem(row, 4, number_cell(auc));
            table_->setItem(row, 5, number_cell(ap));
        }
    };
    const long long rowsTotal = report.support.sum();
    for (int k = 0; k < classes; ++k)
        fill(k, report.precision(k), report.recall(k), report.f1(k), report.support(k), curves ? curves->auc(k) : 0.0,
             curves ? curves->ap(k) : 0.0);
    // The averages as classification_report's "macro avg" and "weighted avg" rows (over the classes
    // with test rows); the areas as roc_auc_score's and average_precision_score's averages.
    for (const bool weighted : {false, true})
        fill(classes + (weighted ? 1 : 0), average(report.precision, report, weighted),
             average(report.recall, report, weighted), average(report.f1, report, weighted), rowsTotal,
             curves ? (weighted ? curves->weighted_auc : curves->macro_auc) : 0.0,
             curves ? (weighted ? curves->weighted_ap : curves->macro_ap) : 0.0);
    table_->resizeColumnsToContents();
    summary_->setText(tr("On %1 test rows: accuracy %2, balanced accuracy %3 (the mean recall over the classes), "
                         "Cohen's κ %4 (agreement beyond chance; 0 = chance, 1 = perfect).")
                          .arg(rowsTotal)
                          .arg(report.accuracy, 0, 'f', 4)
                          .arg(report.balanced_accuracy, 0, 'f', 4)
                          .arg(std::isnan(report.cohen_kappa) ? tr("n/a") : QString::number(report.cohen_kappa, 'f', 4)));
}

QTableWidget* ClassTable::table() const { return table_; }
QLabel* ClassTable::summary() const { return summary_; }

}  // namespace treelab
