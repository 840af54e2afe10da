#include "ui/results/run_comparison.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/results/run_metrics.h"

namespace treelab {
namespace {

// The metric's label from whichever run has it (both runs name a metric alike).
QString row_label(const std::vector<std::vector<RunMetric>>& runs, const QString& name) {
    for (const auto& run : runs)
        if (const RunMetric* metric = find_metric(run, name)) return metric->label;
    return name;
}

}  // namespace

QDialog* open_run_comparison(QWidget* parent, const NamedRun& first, const NamedRun& second) {
    auto* dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(QObject::tr("Compare %1 and %2").arg(first.name, second.name));
    const std::vector<std::vector<RunMetric>> runs = {first.metrics, second.metrics};
    const std::vector<QString> names = metric_names(runs);

    auto* table = new QTableWidget(int(names.size()), 2, dialog);
    table->setObjectName("comparison");
    table->setHorizontalHeaderLabels({first.name, second.name});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int row = 0; row < int(names.size()); ++row) {
        table->setVerticalHeaderItem(row, new QTableWidgetItem(row_label(runs, names[std::size_t(row)])));
        for (int column = 0; column < 2; ++column) {
            const RunMetric* metric = find_metric(runs[std::size_t(column)], names[std::size_t(row)]);
            auto* item = new QTableWidgetItem(metric ? metric->text : QStringLiteral("—"));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table->setItem(row, column, item);
        }
    }
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);  // a long name keeps its start
    for (int column = 0; column < 2; ++column)  // a long run name shows whole on hover
        table->horizontalHeaderItem(column)->setToolTip(column == 0 ? first.name : second.name);
    table->setWordWrap(true);  // the parameters that differ, in full

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(table);
    layout->addWidget(buttons);
    // Rows as tall as their wrapped text once the columns have their width.
    QObject::connect(table->horizontalHeader(), &QHeaderView::sectionResized, table, &QTableWidget::resizeRowsToContents);
    dialog->resize(760, 560);
    dialog->open();
    return dialog;
}

}  // namespace treelab
