#include "ui/tree/class_histogram.h"

#include <algorithm>

#include <QPainter>

#include "app/render/colormap.h"

namespace treelab {
namespace {
constexpr int kRowGap = 4;
}

ClassHistogram::ClassHistogram(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void ClassHistogram::setCounts(const std::vector<std::string>& classes, const Eigen::VectorXi& counts) {
    classes_.clear();
    for (Eigen::Index c = 0; c < counts.size(); ++c) {
        const auto index = static_cast<std::size_t>(c);
        classes_.push_back(index < classes.size() ? QString::fromStdString(classes[index]) : QString::number(c));
    }
    counts_ = counts;
    updateGeometry();
    update();
}

const Eigen::VectorXi& ClassHistogram::counts() const { return counts_; }

QSize ClassHistogram::sizeHint() const {
    const int row = fontMetrics().height() + kRowGap;
    return {260, static_cast<int>(counts_.size()) * row + kRowGap};
}

QSize ClassHistogram::minimumSizeHint() const { return {160, sizeHint().height()}; }

void ClassHistogram::paintEvent(QPaintEvent*) {
    if (counts_.size() == 0) return;
    QPainter painter(this);
    const QFontMetrics metrics = fontMetrics();
    const int row = metrics.height() + kRowGap;
    int names = 0;
    for (const QString& name : classes_) names = std::max(names, metrics.horizontalAdvance(name));
    const int numbers = metrics.horizontalAdvance(QStringLiteral("0000 (100.0 %)"));
    const int bars = std::max(20, width() - names - numbers - 16);
    const int largest = std::max(1, counts_.maxCoeff());
    const double total = std::max(1, counts_.sum());
    painter.setPen(palette().color(QPalette::WindowText));
    for (Eigen::Index c = 0; c < counts_.size(); ++c) {
        const int y = kRowGap + static_cast<int>(c) * row;
        const auto index = static_cast<std::size_t>(c);
        painter.drawText(QRect(0, y, names, metrics.height()), Qt::AlignRight | Qt::AlignVCenter, classes_[index]);
        const int length = bars * counts_(c) / largest;
        painter.fillRect(QRect(names + 8, y + 2, std::max(length, counts_(c) > 0 ? 1 : 0), metrics.height() - 4),
                         class_color(static_cast<int>(c)));
        painter.drawText(QRect(names + 8 + bars + 8, y, numbers, metrics.height()), Qt::AlignLeft | Qt::AlignVCenter,
                         QStringLiteral("%1 (%2 %)").arg(counts_(c)).arg(100.0 * counts_(c) / total, 0, 'f', 1));
    }
}

}  // namespace treelab
