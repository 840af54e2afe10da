#pragma once
// A row typed by hand, its path lit on the Tree tab's canvas as it changes (dtreeviz's
// single-instance path, `x=`): one field per input column of the model (a number, or a combo box
// of the column's levels), prefilled with a row of the data; the row goes through the model's own
// pipeline and the shown tree routes it, and the form says where it stops and what it predicts.
#include <memory>
#include <vector>

#include <Eigen/Core>
#include <QWidget>

#include "core/model/model_file.h"
#include "core/run/prepared_data.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace treelab {

class RowForm : public QWidget {
    Q_OBJECT
public:
    explicit RowForm(QWidget* parent = nullptr);
    ~RowForm() override;

    // `model`'s columns and pipeline, `tree` the tree that routes (the canvas's: the model's own or
    // a recorded one), `data` the rows to prefill from (null: each column's training mean or first level).
    void showModel(std::shared_ptr<const ModelFile> model, std::shared_ptr<const TreeModel> tree,
                   std::shared_ptr<const PreparedData> data);
    // Fills every field from the table's row `row` (1-based, as in the CSV).
    void fillFromRow(int row);

    // The typed row through the model's pipeline (1 × features); empty without a model.
    Eigen::RowVectorXd encodedRow() const;
    const std::vector<int>& path() const;  // root to stopping node; empty without a model

    QLineEdit* numberField(const QString& column) const;  // null when not a numeric input
    QComboBox* levelField(const QString& column) const;   // null when not a categorical input
    QSpinBox* rowBox() const;
    QLabel* predictionLabel() const;

signals:
    void pathChanged(const std::vector<int>& nodes);

private:
    void rebuildFields();
    void routeRow();  // encode, route, tell
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
