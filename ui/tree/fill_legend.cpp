#include "ui/tree/fill_legend.h"

#include <QLinearGradient>
#include <QPainter>

namespace treelab {
namespace {
constexpr int kBarWidth = 140, kSwatch = 12, kGap = 10;
}

FillLegend::FillLegend(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void FillLegend::showShares(Colormap map, const QString& caption) {
    classes_shown_ = false;
    map_ = map;
    caption_ = caption;
    updateGeometry();
    update();
}

void FillLegend::showClasses(const std::vector<std::string>& classes) {
    classes_shown_ = true;
    classes_.clear();
    for (const std::string& name : classes) classes_.push_back(QString::fromStdString(name));
    updateGeometry();
    update();
}

QSize FillLegend::sizeHint() const {
    const QFontMetrics metrics(font());
    int width = 0;
    if (classes_shown_) {
        for (const QString& name : classes_) width += kSwatch + 4 + metrics.horizontalAdvance(name) + kGap;
        width += metrics.horizontalAdvance(tr("(fainter = less pure)"));
    } else {
        width = metrics.horizontalAdvance(QStringLiteral("0 %")) + kBarWidth + metrics.horizontalAdvance(QStringLiteral("100 %")) +
                metrics.horizontalAdvance(caption_) + 4 * kGap;
    }
    return {width, metrics.height() + 6};
}

void FillLegend::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(palette().color(QPalette::WindowText));
    if (classes_shown_) paintClasses(painter);
    else paintShares(painter);
}

void FillLegend::paintShares(QPainter& painter) {
    const QFontMetrics metrics(font());
    const int middle = height() / 2;
    int x = 0;
    const QString low = QStringLiteral("0 %"), high = QStringLiteral("100 %");
    painter.drawText(QRect(x, 0, metrics.horizontalAdvance(low), height()), Qt::AlignVCenter, low);
    x += metrics.horizontalAdvance(low) + 4;
    QLinearGradient gradient(x, 0, x + kBarWidth, 0);
    for (int step = 0; step <= 8; ++step) gradient.setColorAt(step / 8.0, colormap_color(map_, step / 8.0));
    const QRect bar(x, middle - kSwatch / 2, kBarWidth, kSwatch);
    painter.fillRect(bar, gradient);
    painter.drawRect(bar);
    x += kBarWidth + 4;
    painter.drawText(QRect(x, 0, metrics.horizontalAdvance(high), height()), Qt::AlignVCenter, high);
    x += metrics.horizontalAdvance(high) + kGap;
    painter.drawText(QRect(x, 0, width() - x, height()), Qt::AlignVCenter, caption_);
}

void FillLegend::paintClasses(QPainter& painter) {
    const QFontMetrics metrics(font());
    const int middle = height() / 2;
    int x = 0;
    for (std::size_t c = 0; c < classes_.size(); ++c) {
        painter.fillRect(QRect(x, middle - kSwatch / 2, kSwatch, kSwatch), class_color(static_cast<int>(c)));
        x += kSwatch + 4;
        painter.drawText(QRect(x, 0, metrics.horizontalAdvance(classes_[c]), height()), Qt::AlignVCenter, classes_[c]);
        x += metrics.horizontalAdvance(classes_[c]) + kGap;
    }
    painter.drawText(QRect(x, 0, width() - x, height()), Qt::AlignVCenter, tr("(fainter = less pure)"));
}

}  // namespace treelab
