#include "ui/data/split_editor.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
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
    kind_ = new QComboBox(this);
    kind_->setObjectName(QStringLiteral("splitKind"));
    kind_->addItem(tr("Holdout: train / valid / test"));
    kind_->addItem(tr("Cross-validation: k folds × repeats"));
    kind_->setToolTip(tr("Cross-validation trains the method once per fold and shows the per-fold scores in the Compare "
                         "tab; the run kept is the method refitted on all rows."));
    layout->addWidget(kind_);
    foldsRow_ = new QWidget(this);
    auto* foldsLayout = new QHBoxLayout(foldsRow_);
    foldsLayout->setContentsMargins(0, 0, 0, 0);
    folds_ = new QSpinBox(foldsRow_);
    folds_->setObjectName(QStringLiteral("splitFolds"));
    folds_->setRange(2, 100);
    folds_->setValue(10);
    folds_->setSuffix(tr(" folds"));
    folds_->setToolTip(tr("k of k-fold cross-validation (stratified for classification)"));
    repeats_ = new QSpinBox(foldsRow_);
    repeats_->setObjectName(QStringLiteral("splitRepeats"));
    repeats_->setRange(1, 100);
    repeats_->setPrefix(tr("× "));
    repeats_->setToolTip(tr("How many times the folds are drawn, each time shuffled anew (seed: the split seed)"));
    foldsLayout->addWidget(folds_);
    foldsLayout->addWidget(repeats_);
    layout->addWidget(foldsRow_);
    fractionsRow_ = new QWidget(this);
    auto* boxes = new QHBoxLayout(fractionsRow_);
    boxes->setContentsMargins(0, 0, 0, 0);
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
    layout->addWidget(fractionsRow_);
    problem_ = new QLabel(this);
    problem_->setObjectName(QStringLiteral("splitProblem"));
    problem_->setWordWrap(true);
    problem_->setStyleSheet(QStringLiteral("color: #b00020"));
    layout->addWidget(problem_);
    setFractions(SplitFractions{});
    auto showKind = [this] {
        foldsRow_->setVisible(kind_->currentIndex() == 1);
        fractionsRow_->setVisible(kind_->currentIndex() == 0);
        check();
    };
    connect(kind_, &QComboBox::currentIndexChanged, this, [this, showKind] {
        showKind();
        emit changed();
    });
    for (QSpinBox* box : {folds_, repeats_}) connect(box, &QSpinBox::valueChanged, this, &SplitEditor::changed);
    showKind();
}

std::optional<Resampling> SplitEditor::crossValidation() const {
    if (kind_->currentIndex() != 1) return std::nullopt;
    Resampling resampling;
    resampling.kind = Resampling::Kind::KFold;
    resampling.folds = folds_->value();
    resampling.repeats = repeats_->value();
    return resampling;
}

void SplitEditor::setCrossValidation(const std::optional<Resampling>& resampling) {
    const bool folds = resampling && resampling->kind == Resampling::Kind::KFold;
    if (folds) {
        folds_->setValue(resampling->folds);
        repeats_->setValue(resampling->repeats);
    }
    kind_->setCurrentIndex(folds ? 1 : 0);
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
        if (kind_->currentIndex() == 0) parse_split_fractions(text().toStdString());  // folds need no fractions
    } catch (const Error& error) {
        message = QString::fromStdString(error.what());
    }
    problem_->setText(message);
    problem_->setVisible(!message.isEmpty());
}

}  // namespace treelab
