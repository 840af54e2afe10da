#include "ui/data/cell_reading_row.h"

#include <QComboBox>
#include <QSignalBlocker>

namespace treelab {
namespace {

// Characters travel as their code, as in the Format row: findData compares QChar poorly.
QVariant charData(char c) { return static_cast<int>(c); }

}  // namespace

CellReadingRow::CellReadingRow(QWidget* parent) : CaptionedComboRow(parent) {
    thousands_ = new QComboBox(this);
    thousands_->setObjectName(QStringLiteral("cellThousands"));
    thousands_->addItem(tr("Auto"), charData(0));
    thousands_->addItem(tr("None"), charData(CellReadingOptions::kNoGrouping));
    thousands_->addItem(tr("Comma ,"), charData(','));
    thousands_->addItem(tr("Point ."), charData('.'));
    thousands_->addItem(tr("Space"), charData(' '));
    thousands_->addItem(tr("Apostrophe '"), charData('\''));
    thousands_->setToolTip(tr("Thousands separator of text columns read as numbers (\"51,494\"), treelab-cli --thousands. "
                              "Auto: detected per column. None: such columns stay text."));

    percent_ = new QComboBox(this);
    percent_->setObjectName(QStringLiteral("cellPercent"));
    percent_->addItem(tr("Auto"), true);
    percent_->addItem(tr("As text"), false);
    percent_->setToolTip(tr("Percentages, treelab-cli --percent. Auto: a text column of percentages reads as fractions "
                            "(98% as 0.98). As text: it stays text."));

    dates_ = new QComboBox(this);
    dates_->setObjectName(QStringLiteral("cellDates"));
    dates_->addItem(tr("Auto"), static_cast<int>(CellReadingOptions::Dates::Detect));
    dates_->addItem(tr("Day first"), static_cast<int>(CellReadingOptions::Dates::DayFirst));
    dates_->addItem(tr("Month first"), static_cast<int>(CellReadingOptions::Dates::MonthFirst));
    dates_->addItem(tr("As text"), static_cast<int>(CellReadingOptions::Dates::None));
    dates_->setToolTip(tr("Text columns of dates read as days since 1970-01-01, treelab-cli --dates. Auto: ISO dates "
                          "(2020-12-31), and slashed dates (31/12/2020) when a day above 12 shows the order. Day first "
                          "or Month first: the order of slashed dates where no day shows it. As text: dates stay text."));

    addCombo(tr("Thousands"), thousands_, 5, 2);
    addCombo(tr("Percent"), percent_, 5, 2);
    addCombo(tr("Dates"), dates_, 10, 3);
}

CellReadingOptions CellReadingRow::options() const {
    CellReadingOptions options;
    options.thousands = static_cast<char>(thousands_->currentData().toInt());
    options.percent = percent_->currentData().toBool();
    options.dates = static_cast<CellReadingOptions::Dates>(dates_->currentData().toInt());
    return options;
}

void CellReadingRow::setOptions(const CellReadingOptions& options) {
    const QSignalBlocker blockThousands(thousands_), blockPercent(percent_), blockDates(dates_);
    selectDataOrFirst(thousands_, charData(options.thousands));
    selectDataOrFirst(percent_, options.percent);
    selectDataOrFirst(dates_, static_cast<int>(options.dates));
}

}  // namespace treelab
