#include "ui/data/captioned_combo_row.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>

namespace treelab {

CaptionedComboRow::CaptionedComboRow(QWidget* parent) : QWidget(parent), layout_(new QGridLayout(this)) {
    layout_->setContentsMargins(0, 0, 0, 0);
    layout_->setVerticalSpacing(0);
}

void CaptionedComboRow::addCombo(const QString& caption, QComboBox* combo, int minimumLength, int stretch) {
    const int column = columns_++;
    auto* label = new QLabel(caption, this);
    label->setBuddy(combo);
    layout_->addWidget(label, 0, column);
    // A width of their own, not their longest item's: the row must not jump when an item's text
    // changes after a read, nor widen the panel.
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(minimumLength);
    layout_->addWidget(combo, 1, column);
    layout_->setColumnStretch(column, stretch);
    connect(combo, &QComboBox::currentIndexChanged, this, &CaptionedComboRow::changed);
    if (!first_) {
        first_ = combo;
        caption_ = label;
        setFocusProxy(combo);  // focus given to the row goes to its first combo
    }
}

int CaptionedComboRow::labelTopMargin(const QWidget& label) const {
    return caption_->sizeHint().height() + (first_->sizeHint().height() - label.sizeHint().height()) / 2;
}

void selectDataOrFirst(QComboBox* combo, const QVariant& data) {
    const int index = combo->findData(data);
    combo->setCurrentIndex(index >= 0 ? index : 0);
}

}  // namespace treelab
