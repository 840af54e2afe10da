#include "ui/data/split_editor.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "core/error.h"

namespace treelab {
namespace {

QDoubleSpinBox* fractionBox(const QString& name, const QString& prefix, QWidget* parent) {
    auto* box = new QDoubleSpinBox(parent);
    box->setObjectName(name);
    box->setRange(0.0, 1.0);
    box->setDecimals(2);
    box->setSingleStep(0.05);
    box->setPrefix(prefix);
    return box;
}

}  // namespace

SplitEditor::SplitEditor(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* boxes = new QHBoxLayout;
    train_ = fractionBox(QStringLiteral("splitTrain"), tr("train "), this);
    valid_ = fractionBox(QStringLiteral("splitValid"), tr("valid "), this);
    test_ = fractionBox(QStringLiteral("splitTest"), tr("test "), this);
    train_->setToolTip(tr("Fraction of the rows the learner fits on."));
    valid_->setToolTip(tr("Fraction of the rows for early stopping and model selection; may be 0."));
    test_->setToolTip(tr("Fraction of the rows held out for the final scores; may be 0."));
    for (QDoubleSpinBox* box : {train_, valid_, test_}) {
        boxes->addWidget(box);
        connect(box, &QDoubleSpinBox::valueChanged, this, [this] {
            check();
            emit changed();
        });
    }
    layout->addLayout(boxes);
    problem_ = new QLabel(this);
    problem_->setObjectName(QStringLiteral("splitProblem"));
    problem_->setWordWrap(true);
    problem_->setStyleSheet(QStringLiteral("color: #b00020"));
    layout->addWidget(problem_);
    setFractions(SplitFractions{});
}

SplitFractions SplitEditor::fractions() const { return {train_->value(), valid_->value(), test_->value()}; }

void SplitEditor::setFractions(const SplitFractions& fractions) {
    const QSignalBlocker blockTrain(train_), blockValid(valid_), blockTest(test_);
    train_->setValue(fractions.train);
    valid_->setValue(fractions.valid);
    test_->setValue(fractions.test);
    check();
}

QString SplitEditor::text() const {
    return QStringLiteral("%1,%2,%3").arg(train_->value()).arg(valid_->value()).arg(test_->value());
}

QString SplitEditor::problem() const { return problem_->text(); }

void SplitEditor::check() {
    QString message;
    try {
        parse_split_fractions(text().toStdString());
    } catch (const Error& error) {
        message = QString::fromStdString(error.what());
    }
    problem_->setText(message);
    problem_->setVisible(!message.isEmpty());
}

}  // namespace treelab
