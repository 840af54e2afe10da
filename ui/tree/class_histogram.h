#pragma once
// The classes of the rows reaching a node, one horizontal bar per class in its colour, with the
// count and percent: the node inspector's histogram.
#include <string>
#include <vector>

#include <Eigen/Core>
#include <QWidget>

namespace treelab {

class ClassHistogram : public QWidget {
    Q_OBJECT
public:
    explicit ClassHistogram(QWidget* parent = nullptr);

    void setCounts(const std::vector<std::string>& classes, const Eigen::VectorXi& counts);
    const Eigen::VectorXi& counts() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::vector<QString> classes_;
    Eigen::VectorXi counts_;
};

}  // namespace treelab
