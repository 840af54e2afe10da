#include "ui/common/figure_view.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <QDialog>
#include <QFileDialog>
#include <QFileInfo>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>
#include <QWheelEvent>

#include "app/render/figure_file.h"
#include "app/render/model_figures.h"
#include "app/render/tree_painter.h"
#include "core/error.h"
#include "core/layout/fitting_depth.h"
#include "ui/common/readable_text.h"
#include "ui/common/window_size.h"

namespace treelab {
namespace {

constexpr double kMinZoom = 0.05, kMaxZoom = 8.0, kZoomStep = 1.25;
// Fit never magnifies a small figure more than this many times its readable zoom.
constexpr double kMaxFitMagnification = 2.0;
// What a sheet adds around a tree's layout at one column (margins, slack for titles), in layout units.
constexpr double kSheetSides = 64.0;

std::string file_name(const std::string& path) { return QFileInfo(QString::fromStdString(path)).fileName().toStdString(); }

// Paints the sheet at the zoom; its size is the zoomed sheet, so the scroll area pans it.
class SheetCanvas : public QWidget {
public:
    explicit SheetCanvas(QWidget* parent) : QWidget(parent) {}

    FigureSheet sheet;
    double zoom = 1.0;
    std::function<void(int steps)> onWheelZoom;

    QSize zoomedSize() const {
        const QSizeF natural = sheet_size(sheet);
        return QSize(std::max(1, int(std::ceil(zoom * natural.width()))), std::max(1, int(std::ceil(zoom * natural.height()))));
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        paint_sheet(painter, sheet, QRectF(rect()));
    }
    void wheelEvent(QWheelEvent* event) override {
        if (!(event->modifiers() & Qt::ControlModifier) || !onWheelZoom) return QWidget::wheelEvent(event);
        onWheelZoom(event->angleDelta().y() > 0 ? 1 : -1);
        event->accept();
    }
};

// Shares per depth level, compact nodes: 000 draws Fig. 3 in Reds and Fig. 4 in PuBu.
PictureOptions figure_options(Colormap colormap, int max_depth, bool several) {
    PictureOptions options;
    options.colormap = colormap;
    options.detail = several ? NodeDetail::Compact : NodeDetail::Full;
    options.max_depth = max_depth;
    return options;
}

// The deepest depth limit (−1 = none) at which every tree's layout is at most `width` layout
// units wide; at least 1 (the root and its children).
int legible_depth(const std::vector<ComparedTree>& trees, const PictureOptions& options, double width) {
    int deepest = 0;
    for (const ComparedTree& tree : trees)
        if (tree.model) deepest = std::max(deepest, tree_height(tree.model->tree));
    for (int depth = deepest; depth >= 1; --depth) {
        PictureOptions cut = options;
        cut.max_depth = depth == deepest ? -1 : depth;
        const bool fits = std::all_of(trees.begin(), trees.end(), [&](const ComparedTree& tree) {
            return !tree.model || layout_tree(tree.model->tree, layout_options(cut)).width <= width;
        });
        if (fits) return cut.max_depth;
    }
    return 1;
}

}  // namespace

struct FigureView::Parts {
    FigureView* view;
    QScrollArea* scroll = nullptr;
    SheetCanvas* canvas = nullptr;
    QLabel* zoomLabel = nullptr;
    QPushButton* exportButton = nullptr;
    QLabel* cutNote = nullptr;       // says where trees were cut to stay legible
    QCheckBox* wholeTrees = nullptr;  // no cut: every node, at a readable zoom with scrolling
    bool fitting = true;  // the zoom follows the window until the user zooms
    std::vector<ComparedTree> compared;  // the comparison shown, composed again for the window's width

    explicit Parts(FigureView* owner) : view(owner) {}

    void build();
    void applyZoom(double zoom);
    double readable(NodeDetail detail) const;
    double readable() const;  // of the sheet shown
    double roomWidth(NodeDetail detail) const;  // in layout units at the readable zoom
    void chooseColumns(FigureSheet& sheet) const;
    void composeComparison();
    void showError(const QString& title, const QString& message) const;
};

void FigureView::Parts::build() {
    auto* layout = new QVBoxLayout(view);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    auto* fit = new QPushButton(tr("Fit"), view);
    auto* zoomOut = new QPushButton(tr("−"), view);
    auto* zoomIn = new QPushButton(tr("+"), view);
    zoomLabel = new QLabel(view);
    cutNote = new QLabel(view);
    cutNote->setObjectName(QStringLiteral("cutNote"));
    wholeTrees = new QCheckBox(tr("Whole trees"), view);
    wholeTrees->setToolTip(tr("Every node of every tree, at a readable size: scroll to see them all"));
    wholeTrees->hide();
    exportButton = new QPushButton(tr("Export…"), view);
    exportButton->setToolTip(tr("Save the figure shown, with its caption, as PNG, SVG or PDF"));
    bar->addWidget(fit);
    bar->addWidget(zoomOut);
    bar->addWidget(zoomIn);
    bar->addWidget(zoomLabel);
    bar->addWidget(cutNote, 1);
    bar->addWidget(wholeTrees);
    bar->addWidget(exportButton);
    layout->addLayout(bar);

    scroll = new QScrollArea(view);
    scroll->setAlignment(Qt::AlignCenter);
    scroll->setBackgroundRole(QPalette::Dark);
    canvas = new SheetCanvas(scroll);
    scroll->setWidget(canvas);
    layout->addWidget(scroll, 1);

    canvas->onWheelZoom = [this](int steps) { fitting = false; applyZoom(canvas->zoom * std::pow(kZoomStep, steps)); };
    fit->setToolTip(tr("The whole figure in the window when its text stays readable there, else at a readable size"));
    connect(fit, &QPushButton::clicked, view, &FigureView::fitToWindow);
    connect(wholeTrees, &QCheckBox::toggled, view, [this] {
        fitting = true;
        composeComparison();
    });
    connect(zoomIn, &QPushButton::clicked, view, [this] { view->setZoom(canvas->zoom * kZoomStep); });
    connect(zoomOut, &QPushButton::clicked, view, [this] { view->setZoom(canvas->zoom / kZoomStep); });
    connect(exportButton, &QPushButton::clicked, view, [this] {
        const QString file = QFileDialog::getSaveFileName(view, tr("Export the figure"), tr("figure.svg"),
                                                          tr("Figures (*.svg *.png *.pdf)"));
        if (!file.isEmpty()) view->exportFigure(file);
    });
}

double FigureView::Parts::readable(NodeDetail detail) const { return treelab::readableZoom(view, node_text_size(detail)); }

double FigureView::Parts::readable() const {
    const FigureSheet& sheet = canvas->sheet;
    return readable(sheet.panels.empty() ? NodeDetail::Compact : sheet.panels.front().options.detail);
}

double FigureView::Parts::roomWidth(NodeDetail detail) const {
    // Before the window is laid out the viewport has no size yet: the window's default width.
    const int width = scroll->viewport()->width() > 100 ? scroll->viewport()->width() : 1160;
    return (width - 4) / readable(detail);
}

// As many panels per row as fit the window's width at the readable zoom (at least one).
void FigureView::Parts::chooseColumns(FigureSheet& sheet) const {
    const int count = static_cast<int>(sheet.panels.size());
    if (count == 0) return;
    const double room = roomWidth(sheet.panels.front().options.detail);
    for (sheet.columns = std::max(1, count); sheet.columns > 1; --sheet.columns)
        if (sheet_size(sheet).width() <= room) break;
}

// The trees at the deepest depth that fits one per row at a readable zoom (unless "Whole trees"),
// as many per row as fit.
void FigureView::Parts::composeComparison() {
    const bool several = compared.size() > 1;
    PictureOptions options = figure_options(Colormap::Reds, -1, several);
    const int depth = wholeTrees->isChecked() ? -1 : legible_depth(compared, options, roomWidth(options.detail) - kSheetSides);
    options.max_depth = depth;
    FigureSheet sheet;
    sheet.caption = "All rows of each run's data, percent per depth level (as Zantedeschi et al., Fig. 3); "
                    "an empty node is reached by no row.";
    if (depth >= 0) sheet.caption += " Trees cut below depth " + std::to_string(depth) + "; \"+N\": leaves below a cut.";
    for (const ComparedTree& tree : compared) {
        if (!tree.model || !tree.data) continue;
        const Dataset rows = all_rows(*tree.data);
        TreePicture panel = comparison_panel(*tree.model, rows.X, &rows, options);
        if (!tree.title.isEmpty()) panel.title = tree.title.toStdString();
        sheet.caption += "\n" + run_card_line(panel.title, tree.model->card);
        sheet.panels.push_back(std::move(panel));
    }
    wholeTrees->setVisible(depth >= 0 || wholeTrees->isChecked());
    cutNote->setText(depth >= 0 ? tr("Cut below depth %1 to stay readable; “+N” counts the leaves below a cut.").arg(depth)
                                : QString());
    chooseColumns(sheet);
    view->showSheet(std::move(sheet));
    // Wider than the window: the roots, in the middle of each tree, come first into view.
    QScrollBar* across = scroll->horizontalScrollBar();
    across->setValue((across->minimum() + across->maximum()) / 2);
}

void FigureView::Parts::applyZoom(double zoom) {
    canvas->zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    canvas->resize(canvas->zoomedSize());
    canvas->update();
    zoomLabel->setText(tr("%1 %").arg(std::lround(100 * canvas->zoom)));
}

// Non-modal, so a test or a running training is never blocked by an open dialog.
void FigureView::Parts::showError(const QString& title, const QString& message) const {
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, view);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

FigureView::FigureView(QWidget* parent) : QWidget(parent), parts_(std::make_unique<Parts>(this)) {
    parts_->build();
    parts_->applyZoom(1.0);
}

FigureView::~FigureView() = default;

FigureView* FigureView::openWindow(QWidget* parent, const QString& title) {
    auto* dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(title);
    auto* view = new FigureView(dialog);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(view);
    const QScreen* screen = dialog->screen();
    dialog->resize(QSize(1200, 700).boundedTo(default_window_size(screen ? screen->availableGeometry().size() : QSize())));
    dialog->show();
    return view;
}

bool FigureView::showClassPaths(std::shared_ptr<const ModelFile> model, std::shared_ptr<const PreparedData> data,
                                const QStringList& classes, int maxDepth) {
    if (!model || !data) return false;
    const Dataset rows = all_rows(*data);
    if (rows.task != Task::Classification || rows.classes() == 0) {
        parts_->showError(tr("No class paths"), tr("Class paths need a model with classes; this one predicts a number."));
        return false;
    }
    std::vector<int> chosen = classes_with_rows(rows);
    if (!classes.isEmpty()) {
        chosen.clear();
        for (const QString& name : classes) {
            const auto it = std::find(rows.class_names.begin(), rows.class_names.end(), name.toStdString());
            if (it == rows.class_names.end()) {
                parts_->showError(tr("No class paths"), tr("The model has no class '%1'.").arg(name));
                return false;
            }
            chosen.push_back(static_cast<int>(it - rows.class_names.begin()));
        }
    }
    parts_->compared.clear();
    parts_->cutNote->clear();
    parts_->wholeTrees->hide();
    FigureSheet sheet;
    sheet.panels = class_path_panels(*model, rows, chosen, figure_options(Colormap::PuBu, maxDepth, true));
    sheet.caption = "Routing of each class's rows of " + file_name(model->card.data_file) + " (all " +
                    std::to_string(rows.rows()) + " rows), normalised per depth level (as Zantedeschi et al., Fig. 4).\n" +
                    run_card_line("model", model->card);
    parts_->chooseColumns(sheet);
    showSheet(std::move(sheet));
    return true;
}

bool FigureView::showComparison(const std::vector<ComparedTree>& trees) {
    parts_->compared.clear();
    for (const ComparedTree& tree : trees)
        if (tree.model && tree.data) parts_->compared.push_back(tree);
    if (parts_->compared.empty()) return false;
    parts_->composeComparison();
    return true;
}

void FigureView::showSheet(FigureSheet sheet) {
    parts_->canvas->sheet = std::move(sheet);
    parts_->exportButton->setEnabled(!parts_->canvas->sheet.panels.empty());
    if (parts_->fitting) fitToWindow();
    else parts_->applyZoom(parts_->canvas->zoom);
}

const FigureSheet& FigureView::sheet() const { return parts_->canvas->sheet; }

int FigureView::panelCount() const { return static_cast<int>(parts_->canvas->sheet.panels.size()); }

void FigureView::fitToWindow() {
    parts_->fitting = true;
    const QSizeF natural = sheet_size(parts_->canvas->sheet);
    const QSize room = parts_->scroll->viewport()->size() - QSize(4, 4);
    const double whole = std::min(room.width() / natural.width(), room.height() / natural.height());
    // The whole sheet when its text stays readable so; else the readable zoom, scrolled.
    const double readable = parts_->readable();
    parts_->applyZoom(std::clamp(whole, readable, kMaxFitMagnification * readable));
}

double FigureView::readableZoom() const { return parts_->readable(); }

void FigureView::setZoom(double zoom) {
    parts_->fitting = false;
    parts_->applyZoom(zoom);
}

double FigureView::zoom() const { return parts_->canvas->zoom; }

bool FigureView::exportFigure(const QString& file, QSize size) {
    try {
        save_figure(parts_->canvas->sheet, file, size);
        return true;
    } catch (const Error& error) {
        parts_->showError(tr("Export failed"), QString::fromStdString(error.what()));
        return false;
    }
}

void FigureView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (parts_->fitting) fitToWindow();
}

}  // namespace treelab
