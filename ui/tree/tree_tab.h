#pragma once
// The Tree tab: a toolbar over the TreeCanvas (rows to route, share scale, fill and its legend,
// depth limit, fit, class highlight, a row whose path to show, the class-path grid of 000 Fig. 4)
// and the node inspector a click on a node opens beside it; a second row finds nodes by their
// rule and shows the whole tree of a tree opened at a depth that fits; under the canvas, a slider over the
// trees the shown run recorded, ending on its returned model. Zoom and pan stay on the canvas.
#include <memory>
#include <vector>

#include <QPointer>
#include <QWidget>

#include "core/model/model_file.h"
#include "core/run/prepared_data.h"
#include "core/run/row_set.h"
#include "core/run/training_run.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QSplitter;

namespace treelab {

class EpochScrubber;
class FigureView;
class FillLegend;
class NodeInspector;
class RowForm;
class TreeCanvas;

class TreeTab : public QWidget {
    Q_OBJECT
public:
    explicit TreeTab(QWidget* parent = nullptr);

    // A tree without recorded epochs (a sweep's, or none): the slider says there is nothing to scrub.
    void showModel(std::shared_ptr<const ModelFile> model, std::shared_ptr<const PreparedData> data = nullptr);
    // A run: its model and data, and the slider over its recorded trees ending on its model.
    void showRun(std::shared_ptr<const RunOutcome> outcome);
    void showSnapshot(std::shared_ptr<const TreeModel> tree);
    // A new run starts: the tree shown and the recorded ones go. The run's live trees are then drawn
    // with their own names and training counts; the rows of the run shown before (another file,
    // split or preprocessing) would route through them wrongly.
    void startRun();

    // Opens the inspector on `node` with the rows of the chosen set that reach it.
    void inspectNode(int node);
    // Highlights the path of the table's row `row` (1-based, as in the CSV; 0 = none).
    void showRowPath(int row);
    // The one-row form (row_form.h) beside the window, on the shown model; its row's path is lit here.
    RowForm* openRowForm();
    RowForm* rowForm() const;  // null until opened

    // One small tree per class (000 Fig. 4) of the model shown, in a new window; null without classes.
    FigureView* showClassPaths();

    TreeCanvas* canvas() const;
    EpochScrubber* scrubber() const;  // the trees of the run in progress or just finished
    NodeInspector* inspector() const;
    QComboBox* rowSetBox() const;
    QComboBox* highlightBox() const;
    QSpinBox* depthBox() const;
    QSpinBox* rowBox() const;
    QLabel* rowInfo() const;
    QPushButton* wholeTreeButton() const;
    QLineEdit* searchField() const;
    QPushButton* nextMatchButton() const;
    QPushButton* previousMatchButton() const;
    QLabel* searchInfo() const;
    const std::vector<int>& searchMatches() const;  // nodes whose rule holds the search text

    // Finds the nodes whose rule holds `text` (a feature, "RI ≤ 1.5", "class 2") and reveals the first.
    void search(const QString& text);
    void showMatch(int step);  // +1 next, −1 previous, wrapping
private:
    QWidget* buildToolbar();
    void refreshChoices();  // after another model: class names, row range, empty row sets
    void refreshLegend();
    void refreshInspected();  // after the routing changed: the inspector and the row path follow
    void closeInspector();
    QWidget* buildSearchBar();

    std::shared_ptr<const ModelFile> model_;
    TreeCanvas* canvas_ = nullptr;
    EpochScrubber* scrubber_ = nullptr;
    NodeInspector* inspector_ = nullptr;
    QSplitter* splitter_ = nullptr;
    QComboBox* rowSet_ = nullptr;
    QComboBox* share_ = nullptr;
    QComboBox* fill_ = nullptr;
    QComboBox* highlight_ = nullptr;
    QSpinBox* depth_ = nullptr;
    QSpinBox* row_ = nullptr;
    FillLegend* legend_ = nullptr;
    QLabel* rowInfo_ = nullptr;
    QPushButton* wholeTree_ = nullptr;
    QLineEdit* search_ = nullptr;
    QPushButton* nextMatch_ = nullptr;
    QPushButton* previousMatch_ = nullptr;
    QLabel* searchInfo_ = nullptr;
    std::vector<int> matches_;
    int match_ = -1;  // index into matches_ of the one shown
    QPointer<RowForm> rowForm_;
};

}  // namespace treelab
