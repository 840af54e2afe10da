#include "ui/figure_view.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <QDialog>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>
#include <QWheelEvent>

#include "app/render/figure_file.h"
#include "app/render/model_figures.h"
#include "core/error.h"

namespace treelab {
namespace {

constexpr double kMinZoom = 0.05, kMaxZoom = 8.0, kZoomStep = 1.25;

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

}  // namespace

struct FigureView::Parts {
    FigureView* view;
    QScrollArea* scroll = nullptr;
    SheetCanvas* canvas = nullptr;
    QLabel* zoomLabel = nullptr;
    QPushButton* exportButton = nullptr;
    bool fitting = true;  // the zoom follows the window until the user zooms

    explicit Parts(FigureView* owner) : view(owner) {}

    void build();
    void applyZoom(double zoom);
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
    exportButton = new QPushButton(tr("Export…"), view);
    exportButton->setToolTip(tr("Save the figure shown, with its caption, as PNG, SVG or PDF"));
    bar->addWidget(fit);
    bar->addWidget(zoomOut);
    bar->addWidget(zoomIn);
    bar->addWidget(zoomLabel);
    bar->addStretch(1);
    bar->addWidget(exportButton);
    layout->addLayout(bar);

    scroll = new QScrollArea(view);
    scroll->setAlignment(Qt::AlignCenter);
    scroll->setBackgroundRole(QPalette::Dark);
    canvas = new SheetCanvas(scroll);
    scroll->setWidget(canvas);
    layout->addWidget(scroll, 1);

    canvas->onWheelZoom = [this](int steps) { fitting = false; applyZoom(canvas->zoom * std::pow(kZoomStep, steps)); };
    connect(fit, &QPushButton::clicked, view, &FigureView::fitToWindow);
    connect(zoomIn, &QPushButton::clicked, view, [this] { view->setZoom(canvas->zoom * kZoomStep); });
    connect(zoomOut, &QPushButton::clicked, view, [this] { view->setZoom(canvas->zoom / kZoomStep); });
    connect(exportButton, &QPushButton::clicked, view, [this] {
        const QString file = QFileDialog::getSaveFileName(view, tr("Export the figure"), tr("figure.svg"),
                                                          tr("Figures (*.svg *.png *.pdf)"));
        if (!file.isEmpty()) view->exportFigure(file);
    });
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
    dialog->resize(1200, 700);
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
    FigureSheet sheet;
    sheet.panels = class_path_panels(*model, rows, chosen, figure_options(Colormap::PuBu, maxDepth, true));
    sheet.columns = std::min<int>(static_cast<int>(sheet.panels.size()), 4);
    sheet.caption = "Routing of each class's rows of " + file_name(model->card.data_file) + " (all " +
                    std::to_string(rows.rows()) + " rows), normalised per depth level (000 Fig. 4).\n" +
                    run_card_line("model", model->card);
    showSheet(std::move(sheet));
    return true;
}

bool FigureView::showComparison(const std::vector<ComparedTree>& trees) {
    FigureSheet sheet;
    sheet.caption = "All rows of each run's data, percent per depth level (000 Fig. 3).";
    for (const ComparedTree& tree : trees) {
        if (!tree.model || !tree.data) continue;
        const Dataset rows = all_rows(*tree.data);
        TreePicture panel = comparison_panel(*tree.model, rows.X, &rows, figure_options(Colormap::Reds, -1, trees.size() > 1));
        if (!tree.title.isEmpty()) panel.title = tree.title.toStdString();
        sheet.caption += "\n" + run_card_line(panel.title, tree.model->card);
        sheet.panels.push_back(std::move(panel));
    }
    if (sheet.panels.empty()) return false;
    showSheet(std::move(sheet));
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
    parts_->applyZoom(std::min(room.width() / natural.width(), room.height() / natural.height()));
}

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
