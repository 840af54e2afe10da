#pragma once
// How the loaded rows become a run, in two groups where users of Weka's Preprocess and Orange's
// Preprocess / Data Sampler look for them: Preprocessing (scaling, categorical encoding, SMOTE)
// and Split (fractions, split mode, the rows the learner fits on, seed, split seed). Tooltips and
// choices are the core's descriptions of the matching treelab-cli options (run_option_docs.h);
// the defaults are RunConfig's.
#include <optional>

#include <QWidget>

#include "core/data/cross_validation_folds.h"
#include "core/run/run_config.h"

class QCheckBox;
class QComboBox;
class QSettings;
class QSpinBox;

namespace treelab {

class SplitEditor;

class PreparationForm : public QWidget {
    Q_OBJECT
public:
    explicit PreparationForm(QWidget* parent = nullptr);

    QString problem() const;  // why no run can start from these choices (a split not adding up); empty when it can
    // Writes scaling, categorical encoding, SMOTE, split, split mode, seed, split seed and fit-on into `config`.
    void applyTo(RunConfig& config) const;
    void setFrom(const RunConfig& config);  // the reverse
    // The Split group's cross-validation (k folds × repeats); nullopt when it holds a split out.
    std::optional<Resampling> crossValidation() const;

    void saveSettings(QSettings& settings) const;
    void restoreSettings(const QSettings& settings);

signals:
    void changed();

private:
    QComboBox* scaling_ = nullptr;      // objectNames as the members, for tests and screenshots
    QComboBox* categorical_ = nullptr;
    QCheckBox* missingAsLevel_ = nullptr;
    QCheckBox* smote_ = nullptr;
    SplitEditor* split_ = nullptr;
    QComboBox* splitMode_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QSpinBox* splitSeed_ = nullptr;     // -1 = the seed's own split
    QSpinBox* learnerSeed_ = nullptr;   // -1 = the seed seeds the learner
    QComboBox* fitOn_ = nullptr;
};

}  // namespace treelab
