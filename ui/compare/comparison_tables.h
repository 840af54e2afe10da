#pragma once
// What the Compare tab's tables and box plot show of a comparison, in the user's words: per data
// set, methods × metrics (mean ± std over the folds, the best of each metric in bold, fit time and
// tree size), the paired tests of every method against the reference on one metric, and over
// several data sets the per-set scores, mean ranks and the Friedman test (Demšar 2006).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "app/render/box_plot_figure.h"
#include "core/compare/comparison.h"

class QTableWidget;

namespace treelab {

// The metrics a data set's cells scored, the headline first (accuracy, else R², …).
std::vector<std::string> comparison_metrics(const ComparisonResult& result, std::size_t data_set);

// Methods (rows) × metrics, fit seconds, tree size and folds (columns) of one data set.
void fill_scores_table(QTableWidget* table, const ComparisonResult& result, std::size_t data_set);
// Every method against `reference` on `metric`: mean difference, corrected resampled t-test
// (Nadeau & Bengio 2003) and Wilcoxon signed-rank (Wilcoxon 1945) p-values, wins / ties / losses.
void fill_tests_table(QTableWidget* table, const ComparisonResult& result, std::size_t data_set, std::size_t reference,
                      const std::string& metric);
// Data sets (rows) × methods: the mean of `metric`; then the mean ranks. Returns the sentence
// under it: the Friedman test, or why there is none.
std::string fill_data_sets_table(QTableWidget* table, const ComparisonResult& result, const std::string& metric);

// The per-fold scores of every method on one data set, captioned.
BoxPlotData fold_box_plot_data(const ComparisonResult& result, std::size_t data_set, const std::string& metric);

// The critical-difference diagram of `metric` over the data sets (Demšar 2006); nullopt when some
// method has no score on some data set.
std::optional<FigureDrawing> critical_difference_drawing(const ComparisonResult& result, const std::string& metric);

// The table shown as CSV (header row, then one row per table row; bold is lost).
std::string table_csv(const QTableWidget* table);

}  // namespace treelab
