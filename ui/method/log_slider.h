#pragma once
// A horizontal slider that moves a positive number geometrically (equal steps per decade), for
// λ, learning rates and pruning strengths whose useful values span many decades. Optionally its
// leftmost position stands for 0 ("off"), which no logarithm can reach.
#include <QSlider>

namespace treelab {

class LogSlider : public QSlider {
    Q_OBJECT
public:
    static constexpr int stepsPerDecade = 10;

    explicit LogSlider(QWidget* parent = nullptr);

    // Positions from `low` to `high` (both > 0, widened to whole decades); with `zeroAtStart` the
    // leftmost position is 0.
    void setLogRange(double low, double high, bool zeroAtStart);
    double logValue() const;          // the value at the handle, rounded to 2 significant digits
    void setLogValue(double value);   // moves the handle to the nearest position; emits nothing

signals:
    void logValueMoved(double value);  // the user moved the handle

private:
    int lowDecade_ = -3, highDecade_ = 0;
    bool zeroAtStart_ = false;
};

}  // namespace treelab
