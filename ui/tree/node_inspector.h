#pragma once
// The side pane a click on a node opens (asked of dtreeviz in github.com/parrt/dtreeviz/issues/278; Orange's "click a node → its rows"): the
// path rule, the class histogram (or a value summary for regression) of the rows reaching the
// node, those rows as written in the file, and "Export these rows…".
#include <memory>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <QWidget>

#include "core/run/prepared_data.h"

class QLabel;
class QPushButton;
class QTableView;

namespace treelab {

class ClassHistogram;
class TablePreviewModel;

struct InspectedNode {
    int node = -1;
    QString split;  // the node's own test ("Ba ≤ 0.385"), or what a leaf predicts ("leaf, predicts class 2")
    QString rule;   // path rule from the root: how rows reach the node
    QString units;  // what units the rule's numbers are in, and the tie rule
    QString reach;  // how many of the routed rows reach it
    std::vector<std::string> classes;
    Eigen::VectorXi classRows;   // rows per class (classification), from the routing analysis
    Eigen::VectorXd values;      // the targets of the rows (regression)
    std::shared_ptr<const PreparedData> data;  // holds the table
    std::vector<Eigen::Index> tableRows;       // 0-based table rows reaching the node
};

class NodeInspector : public QWidget {
    Q_OBJECT
public:
    explicit NodeInspector(QWidget* parent = nullptr);
    ~NodeInspector() override;

    void inspect(InspectedNode node);
    const InspectedNode& inspected() const;
    // Writes the rows atomically as CSV (header + one line per row); false and a dialog on failure.
    bool exportRows(const QString& file);

    QLabel* ruleLabel() const;
    QLabel* unitsLabel() const;
    ClassHistogram* histogram() const;
    QTableView* rowsView() const;
    QPushButton* exportButton() const;

signals:
    void closeRequested();

private:
    void exportWithDialog();

    InspectedNode inspected_;
    QLabel* title_ = nullptr;
    QLabel* rule_ = nullptr;
    QLabel* units_ = nullptr;
    QLabel* reach_ = nullptr;
    ClassHistogram* histogram_ = nullptr;
    QLabel* values_ = nullptr;
    TablePreviewModel* rowsModel_ = nullptr;
    QTableView* rowsView_ = nullptr;
    QPushButton* export_ = nullptr;
};

}  // namespace treelab
