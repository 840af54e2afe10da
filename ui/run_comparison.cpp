#include "ui/run_comparison.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/run_metrics.h"

namespace treelab {
namespace {

QString cell_text(const QVariant& value) {
    if (!value.isValid()) return QStringLiteral("—");
    if (value.typeId() == QMetaType::Double) return QString::number(value.toDouble(), 'g', 4);
    return value.toString();
}

}  // namespace

QDialog* open_run_comparison(QWidget* parent, const NamedRun& first, const NamedRun& second) {
    auto* dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(QObject::tr("Compare %1 and %2").arg(first.name, second.name));
    const std::vector<std::vector<RunMetric>> runs = {run_metrics(*first.outcome), run_metrics(*second.outcome)};
    const std::vector<QString> names = metric_names(runs);

    auto* table = new QTableWidget(int(names.size()), 2, dialog);
    table->setObjectName("comparison");
    table->setHorizontalHeaderLabels({first.name, second.name});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int row = 0; row < int(names.size()); ++row) {
        table->setVerticalHeaderItem(row, new QTableWidgetItem(names[std::size_t(row)]));
        for (int column = 0; column < 2; ++column) {
            auto* item = new QTableWidgetItem(cell_text(metric_value(runs[std::size_t(column)], names[std::size_t(row)])));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table->setItem(row, column, item);
        }
    }
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(table);
    layout->addWidget(buttons);
    dialog->resize(520, 480);
    dialog->open();
    return dialog;
}

}  // namespace treelab
