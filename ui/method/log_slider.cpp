#include "ui/method/log_slider.h"

#include <algorithm>
#include <cmath>

#include <QString>

namespace treelab {

LogSlider::LogSlider(QWidget* parent) : QSlider(Qt::Horizontal, parent) {
    // Programmatic moves block signals (setLogValue, setLogRange), so this reports the user's moves only.
    connect(this, &QSlider::valueChanged, this, [this] { emit logValueMoved(logValue()); });
    setLogRange(1e-3, 1.0, false);
}

void LogSlider::setLogRange(double low, double high, bool zeroAtStart) {
    lowDecade_ = static_cast<int>(std::floor(std::log10(low)));
    highDecade_ = std::max(lowDecade_ + 1, static_cast<int>(std::ceil(std::log10(high))));
    zeroAtStart_ = zeroAtStart;
    const QSignalBlocker blocker(this);
    setRange(0, (highDecade_ - lowDecade_) * stepsPerDecade + (zeroAtStart_ ? 1 : 0));
    setPageStep(stepsPerDecade);
}

double LogSlider::logValue() const {
    if (zeroAtStart_ && value() == 0) return 0.0;
    const double exact = std::pow(10.0, lowDecade_ + static_cast<double>(value() - (zeroAtStart_ ? 1 : 0)) / stepsPerDecade);
    return QString::number(exact, 'g', 2).toDouble();  // 1e-3, 1.3e-3, 1.6e-3, ... as a user would type them
}

void LogSlider::setLogValue(double value) {
    const QSignalBlocker blocker(this);
    if (zeroAtStart_ && value <= 0.0) {
        setValue(0);
        return;
    }
    const double position = value > 0.0 ? (std::log10(value) - lowDecade_) * stepsPerDecade : 0.0;
    setValue(static_cast<int>(std::lround(position)) + (zeroAtStart_ ? 1 : 0));  // setValue clamps to the ends
}

}  // namespace treelab
