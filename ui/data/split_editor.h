#pragma once
// How a run holds rows out: a holdout (train / validation / test fractions as three spin boxes,
// checked by the core's own rule, parse_split_fractions: three non-negative fractions adding up to
// 1, train positive; a split the core refuses is flagged in red under the boxes) or k-fold
// cross-validation repeated r times (the folds as core/data/cross_validation_folds.h makes them).
#include <optional>

#include <QWidget>

#include "core/data/cross_validation_folds.h"
#include "core/data/splits.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace treelab {

class SplitEditor : public QWidget {
    Q_OBJECT
public:
    explicit SplitEditor(QWidget* parent = nullptr);

    SplitFractions fractions() const;  // as shown, valid or not
    void setFractions(const SplitFractions& fractions);
    QString text() const;              // "0.6,0.2,0.2", the CLI's --split syntax
    QString problem() const;           // the core's message, empty when the split is valid

    // k-fold × repeats when cross-validation is chosen; nullopt for a holdout.
    std::optional<Resampling> crossValidation() const;
    void setCrossValidation(const std::optional<Resampling>& resampling);

signals:
    void changed();

private:
    void check();

    QComboBox* kind_ = nullptr;        // objectName "splitKind": holdout or cross-validation
    QWidget* fractionsRow_ = nullptr;
    QWidget* foldsRow_ = nullptr;
    QSpinBox* folds_ = nullptr;        // objectNames "splitFolds", "splitRepeats"
    QSpinBox* repeats_ = nullptr;
    QDoubleSpinBox* train_ = nullptr;  // objectNames "splitTrain", "splitValid", "splitTest"
    QDoubleSpinBox* valid_ = nullptr;
    QDoubleSpinBox* test_ = nullptr;
    QLabel* problem_ = nullptr;        // objectName "splitProblem"
};

}  // namespace treelab
