#include "ui/data/option_choices.h"

#include <QComboBox>

namespace treelab {
namespace {

QString labelOf(const ChoiceDoc& choice, const ChoiceLabels& labels) {
    const QString label = labels ? labels(choice.word) : QString();
    return label.isEmpty() ? QString::fromStdString(choice.word) : label;
}

// The core writes lower-case phrases for the CLI's help lines; a tooltip starts a sentence.
QString sentence(const std::string& phrase) {
    QString text = QString::fromStdString(phrase);
    if (!text.isEmpty()) text[0] = text[0].toUpper();
    return text.toHtmlEscaped() + QLatin1Char('.');
}

}  // namespace

QString optionTooltip(const RunOptionDoc& doc, const ChoiceLabels& labels) {
    QString text = QStringLiteral("<p>%1</p>").arg(sentence(doc.help));
    for (const ChoiceDoc& choice : doc.choices)
        text += QStringLiteral("<p><b>%1</b>: %2</p>")
                    .arg(labelOf(choice, labels).toHtmlEscaped(), QString::fromStdString(choice.help).toHtmlEscaped());
    return text + QStringLiteral("<p><i>treelab-cli %1</i></p>").arg(QString::fromStdString(doc.flag));
}

QComboBox* optionCombo(const RunOptionDoc& doc, const QString& objectName, const ChoiceLabels& labels, QWidget* parent) {
    auto* combo = new QComboBox(parent);
    combo->setObjectName(objectName);
    for (const ChoiceDoc& choice : doc.choices) {
        combo->addItem(labelOf(choice, labels), QString::fromStdString(choice.word));
        combo->setItemData(combo->count() - 1, QStringLiteral("<p>%1</p>").arg(sentence(choice.help)), Qt::ToolTipRole);
    }
    combo->setToolTip(optionTooltip(doc, labels));
    return combo;
}

}  // namespace treelab
