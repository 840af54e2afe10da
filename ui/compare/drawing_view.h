#pragma once
// A figure of app/render (FigureDrawing) painted to fit the widget, as it will be exported: the
// Compare tab shows its critical-difference diagram with it.
#include <optional>

#include <QWidget>

#include "app/render/figure_file.h"

namespace treelab {

class DrawingView : public QWidget {
    Q_OBJECT
public:
    explicit DrawingView(QWidget* parent = nullptr);

    void showDrawing(std::optional<FigureDrawing> drawing, const QString& placeholder = {});
    const std::optional<FigureDrawing>& drawing() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::optional<FigureDrawing> drawing_;
    QString placeholder_;  // said when there is no figure
};

}  // namespace treelab
