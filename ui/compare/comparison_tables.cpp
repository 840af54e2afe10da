#include "ui/compare/comparison_tables.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <utility>

#include <QHeaderView>
#include <QTableWidget>

#include "app/render/critical_difference_figure.h"
#include "core/compare/comparison_summary.h"
#include "core/error.h"
#include "ui/common/value_text.h"

namespace treelab {
namespace {

QString label_of(const ComparisonResult& result, std::size_t contender) {
    return QString::fromStdString(contender < result.contender_labels.size() ? result.contender_labels[contender]
                                                                             : contender_label(result.config.contenders[contender]));
}

QString score_text(double value) { return std::isfinite(value) ? QString::number(value, 'f', 3) : QStringLiteral("—"); }

QString p_text(double p) {
    if (!std::isfinite(p)) return QStringLiteral("—");
    if (p < 0.001) return QStringLiteral("< 0.001");
    return QString::number(p, 'f', 3);
}

QTableWidgetItem* item(const QString& text, const QString& tip = {}) {
    auto* cell = new QTableWidgetItem(text);
    cell->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (!tip.isEmpty()) cell->setToolTip(tip);
    return cell;
}

void set_bold(QTableWidgetItem* cell) {
    QFont font = cell->font();
    font.setBold(true);
    cell->setFont(font);
}

// The cells of one contender on one data set by (repeat, fold).
std::map<std::pair<int, int>, const ComparisonCell*> cells_of(const ComparisonResult& result, std::size_t data_set, std::size_t contender) {
    std::map<std::pair<int, int>, const ComparisonCell*> cells;
    for (const ComparisonCell& cell : result.cells)
        if (cell.data_set == data_set && cell.contender == contender) cells[{cell.repeat, cell.fold}] = &cell;
    return cells;
}

double score_of(const ComparisonCell& cell, const std::string& metric) {
    if (!cell.error.empty()) return NAN;
    const auto found = cell.test.find(metric);
    return found == cell.test.end() ? NAN : found->second;
}

void prepare(QTableWidget* table, const QStringList& headers, int rows) {
    table->clear();
    table->setColumnCount(static_cast<int>(headers.size()));
    table->setRowCount(rows);
    table->setHorizontalHeaderLabels(headers);
}

}  // namespace

std::vector<std::string> comparison_metrics(const ComparisonResult& result, std::size_t data_set) {
    std::set<std::string> names;
    Scores any;
    for (const ComparisonCell& cell : result.cells)
        if (cell.data_set == data_set && cell.error.empty())
            for (const auto& [name, value] : cell.test) {
                names.insert(name);
                any[name] = value;
            }
    std::vector<std::string> metrics(names.begin(), names.end());
    const std::string headline = headline_score(any);
    std::stable_partition(metrics.begin(), metrics.end(), [&](const std::string& name) { return name == headline; });
    return metrics;
}

namespace {

// The contenders' summaries of one data set, in contender order.
std::vector<ContenderSummary> summaries_of(const ComparisonResult& result, std::size_t data_set) {
    std::vector<ContenderSummary> all = summarize_contenders(result), mine;
    for (ContenderSummary& summary : all)
        if (summary.data_set == data_set) mine.push_back(std::move(summary));
    std::sort(mine.begin(), mine.end(), [](const ContenderSummary& a, const ContenderSummary& b) { return a.contender < b.contender; });
    return mine;
}

}  // namespace

void fill_scores_table(QTableWidget* table, const ComparisonResult& result, std::size_t data_set) {
    const std::vector<std::string> metrics = comparison_metrics(result, data_set);
    const std::size_t contenders = result.config.contenders.size();
    QStringList headers{QObject::tr("Method")};
    for (const std::string& metric : metrics) headers.append(QString::fromStdString(score_label(metric)));
    headers << QObject::tr("fit time (s)") << QObject::tr("tree size (nodes)") << QObject::tr("folds");
    prepare(table, headers, static_cast<int>(contenders));
    const std::vector<ContenderSummary> summaries = summaries_of(result, data_set);
    const Resampling& resampling = result.config.resampling;
    const int expected = resampling.kind == Resampling::Kind::KFold ? resampling.folds * resampling.repeats : 0;
    for (const ContenderSummary& summary : summaries) {
        const int row = static_cast<int>(summary.contender);
        const int finished = summary.folds;  // the cells that ran; summary.failed more failed
        table->setItem(row, 0, item(label_of(result, summary.contender)));
        const QString failure = QString::fromStdString(summary.first_error);
        for (std::size_t m = 0; m < metrics.size(); ++m) {
            const auto found = summary.scores.find(metrics[m]);
            QTableWidgetItem* cell = nullptr;
            if (finished == 0 && !failure.isEmpty()) {  // the message once, in the first metric's cell
                cell = item(m == 0 ? QObject::tr("failed: %1").arg(failure) : QObject::tr("failed"), failure);
                cell->setForeground(QColor(0xb00020));
            } else if (found == summary.scores.end() || found->second.n == 0) {
                cell = item(QStringLiteral("—"));
            } else {
                QString tip = QObject::tr("mean ± standard deviation over %n fold(s)", nullptr, found->second.n);
                if (const auto pooled = summary.pooled.find(metrics[m]); pooled != summary.pooled.end())
                    tip += QObject::tr("; %1 of the folds' predictions pooled").arg(score_text(pooled->second));
                cell = item(QStringLiteral("%1 ± %2").arg(score_text(found->second.mean), score_text(found->second.std)), tip);
            }
            table->setItem(row, 1 + static_cast<int>(m), cell);
        }
        const int extra = 1 + static_cast<int>(metrics.size());
        table->setItem(row, extra, item(finished ? QString::number(summary.fit_seconds.mean, 'f', 2) : QStringLiteral("—"),
                                        QObject::tr("mean seconds to fit one fold")));
        const bool forest = result.config.contenders[summary.contender].method == forest_method;
        table->setItem(row, extra + 1, item(forest || !finished ? QStringLiteral("—") : QString::number(summary.nodes.mean, 'f', 1),
                                            forest ? QObject::tr("a forest is not one tree") : QObject::tr("mean nodes of the fitted trees")));
        QString folds = QObject::tr("%1 of %2").arg(finished).arg(expected > 0 ? expected : summary.folds + summary.failed);
        if (summary.failed > 0) folds += QObject::tr("; %n failed: %1", nullptr, summary.failed).arg(failure);
        QTableWidgetItem* foldCell = item(folds, failure);
        if (summary.failed > 0) foldCell->setForeground(QColor(0xb00020));
        table->setItem(row, extra + 2, foldCell);
    }
    // The best mean of each metric in bold (every one that ties with it).
    for (std::size_t m = 0; m < metrics.size(); ++m) {
        const bool higher = higher_is_better(metrics[m]);
        double best = NAN;
        for (const ContenderSummary& summary : summaries)
            if (const auto found = summary.scores.find(metrics[m]); found != summary.scores.end() && std::isfinite(found->second.mean))
                best = std::isnan(best) ? found->second.mean : higher ? std::max(best, found->second.mean) : std::min(best, found->second.mean);
        for (const ContenderSummary& summary : summaries)
            if (const auto found = summary.scores.find(metrics[m]); found != summary.scores.end() && found->second.mean == best)
                set_bold(table->item(static_cast<int>(summary.contender), 1 + static_cast<int>(m)));
    }
    table->resizeColumnsToContents();
}

void fill_tests_table(QTableWidget* table, const ComparisonResult& result, std::size_t data_set, std::size_t reference,
                      const std::string& metric) {
    const std::size_t contenders = result.config.contenders.size();
    const QString against = label_of(result, reference);
    prepare(table, {QObject::tr("Method"), QObject::tr("mean difference"), QObject::tr("corrected t-test p"), QObject::tr("Wilcoxon p"),
                    QObject::tr("wins / ties / losses")},
            static_cast<int>(contenders));
    // The paired tests against the reference chosen (the comparison's own by default).
    ComparisonResult against_reference = result;
    against_reference.config.reference = reference;
    const std::vector<PairedComparison> pairs = paired_comparisons(against_reference, metric);
    table->horizontalHeaderItem(2)->setToolTip(QObject::tr("Corrected resampled t-test (Nadeau & Bengio 2003), as Weka Experimenter's corrected tester"));
    table->horizontalHeaderItem(3)->setToolTip(QObject::tr("Wilcoxon signed-rank test (Wilcoxon 1945) over the paired folds"));
    table->horizontalHeaderItem(4)->setToolTip(QObject::tr("Folds where the method scores better than, equal to, or worse than %1").arg(against));
    for (std::size_t c = 0; c < contenders; ++c) {
        const int row = static_cast<int>(c);
        table->setItem(row, 0, item(label_of(result, c)));
        if (c == reference) {
            table->setItem(row, 1, item(QObject::tr("(reference)")));
            for (int column = 2; column < 5; ++column) table->setItem(row, column, item(QString()));
            continue;
        }
        const auto found = std::find_if(pairs.begin(), pairs.end(), [&](const PairedComparison& p) { return p.data_set == data_set && p.contender == c; });
        if (found == pairs.end() || found->pairs < 2) {
            const QString why = QObject::tr("fewer than two folds scored by both");
            table->setItem(row, 1, item(QStringLiteral("—"), why));
            for (int column = 2; column < 5; ++column) table->setItem(row, column, item(QStringLiteral("—"), why));
            continue;
        }
        const PairedComparison& paired = *found;
        table->setItem(row, 1, item(QString::asprintf("%+.3f", paired.mean_difference),
                                    QObject::tr("mean of (method − %1) over %n paired fold(s)", nullptr, paired.pairs).arg(against)));
        table->setItem(row, 2, item(p_text(paired.t_test.p_value), QObject::tr("t = %1, df = %2").arg(paired.t_test.statistic, 0, 'g', 4).arg(paired.t_test.df)));
        table->setItem(row, 3, item(p_text(paired.wilcoxon.p_value), QObject::tr("W = %1").arg(paired.wilcoxon.statistic, 0, 'g', 4)));
        table->setItem(row, 4, item(QStringLiteral("%1 / %2 / %3").arg(paired.record.wins).arg(paired.record.ties).arg(paired.record.losses)));
        if (paired.t_test.p_value < 0.05)
            for (int column : {1, 2}) set_bold(table->item(row, column));
    }
    table->resizeColumnsToContents();
}

namespace {

// What the ranks rank: one score's name, or each data set's own headline score.
std::string ranked_score(const RankComparison& ranks) {
    return ranks.score.empty() ? "headline score (accuracy on classification sets, R² on regression sets)" : score_label(ranks.score);
}

}  // namespace

std::string fill_data_sets_table(QTableWidget* table, const ComparisonResult& result, const std::string& metric) {
    const std::size_t contenders = result.config.contenders.size();
    const std::size_t sets = result.config.data_sets.size();
    QStringList headers{QObject::tr("Data set")};
    for (std::size_t c = 0; c < contenders; ++c) headers.append(label_of(result, c));
    RankComparison ranks;
    try {
        ranks = rank_comparison(result, metric);
    } catch (const Error& error) {
        prepare(table, headers, 0);
        return error.what();
    }
    prepare(table, headers, static_cast<int>(sets) + 1);
    for (std::size_t s = 0; s < sets; ++s) {
        const bool higher = higher_is_better(ranks.scores[s]);
        table->setItem(static_cast<int>(s), 0, item(QString::fromStdString(result.data_set_names[s])));
        double best = NAN;
        for (std::size_t c = 0; c < contenders; ++c) {
            const double value = ranks.means(static_cast<Eigen::Index>(s), static_cast<Eigen::Index>(c));
            table->setItem(static_cast<int>(s), 1 + static_cast<int>(c), item(score_text(value)));
            if (std::isfinite(value)) best = std::isnan(best) ? value : higher ? std::max(best, value) : std::min(best, value);
        }
        for (std::size_t c = 0; c < contenders; ++c)
            if (ranks.means(static_cast<Eigen::Index>(s), static_cast<Eigen::Index>(c)) == best)
                set_bold(table->item(static_cast<int>(s), 1 + static_cast<int>(c)));
    }
    const int last = static_cast<int>(sets);
    table->setItem(last, 0, item(QObject::tr("mean rank"), QObject::tr("1 = the best on a data set; ties share their mean rank")));
    set_bold(table->item(last, 0));
    for (std::size_t c = 0; c < contenders; ++c)
        table->setItem(last, 1 + static_cast<int>(c), item(QString::number(ranks.mean_ranks(static_cast<Eigen::Index>(c)), 'f', 2)));
    table->resizeColumnsToContents();
    std::ostringstream text;
    text.precision(3);
    if (std::isfinite(ranks.friedman.p_value))
        text << "Friedman test (Friedman 1937) of the " << ranked_score(ranks) << " ranks over " << sets << " data sets: χ² = " << ranks.friedman.statistic
             << ", df = " << ranks.friedman.df << ", p = " << ranks.friedman.p_value
             << (ranks.friedman.p_value < 0.05 ? ": the methods' ranks differ." : ": no difference shown.");
    else
        text << "The Friedman test needs three or more methods.";
    text << " Nemenyi critical difference (Demšar 2006, α = 0.05): " << ranks.critical_difference << ".";
    return text.str();
}

BoxPlotData fold_box_plot_data(const ComparisonResult& result, std::size_t data_set, const std::string& metric) {
    BoxPlotData data;
    for (std::size_t c = 0; c < result.config.contenders.size(); ++c) {
        data.names.push_back(label_of(result, c).toStdString());
        std::vector<double> values;
        for (const auto& [key, cell] : cells_of(result, data_set, c)) values.push_back(score_of(*cell, metric));
        data.values.push_back(std::move(values));
    }
    const std::string folds = resampling_text(result.config.resampling);
    data.value_label = score_label(metric) + " per fold";
    std::ostringstream caption;
    caption << "Per-fold " << score_label(metric) << " of each method on the test rows of every fold of " << folds << " cross-validation (seed "
            << result.config.seed << ") on " << (data_set < result.data_set_names.size() ? result.data_set_names[data_set] : std::string())
            << ": boxes span the quartiles, a line marks the median, a diamond the mean; whiskers reach the farthest score within 1.5 × "
               "the interquartile range, circles mark scores beyond; dots beside each box are the folds' scores.";
    if (result.stopped) caption << " Stopped before the end: the folds finished are shown.";
    data.caption = caption.str();
    return data;
}

std::optional<FigureDrawing> critical_difference_drawing(const ComparisonResult& result, const std::string& metric) {
    if (result.config.contenders.size() < 2 || result.config.data_sets.size() < 2) return std::nullopt;
    try {
        const RankComparison ranks = rank_comparison(result, metric);
        std::vector<std::string> names;
        for (std::size_t c = 0; c < result.config.contenders.size(); ++c) names.push_back(label_of(result, c).toStdString());
        std::ostringstream note;
        note.precision(3);
        note << "Mean ranks of " << ranked_score(ranks) << " over " << resampling_text(result.config.resampling) << " cross-validation (seed "
             << result.config.seed << ") on";
        for (std::size_t s = 0; s < result.data_set_names.size(); ++s) note << (s ? ", " : " ") << result.data_set_names[s];
        note << ".";
        if (std::isfinite(ranks.friedman.p_value))
            note << " Friedman test: χ² = " << ranks.friedman.statistic << ", df = " << ranks.friedman.df << ", p = " << ranks.friedman.p_value << ".";
        return critical_difference_figure(names, ranks.mean_ranks, static_cast<int>(result.data_set_names.size()), 0.05, note.str());
    } catch (const Error&) {
        return std::nullopt;  // a method without a score on some data set: the table says which
    }
}

std::string table_csv(const QTableWidget* table) {
    auto quoted = [](const QString& text) {
        if (!text.contains(',') && !text.contains('"') && !text.contains('\n')) return text;
        QString escaped = text;
        escaped.replace('"', QStringLiteral("\"\""));
        return '"' + escaped + '"';
    };
    QStringList lines;
    QStringList header;
    for (int column = 0; column < table->columnCount(); ++column) header.append(quoted(table->horizontalHeaderItem(column)->text()));
    lines.append(header.join(','));
    for (int row = 0; row < table->rowCount(); ++row) {
        QStringList fields;
        for (int column = 0; column < table->columnCount(); ++column)
            fields.append(quoted(table->item(row, column) ? table->item(row, column)->text() : QString()));
        lines.append(fields.join(','));
    }
    return (lines.join('\n') + '\n').toStdString();
}

}  // namespace treelab
