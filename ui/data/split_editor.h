#pragma once
// Train / validation / test fractions as three spin boxes, checked by the core's own rule
// (parse_split_fractions: three non-negative fractions adding up to 1, train positive); a split the
// core refuses is flagged in red under the boxes.
#include <QWidget>

#include "core/data/splits.h"

class QDoubleSpinBox;
class QLabel;

namespace treelab {

class SplitEditor : public QWidget {
    Q_OBJECT
public:
    explicit SplitEditor(QWidget* parent = nullptr);

    SplitFractions fractions() const;  // as shown, valid or not
    void setFractions(const SplitFractions& fractions);
    QString text() const;              // "0.6,0.2,0.2", the CLI's --split syntax
    QString problem() const;           // the core's message, empty when the split is valid

signals:
    void changed();

private:
    void check();

    QDoubleSpinBox* train_ = nullptr;  // objectNames "splitTrain", "splitValid", "splitTest"
    QDoubleSpinBox* valid_ = nullptr;
    QDoubleSpinBox* test_ = nullptr;
    QLabel* problem_ = nullptr;        // objectName "splitProblem"
};

}  // namespace treelab
