#include "ui/results/importance_chart.h"

#include <algorithm>
#include <numeric>

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "core/run/evaluation.h"
#include "ui/common/plot_style.h"

namespace treelab {
namespace {

QCustomPlot* bar_plot(QWidget* parent, const QString& name) {
    auto* plot = new QCustomPlot(parent);
    plot->setObjectName(name);
    style_plot(plot, QString(), QString(), QString());
    plot->legend->setVisible(false);  // one series, named by the title
    return plot;
}

// Bars of `values` (± `spread` when given) for the `order`ed labels, the first on top.
void fill_bars(QCustomPlot* plot, const std::vector<std::string>& labels, const Eigen::VectorXd& values,
               const Eigen::VectorXd& spread, const std::vector<Eigen::Index>& order, const QString& title, const QString& axis) {
    plot->clearPlottables();
    set_plot_title(plot, title);
    auto* bars = new QCPBars(plot->yAxis, plot->xAxis);
    bars->setPen(Qt::NoPen);
    bars->setBrush(kTrainColour);
    bars->setWidth(0.7);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys, heights, errors;
    const auto n = static_cast<int>(order.size());
    for (int i = 0; i < n; ++i) {
        const double key = n - i;  // the largest on top
        const Eigen::Index f = order[static_cast<std::size_t>(i)];
        keys << key;
        heights << values(f);
        if (spread.size() > 0) errors << spread(f);
        ticker->addTick(key, QString::fromStdString(labels[static_cast<std::size_t>(f)]));
    }
    bars->setData(keys, heights, true);
    if (spread.size() > 0) {
        auto* whiskers = new QCPErrorBars(plot->yAxis, plot->xAxis);
        whiskers->setDataPlottable(bars);
        whiskers->setErrorType(QCPErrorBars::etValueError);
        whiskers->setData(errors);
        whiskers->setPen(QPen(Qt::black, 1.2));
        whiskers->setWhiskerWidth(6);
    }
    plot->yAxis->setTicker(ticker);
    plot->yAxis->setRange(0.3, n + 0.7);
    plot->yAxis->grid()->setVisible(false);
    plot->xAxis->setLabel(axis);
    double low = 0, high = 0;
    for (int i = 0; i < heights.size(); ++i) {
        const double e = errors.isEmpty() ? 0.0 : errors[i];
        low = std::min(low, heights[i] - e);
        high = std::max(high, heights[i] + e);
    }
    if (high <= low) high = low + 1;
    const double margin = 0.05 * (high - low);
    plot->xAxis->setRange(low - (low < 0 ? margin : 0), high + margin);
    plot->replot(QCustomPlot::rpQueuedReplot);
}

// Indices of `values` from the largest, at most kImportanceBars.
std::vector<Eigen::Index> largest_first(const Eigen::VectorXd& values) {
    std::vector<Eigen::Index> order(static_cast<std::size_t>(values.size()));
    std::iota(order.begin(), order.end(), Eigen::Index{0});
    std::stable_sort(order.begin(), order.end(), [&](Eigen::Index a, Eigen::Index b) { return values(a) > values(b); });
    if (order.size() > static_cast<std::size_t>(kImportanceBars)) order.resize(kImportanceBars);
    return order;
}

}  // namespace

ImportanceChart::ImportanceChart(QWidget* parent) : QWidget(parent) {
    caption_ = new QLabel(this);
    caption_->setObjectName("importanceCaption");
    caption_->setWordWrap(true);
    permutation_ = bar_plot(this, "permutationImportance");
    impurity_ = bar_plot(this, "impurityImportance");
    auto* plots = new QHBoxLayout;
    plots->addWidget(permutation_, 1);
    plots->addWidget(impurity_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(caption_);
    layout->addLayout(plots, 1);
    showNothing(QString());
}

void ImportanceChart::showComputing(int columns, int total) {
    permutation_->hide();
    impurity_->hide();
    caption_->setText(tr("Permuting the test rows' columns: %1 of %2 done…").arg(columns).arg(total));
}

void ImportanceChart::showNothing(const QString& why) {
    permutation_->hide();
    impurity_->hide();
    caption_->setText(why);
}

void ImportanceChart::showImportance(const RunImportance& importance) {
    const PermutationImportance& permutation = importance.permutation;
    const QString score = QString::fromStdString(score_label(permutation.score));
    const auto columns = static_cast<int>(permutation.columns.size());
    fill_bars(permutation_, permutation.columns, permutation.mean, permutation.std, largest_first(permutation.mean),
              tr("Permutation importance"), tr("drop in %1 (mean ± std over %2 repeats)").arg(score).arg(importance.repeats));
    permutation_->show();
    QString text = tr("Permutation importance: how much the test %1 (%2 unpermuted) drops when one column's values are "
                      "shuffled among the test rows, %3 times with seed %4 (as scikit-learn's permutation_importance).")
                       .arg(score)
                       .arg(permutation.baseline, 0, 'f', 4)
                       .arg(importance.repeats)
                       .arg(importance.seed);
    if (importance.impurity.size() > 0) {
        fill_bars(impurity_, importance.features, importance.impurity, Eigen::VectorXd(), largest_first(importance.impurity),
                  tr("Impurity importance"), tr("share of the impurity decrease (training rows)"));
        impurity_->show();
        text += tr(" Impurity importance: each feature's share of the tree's total impurity decrease on the training rows "
                   "(scikit-learn's feature_importances_).");
    } else {
        impurity_->hide();
        text += tr(" This tree's splits carry no impurity decrease, so only the permutation importance is shown.");
    }
    if (columns > kImportanceBars) text += tr(" The %1 largest of %2 columns are shown.").arg(kImportanceBars).arg(columns);
    caption_->setText(text);
}

QCustomPlot* ImportanceChart::permutationPlot() const { return permutation_; }
QCustomPlot* ImportanceChart::impurityPlot() const { return impurity_; }
QLabel* ImportanceChart::caption() const { return caption_; }

}  // namespace treelab
