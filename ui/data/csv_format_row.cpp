#include "ui/data/csv_format_row.h"

#include <QComboBox>
#include <QSignalBlocker>

namespace treelab {
namespace {

// Characters travel as their code: a QVariant of QChar('\t') compares poorly with findData.
QVariant charData(char c) { return static_cast<int>(c); }
char chosenChar(const QComboBox* combo) { return static_cast<char>(combo->currentData().toInt()); }

QString encodingLabel(const std::string& encoding) {
    if (encoding == "utf-8") return QStringLiteral("UTF-8");
    if (encoding == "windows-1252") return QStringLiteral("Windows-1252");
    if (encoding == "latin-1") return QStringLiteral("Latin-1");
    if (encoding == "utf-16le") return QStringLiteral("UTF-16 LE");
    if (encoding == "utf-16be") return QStringLiteral("UTF-16 BE");
    return QString::fromStdString(encoding);
}

QString autoText(bool detected, const QString& what) {
    return detected ? CsvFormatRow::tr("Auto (%1)").arg(what) : CsvFormatRow::tr("Auto");
}

}  // namespace

CsvFormatRow::CsvFormatRow(QWidget* parent) : CaptionedComboRow(parent) {
    delimiter_ = new QComboBox(this);
    delimiter_->setObjectName(QStringLiteral("csvDelimiter"));
    delimiter_->addItem(tr("Auto"), charData(0));
    delimiter_->addItem(tr("Comma ,"), charData(','));
    delimiter_->addItem(tr("Semicolon ;"), charData(';'));
    delimiter_->addItem(tr("Tab"), charData('\t'));
    delimiter_->addItem(tr("Pipe |"), charData('|'));
    delimiter_->setToolTip(tr("Field delimiter. Auto: the most frequent of , ; and tab in the header line."));

    decimal_ = new QComboBox(this);
    decimal_->setObjectName(QStringLiteral("csvDecimal"));
    decimal_->addItem(tr("Auto"), charData(0));
    decimal_->addItem(tr("Point ."), charData('.'));
    decimal_->addItem(tr("Comma ,"), charData(','));
    decimal_->setToolTip(tr("Decimal separator. Auto: a comma when the delimiter is not one and the first lines hold "
                            "numbers such as 1,5."));

    encoding_ = new QComboBox(this);
    encoding_->setObjectName(QStringLiteral("csvEncoding"));
    encoding_->addItem(tr("Auto"), QString());
    for (const char* encoding : {"utf-8", "windows-1252", "latin-1", "utf-16le", "utf-16be"})
        encoding_->addItem(encodingLabel(encoding), QString::fromLatin1(encoding));
    encoding_->setToolTip(tr("Text encoding. Auto: UTF-16 by its byte-order mark, Latin-1 when the text is not UTF-8, "
                             "else UTF-8."));

    addCombo(tr("Delimiter"), delimiter_, 5, 2);
    addCombo(tr("Decimal"), decimal_, 5, 2);
    addCombo(tr("Encoding"), encoding_, 10, 3);
}

CsvOptions CsvFormatRow::overrides() const {
    CsvOptions options;
    options.delimiter = chosenChar(delimiter_);
    options.decimal = chosenChar(decimal_);
    options.encoding = encoding_->currentData().toString().toStdString();
    return options;
}

void CsvFormatRow::setOverrides(const CsvOptions& overrides) {
    const QSignalBlocker blockDelimiter(delimiter_), blockDecimal(decimal_), blockEncoding(encoding_);
    selectDataOrFirst(delimiter_, charData(overrides.delimiter));
    selectDataOrFirst(decimal_, charData(overrides.decimal));
    selectDataOrFirst(encoding_, QString::fromStdString(overrides.encoding));
}

void CsvFormatRow::showRead(const TextFormat& read, const CsvOptions& asked) {
    const QString delimiter = read.delimiter == '\t' ? tr("tab") : QString(QChar(read.delimiter));
    delimiter_->setItemText(0, autoText(asked.delimiter == 0, delimiter));
    decimal_->setItemText(0, autoText(asked.decimal == 0, QString(QChar(read.decimal))));
    encoding_->setItemText(0, autoText(asked.encoding.empty(), encodingLabel(read.encoding)));
}

}  // namespace treelab
