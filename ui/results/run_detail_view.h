#pragma once
// The per-row view of one run on its test split, below the results list: a confusion matrix
// (classification; rows true, columns predicted) or predicted against true values (regression).
#include <memory>

#include <QWidget>

#include "core/run/training_run.h"

namespace treelab {

class RunDetailView : public QWidget {
    Q_OBJECT
public:
    explicit RunDetailView(QWidget* parent = nullptr);
    ~RunDetailView() override;

    void showRun(const RunOutcome* outcome);  // null: nothing selected

private:
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
