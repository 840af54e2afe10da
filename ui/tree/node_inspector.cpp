#include "ui/tree/node_inspector.h"

#include <cmath>

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPalette>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "core/error.h"
#include "core/export/rows_csv.h"
#include "core/io/atomic_file.h"
#include "ui/common/table_preview_model.h"
#include "ui/tree/class_histogram.h"

namespace treelab {
namespace {

// n, mean, standard deviation and range of a regression target at the node.
QString value_summary(const Eigen::VectorXd& values) {
    if (values.size() == 0) return QObject::tr("no rows reach this node");
    const double mean = values.mean();
    const double sd = values.size() > 1 ? std::sqrt((values.array() - mean).square().sum() / double(values.size() - 1)) : 0.0;
    return QObject::tr("target: mean %1, sd %2, from %3 to %4")
        .arg(mean, 0, 'g', 4)
        .arg(sd, 0, 'g', 3)
        .arg(values.minCoeff(), 0, 'g', 4)
        .arg(values.maxCoeff(), 0, 'g', 4);
}

}  // namespace

NodeInspector::NodeInspector(QWidget* parent) : QWidget(parent) {
    title_ = new QLabel(this);
    title_->setObjectName(QStringLiteral("nodeHeader"));
    title_->setTextFormat(Qt::PlainText);
    title_->setWordWrap(true);
    QFont bold = title_->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    title_->setFont(bold);
    auto* close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setToolTip(tr("Close the node inspector"));
    close->setAutoRaise(true);
    connect(close, &QToolButton::clicked, this, &NodeInspector::closeRequested);
    auto* header = new QHBoxLayout;
    header->addWidget(title_, 1);
    header->addWidget(close);

    rule_ = new QLabel(this);
    rule_->setTextFormat(Qt::PlainText);  // feature names may hold < and &
    rule_->setWordWrap(true);
    rule_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    units_ = new QLabel(this);
    units_->setTextFormat(Qt::PlainText);
    units_->setWordWrap(true);
    units_->setForegroundRole(QPalette::PlaceholderText);  // a note on the rule, quieter than it
    reach_ = new QLabel(this);
    reach_->setTextFormat(Qt::PlainText);
    reach_->setWordWrap(true);
    histogram_ = new ClassHistogram(this);
    values_ = new QLabel(this);
    values_->setWordWrap(true);

    rowsModel_ = new TablePreviewModel(this);
    rowsView_ = new QTableView(this);
    rowsView_->setModel(rowsModel_);
    rowsView_->setObjectName(QStringLiteral("nodeRows"));
    rowsView_->horizontalHeader()->setDefaultSectionSize(64);
    rowsView_->verticalHeader()->setDefaultSectionSize(rowsView_->fontMetrics().height() + 4);
    export_ = new QPushButton(tr("Export these rows…"), this);
    connect(export_, &QPushButton::clicked, this, &NodeInspector::exportWithDialog);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 4, 4);
    layout->addLayout(header);
    layout->addWidget(rule_);
    layout->addWidget(units_);
    layout->addWidget(reach_);
    layout->addWidget(histogram_);
    layout->addWidget(values_);
    layout->addWidget(rowsView_, 1);
    layout->addWidget(export_, 0, Qt::AlignRight);
}

NodeInspector::~NodeInspector() = default;

void NodeInspector::inspect(InspectedNode node) {
    inspected_ = std::move(node);
    // The header is the node's own split; how rows get there comes below it.
    title_->setText(inspected_.split.isEmpty() ? tr("Node %1").arg(inspected_.node)
                                               : tr("Node %1: %2").arg(inspected_.node).arg(inspected_.split));
    rule_->setText(tr("Reached by: %1").arg(inspected_.rule));
    units_->setText(inspected_.units);
    units_->setVisible(!inspected_.units.isEmpty());
    reach_->setText(inspected_.reach);
    const bool classified = inspected_.classRows.size() > 0;
    histogram_->setVisible(classified);
    values_->setVisible(!classified);
    if (classified) histogram_->setCounts(inspected_.classes, inspected_.classRows);
    else values_->setText(value_summary(inspected_.values));
    rowsModel_->setRows(inspected_.data ? &inspected_.data->table : nullptr, inspected_.tableRows);
    export_->setEnabled(inspected_.data && !inspected_.tableRows.empty());
}

const InspectedNode& NodeInspector::inspected() const { return inspected_; }

bool NodeInspector::exportRows(const QString& file) {
    try {
        if (!inspected_.data) throw Error("no data set is loaded, so there are no rows to export");
        write_file_atomically(file.toStdString(), table_rows_csv(inspected_.data->table, inspected_.tableRows));
    } catch (const std::exception& error) {
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot export the rows"), QString::fromStdString(error.what()),
                                    QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return false;
    }
    return true;
}

void NodeInspector::exportWithDialog() {
    const QString file = QFileDialog::getSaveFileName(this, tr("Export the rows reaching node %1").arg(inspected_.node),
                                                      QStringLiteral("node_%1_rows.csv").arg(inspected_.node),
                                                      tr("CSV files (*.csv)"));
    if (!file.isEmpty()) exportRows(file);
}

QLabel* NodeInspector::ruleLabel() const { return rule_; }
QLabel* NodeInspector::unitsLabel() const { return units_; }
ClassHistogram* NodeInspector::histogram() const { return histogram_; }
QTableView* NodeInspector::rowsView() const { return rowsView_; }
QPushButton* NodeInspector::exportButton() const { return export_; }

}  // namespace treelab
