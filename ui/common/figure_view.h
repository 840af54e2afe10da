#pragma once
// A figure of one or more trees as `treelab-cli draw` paints it (app/render's FigureSheet, the same
// code): the per-class grid of 000 Fig. 4 or the side-by-side comparison of 000 Fig. 3. Zoom
// (Ctrl+wheel, the buttons), fit to window, and "Export…", which writes exactly the sheet shown,
// caption with the run cards included, as PNG, SVG or PDF.
#include <memory>
#include <vector>

#include <QSize>
#include <QString>
#include <QStringList>
#include <QWidget>

#include "app/render/figure_sheet.h"
#include "core/model/model_file.h"
#include "core/run/prepared_data.h"

namespace treelab {

// One tree of a comparison: `title` heads it ("λ = 0.001"; empty = method and λ/α); all rows of
// `data` are routed through `model`.
struct ComparedTree {
    QString title;
    std::shared_ptr<const ModelFile> model;
    std::shared_ptr<const PreparedData> data;
};

class FigureView : public QWidget {
    Q_OBJECT
public:
    explicit FigureView(QWidget* parent = nullptr);
    ~FigureView() override;

    // A FigureView in a new non-modal window (deleted when closed), shown by the caller's show…().
    static FigureView* openWindow(QWidget* parent, const QString& title);

    // 000 Fig. 4: one small tree per class of `classes` (names; empty = every class with rows),
    // routing that class's rows of all splits of `data`, normalised per depth level, down to
    // `maxDepth` (< 0 = all). False, with a non-modal dialog saying why, for a model without
    // classes or an unknown class name.
    bool showClassPaths(std::shared_ptr<const ModelFile> model, std::shared_ptr<const PreparedData> data,
                        const QStringList& classes = {}, int maxDepth = 3);
    // 000 Fig. 3: the trees side by side, aligned node for node (ghost nodes keep their places),
    // each subtitled with its metric (DP for self-supervised models, accuracy or R² otherwise) and
    // EN, routing all rows of its data.
    bool showComparison(const std::vector<ComparedTree>& trees);
    void showSheet(FigureSheet sheet);  // any sheet, e.g. from app/render directly

    const FigureSheet& sheet() const;
    int panelCount() const;  // trees shown

    // The whole sheet in the window when its smallest node text is still at least the platform's
    // small font size there (readableZoom()), else that readable zoom with scroll bars. A
    // comparison too wide to read one tree per row is cut at the deepest depth that fits
    // ("+N" leaves below a cut; "Whole trees" shows every node) and laid out as many per row as fit.
    void fitToWindow();
    double readableZoom() const;
    void setZoom(double zoom);  // 1 = the sheet's natural size
    double zoom() const;

    // Writes the sheet (caption included) to `file` (.png, .svg or .pdf) at `size` in points (empty =
    // the natural size; a PNG at 300 DPI); false, with a non-modal dialog, on failure. "Export…"
    // asks for the file.
    bool exportFigure(const QString& file, QSize size = {});

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
