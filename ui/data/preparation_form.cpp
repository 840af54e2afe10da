#include "ui/data/preparation_form.h"

#include <algorithm>
#include <limits>
#include <optional>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include "core/error.h"
#include "ui/data/option_choices.h"
#include "ui/data/split_editor.h"

namespace treelab {
namespace {

// A new key: earlier versions saved "none" on every exit, which was their default, not a choice; a
// user's saved "none" under the old key must not keep the method's preprocessing off.
const QString scalingKey = QStringLiteral("data/preprocessing");
const QString categoricalKey = QStringLiteral("data/categorical");
const QString smoteKey = QStringLiteral("data/smote");
const QString crossValidationKey = QStringLiteral("data/crossValidation");  // "10x3"; empty = holdout
const QString splitKey = QStringLiteral("data/split");
const QString splitModeKey = QStringLiteral("data/splitMode");
const QString seedKey = QStringLiteral("data/seed");
const QString splitSeedKey = QStringLiteral("data/splitSeed");
const QString learnerSeedKey = QStringLiteral("data/learnerSeed");
const QString missingAsLevelKey = QStringLiteral("data/missingAsLevel");
const QString fitOnKey = QStringLiteral("data/fitOn");

// Words a user reads for the core's choice words; a word without one here is shown as it is.
QString choiceLabel(const std::string& word) {
    if (word == "auto") return QObject::tr("Automatic (the method's choice)");
    if (word == "none") return QObject::tr("None");
    if (word == "zscore") return QObject::tr("Z-score");
    if (word == "quantile") return QObject::tr("Quantile → normal");
    if (word == "quantile-gradtree") return QObject::tr("Quantile → normal, noisy fit (GradTree)");
    if (word == "onehot") return QObject::tr("One-hot");
    if (word == "loo") return QObject::tr("Leave-one-out target mean");
    if (word == "ordinal") return QObject::tr("Ordinal rank");
    if (word == "stratified") return QObject::tr("Stratified by class");
    if (word == "shuffled") return QObject::tr("Shuffled");
    if (word == "gradtree") return QObject::tr("GradTree protocol");
    if (word == "sklearn-stratified") return QObject::tr("scikit-learn stratified");
    if (word == "train") return QObject::tr("Training rows");
    if (word == "train+valid") return QObject::tr("Training + validation rows");
    return {};
}

void selectData(QComboBox* combo, const QVariant& data) {
    const int index = combo->findData(data);
    if (index >= 0) combo->setCurrentIndex(index);
}

QString word(const QComboBox* combo) { return combo->currentData().toString(); }

int spinValue(std::uint32_t value) { return static_cast<int>(std::min<std::uint32_t>(value, std::numeric_limits<int>::max())); }

// A seed that overrides the run's seed for one part of it; −1, shown as "same as the seed", = unset.
QSpinBox* seedOverride(QWidget* parent, const QString& name, const RunOptionDoc& doc) {
    auto* spin = new QSpinBox(parent);
    spin->setObjectName(name);
    spin->setRange(-1, std::numeric_limits<int>::max());
    spin->setValue(-1);
    spin->setSpecialValueText(QObject::tr("same as the seed"));
    spin->setToolTip(optionTooltip(doc));
    return spin;
}

std::optional<std::uint32_t> seedOf(const QSpinBox* spin) {
    return spin->value() < 0 ? std::nullopt : std::optional<std::uint32_t>(static_cast<std::uint32_t>(spin->value()));
}

// A titled group whose form keeps the panel as narrow as it was before the groups: the left
// column of the window is the data panel's minimum width.
QFormLayout* groupForm(QGroupBox* group) {
    auto* form = new QFormLayout(group);
    form->setContentsMargins(6, 4, 6, 4);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    return form;
}

}  // namespace

PreparationForm::PreparationForm(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto* preprocessing = new QGroupBox(tr("Preprocessing"), this);
    QFormLayout* preprocessingForm = groupForm(preprocessing);
    scaling_ = optionCombo(scaling_doc(), QStringLiteral("scaling"), choiceLabel, preprocessing);
    preprocessingForm->addRow(tr("S&caling:"), scaling_);
    categorical_ = optionCombo(categorical_doc(), QStringLiteral("categorical"), choiceLabel, preprocessing);
    preprocessingForm->addRow(tr("Cate&gorical:"), categorical_);
    missingAsLevel_ = new QCheckBox(tr("A level of its own ('?')"), preprocessing);
    missingAsLevel_->setObjectName(QStringLiteral("missingAsLevel"));
    missingAsLevel_->setToolTip(optionTooltip(missing_as_level_doc()));
    preprocessingForm->addRow(tr("M&issing:"), missingAsLevel_);
    smote_ = new QCheckBox(tr("SMOTE the training rows"), preprocessing);
    smote_->setObjectName(QStringLiteral("smote"));
    smote_->setToolTip(optionTooltip(smote_doc()));
    preprocessingForm->addRow(tr("Re&balance:"), smote_);

    auto* split = new QGroupBox(tr("Split"), this);
    QFormLayout* splitForm = groupForm(split);
    split_ = new SplitEditor(split);
    splitForm->addRow(tr("Fracti&ons:"), split_);
    splitMode_ = optionCombo(split_mode_doc(), QStringLiteral("splitMode"), choiceLabel, split);
    splitForm->addRow(tr("Split &mode:"), splitMode_);
    fitOn_ = optionCombo(fit_on_doc(), QStringLiteral("fitOn"), choiceLabel, split);
    splitForm->addRow(tr("Fit o&n:"), fitOn_);
    seed_ = new QSpinBox(split);
    seed_->setObjectName(QStringLiteral("seed"));
    seed_->setRange(0, std::numeric_limits<int>::max());
    seed_->setToolTip(tr("Seeds the split and the learner; the same seed gives the same run."));
    splitForm->addRow(tr("S&eed:"), seed_);
    splitSeed_ = seedOverride(split, QStringLiteral("splitSeed"), split_seed_doc());
    splitForm->addRow(tr("Split seed:"), splitSeed_);
    learnerSeed_ = seedOverride(split, QStringLiteral("learnerSeed"), learner_seed_doc());
    splitForm->addRow(tr("Learner seed:"), learnerSeed_);
    // The split first: set for every run, and on a short screen still in view above the fold,
    // while the preprocessing defaults rarely change.
    layout->addWidget(split);
    layout->addWidget(preprocessing);

    for (QComboBox* combo : {scaling_, categorical_, splitMode_, fitOn_})
        connect(combo, &QComboBox::currentIndexChanged, this, &PreparationForm::changed);
    for (QCheckBox* box : {missingAsLevel_, smote_}) connect(box, &QCheckBox::toggled, this, &PreparationForm::changed);
    connect(split_, &SplitEditor::changed, this, &PreparationForm::changed);
    connect(seed_, &QSpinBox::valueChanged, this, &PreparationForm::changed);
    for (QSpinBox* spin : {splitSeed_, learnerSeed_}) connect(spin, &QSpinBox::valueChanged, this, &PreparationForm::changed);
}

QString PreparationForm::problem() const { return split_->problem(); }

std::optional<Resampling> PreparationForm::crossValidation() const { return split_->crossValidation(); }

void PreparationForm::applyTo(RunConfig& config) const {
    set_scaling(config, word(scaling_).toStdString());
    config.categorical_encoding = categorical_encoding_from_string(word(categorical_).toStdString());
    config.smote = smote_->isChecked();
    config.split = split_->fractions();
    config.split_mode = split_mode_from_string(word(splitMode_).toStdString());
    config.seed = static_cast<std::uint32_t>(seed_->value());
    config.split_seed = seedOf(splitSeed_);
    config.learner_seed = seedOf(learnerSeed_);
    config.missing_as_level = missingAsLevel_->isChecked();
    config.fit_on = fit_on_from_string(word(fitOn_).toStdString());
}

void PreparationForm::setFrom(const RunConfig& config) {
    selectData(scaling_, QString::fromStdString(scaling_text(config)));
    selectData(categorical_, QString::fromStdString(to_string(config.categorical_encoding)));
    smote_->setChecked(config.smote);
    split_->setFractions(config.split);
    selectData(splitMode_, QString::fromStdString(to_string(config.split_mode)));
    seed_->setValue(spinValue(config.seed));
    splitSeed_->setValue(config.split_seed ? spinValue(*config.split_seed) : -1);
    learnerSeed_->setValue(config.learner_seed ? spinValue(*config.learner_seed) : -1);
    missingAsLevel_->setChecked(config.missing_as_level);
    selectData(fitOn_, QString::fromStdString(to_string(config.fit_on)));
}

void PreparationForm::saveSettings(QSettings& settings) const {
    settings.setValue(scalingKey, word(scaling_));
    settings.setValue(categoricalKey, word(categorical_));
    settings.setValue(smoteKey, smote_->isChecked());
    settings.setValue(splitKey, split_->text());
    const std::optional<Resampling> folds = split_->crossValidation();
    settings.setValue(crossValidationKey, folds ? QString::fromStdString(resampling_spec(*folds)) : QString());
    settings.setValue(splitModeKey, word(splitMode_));
    settings.setValue(seedKey, seed_->value());
    settings.setValue(splitSeedKey, splitSeed_->value());
    settings.setValue(learnerSeedKey, learnerSeed_->value());
    settings.setValue(missingAsLevelKey, missingAsLevel_->isChecked());
    settings.setValue(fitOnKey, word(fitOn_));
}

void PreparationForm::restoreSettings(const QSettings& settings) {
    selectData(scaling_, settings.value(scalingKey, word(scaling_)));
    selectData(categorical_, settings.value(categoricalKey, word(categorical_)));
    smote_->setChecked(settings.value(smoteKey, smote_->isChecked()).toBool());
    selectData(splitMode_, settings.value(splitModeKey, word(splitMode_)));
    seed_->setValue(settings.value(seedKey, seed_->value()).toInt());
    splitSeed_->setValue(settings.value(splitSeedKey, splitSeed_->value()).toInt());
    learnerSeed_->setValue(settings.value(learnerSeedKey, learnerSeed_->value()).toInt());
    missingAsLevel_->setChecked(settings.value(missingAsLevelKey, missingAsLevel_->isChecked()).toBool());
    selectData(fitOn_, settings.value(fitOnKey, word(fitOn_)));
    try {
        split_->setFractions(parse_split_fractions(settings.value(splitKey, split_->text()).toString().toStdString()));
    } catch (const ParamError&) {
        // A hand-edited settings file: the default split stays, as for any unreadable setting.
    }
    try {
        const QString folds = settings.value(crossValidationKey).toString();
        split_->setCrossValidation(folds.isEmpty() ? std::nullopt : std::optional<Resampling>(parse_resampling(folds.toStdString())));
    } catch (const ParamError&) {
        // As above: the holdout stays.
    }
}

}  // namespace treelab
