#pragma once
// What the node fill means: a colour bar from 0 to 100 % for routing shares, or one swatch per
// class for majority-class fills (purity shows as opacity).
#include <string>
#include <vector>

#include <QWidget>

#include "app/render/colormap.h"

namespace treelab {

class FillLegend : public QWidget {
    Q_OBJECT
public:
    explicit FillLegend(QWidget* parent = nullptr);

    void showShares(Colormap map, const QString& caption);      // e.g. "share of the depth level"
    void showClasses(const std::vector<std::string>& classes);  // swatches, fading = purity
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void paintShares(QPainter& painter);
    void paintClasses(QPainter& painter);

    bool classes_shown_ = false;
    Colormap map_ = Colormap::Reds;
    QString caption_;
    std::vector<QString> classes_;
};

}  // namespace treelab
