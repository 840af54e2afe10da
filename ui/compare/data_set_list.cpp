#include "ui/compare/data_set_list.h"

#include <sstream>
#include <string>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/shipped/shipped_files.h"
#include "core/data/column_summary.h"
#include "core/data/csv_reader.h"

namespace treelab {
namespace {

constexpr int kFileRole = Qt::UserRole;

constexpr int kHeadLines = 200;  // rows enough to tell a text column's levels from a numeric one

// The columns of a CSV file's first lines, read as the whole file will be (core/data/csv_reader.h),
// and the target TreeLab would choose from them: enough to list the targets; the whole file is
// read by the comparison's worker. Empty, with `problem` set, when the head cannot be read.
struct FileHead {
    QStringList columns;
    QString target;
};
FileHead file_head(const QString& file, QString& problem) {
    QFile input(file);
    if (!input.open(QIODevice::ReadOnly)) {
        problem = QObject::tr("Cannot open %1: %2").arg(file, input.errorString());
        return {};
    }
    std::string head;
    for (int line = 0; line < kHeadLines && !input.atEnd(); ++line) head += input.readLine().toStdString();
    try {
        std::istringstream text(head);
        const Table table = parse_csv(text, file.toStdString());
        FileHead result;
        for (const Column& column : table.columns) result.columns.append(QString::fromStdString(column.name));
        result.target = result.columns.value(static_cast<int>(choose_target_column(table).column));
        return result;
    } catch (const std::exception& error) {
        problem = QString::fromStdString(error.what());
        return {};
    }
}

}  // namespace

DataSetList::DataSetList(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    table_ = new QTableWidget(0, 2, this);
    table_->setObjectName(QStringLiteral("compareDataSets"));
    table_->setHorizontalHeaderLabels({tr("Data set"), tr("Target")});
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Interactive);
    table_->setColumnWidth(1, table_->fontMetrics().horizontalAdvance(QStringLiteral("progression")) + 40);  // a target's combo box
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    table_->setMaximumHeight(table_->horizontalHeader()->sizeHint().height() + 4 * (table_->fontMetrics().height() + 8) + 4);
    table_->setToolTip(tr("Checked data sets are compared; with two or more the tab ranks the methods over them "
                          "(Friedman test and critical-difference diagram, Demšar 2006)."));
    layout->addWidget(table_);
    auto* buttons = new QHBoxLayout;
    add_ = new QPushButton(tr("Add"), this);
    add_->setObjectName(QStringLiteral("compareAddDataSet"));
    addMenu_ = new QMenu(add_);
    add_->setMenu(addMenu_);
    remove_ = new QPushButton(tr("Remove"), this);
    remove_->setObjectName(QStringLiteral("compareRemoveDataSet"));
    buttons->addWidget(add_);
    buttons->addWidget(remove_);
    buttons->addStretch();
    layout->addLayout(buttons);
    connect(addMenu_, &QMenu::aboutToShow, this, &DataSetList::fillAddMenu);
    connect(remove_, &QPushButton::clicked, this, [this] {
        const int row = table_->currentRow();
        if (row <= 0) return;  // the loaded data set stays (unchecked, it is left out)
        table_->removeRow(row);
        emit changed();
    });
    connect(table_, &QTableWidget::itemChanged, this, &DataSetList::changed);
    refreshLoaded();
}

void DataSetList::setLoadedSource(std::function<std::optional<RunConfig>()> source) {
    loadedSource_ = std::move(source);
    refreshLoaded();
}

void DataSetList::setRecentSource(std::function<QStringList()> source) { recentSource_ = std::move(source); }

QTableWidget* DataSetList::table() const { return table_; }

void DataSetList::refreshLoaded() {
    const std::optional<RunConfig> loaded = loadedSource_ ? loadedSource_() : std::nullopt;
    const QSignalBlocker blocker(table_);
    if (table_->rowCount() == 0) {
        table_->insertRow(0);
        auto* item = new QTableWidgetItem;
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Checked);
        table_->setItem(0, 0, item);
        table_->setItem(0, 1, new QTableWidgetItem);
    }
    QTableWidgetItem* name = table_->item(0, 0);
    if (loaded) {
        name->setText(tr("%1 (loaded)").arg(QFileInfo(QString::fromStdString(loaded->data_file.string())).fileName()));
        name->setToolTip(QString::fromStdString(loaded->data_file.string()));
        table_->item(0, 1)->setText(QString::fromStdString(loaded->target));
        table_->item(0, 1)->setToolTip(tr("The data panel's target"));
    } else {
        name->setText(tr("(no data loaded)"));
        table_->item(0, 1)->setText({});
    }
    emit changed();
}

void DataSetList::fillAddMenu() {
    addMenu_->clear();
    const QString shipped = shipped_datasets_folder();
    if (!shipped.isEmpty()) {
        QMenu* sets = addMenu_->addMenu(tr("Shipped data set"));
        for (const QFileInfo& file : QDir(shipped).entryInfoList({QStringLiteral("*.csv")}, QDir::Files, QDir::Name))
            sets->addAction(file.completeBaseName(), this, [this, path = file.absoluteFilePath()] { addFile(path); });
    }
    const QStringList recent = recentSource_ ? recentSource_() : QStringList();
    if (!recent.isEmpty()) {
        QMenu* files = addMenu_->addMenu(tr("Recent file"));
        for (const QString& file : recent) files->addAction(file, this, [this, file] { addFile(file); });
    }
    addMenu_->addAction(tr("Other file…"), this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Add a data set"), QString(), tr("CSV files (*.csv *.txt *.csv.gz *.txt.gz);;All files (*)"));
        if (!file.isEmpty()) addFile(file);
    });
}

bool DataSetList::addFile(const QString& file, const QString& target) {
    QString problem;
    const FileHead head = file_head(file, problem);
    const QStringList& columns = head.columns;
    if (!problem.isEmpty()) {
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot add the data set"), problem, QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return false;
    }
    const QSignalBlocker blocker(table_);
    const int row = table_->rowCount();
    table_->insertRow(row);
    auto* item = new QTableWidgetItem(QFileInfo(file).fileName());
    item->setData(kFileRole, file);
    item->setToolTip(file);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
    item->setCheckState(Qt::Checked);
    table_->setItem(row, 0, item);
    auto* choice = new QComboBox(table_);
    choice->addItems(columns);
    choice->setCurrentText(target.isEmpty() ? head.target : target);
    connect(choice, &QComboBox::currentIndexChanged, this, &DataSetList::changed);
    table_->setCellWidget(row, 1, choice);
    emit changed();
    return true;
}

std::vector<RunConfig> DataSetList::checkedDataSets() const {
    std::vector<RunConfig> sets;
    const std::optional<RunConfig> loaded = loadedSource_ ? loadedSource_() : std::nullopt;
    RunConfig preparation = loaded ? *loaded : RunConfig{};
    for (int row = 0; row < table_->rowCount(); ++row) {
        if (table_->item(row, 0)->checkState() != Qt::Checked) continue;
        if (row == 0) {
            if (loaded) sets.push_back(*loaded);
            continue;
        }
        RunConfig config = preparation;
        // Another file: its own format (detected) and target; the task is decided from the target.
        config.data_file = table_->item(row, 0)->data(kFileRole).toString().toStdString();
        config.delimiter = 0;
        config.decimal = 0;
        config.encoding.clear();
        config.task.reset();
        config.drop_columns.clear();
        config.target = static_cast<QComboBox*>(table_->cellWidget(row, 1))->currentText().toStdString();
        sets.push_back(std::move(config));
    }
    return sets;
}

QStringList DataSetList::checkedNames() const {
    QStringList names;
    for (const RunConfig& config : checkedDataSets()) names.append(QFileInfo(QString::fromStdString(config.data_file.string())).fileName());
    return names;
}

}  // namespace treelab
