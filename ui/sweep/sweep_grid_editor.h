#pragma once
// The grid inputs of the Sweep tab: a mode (CART's automatic path, a list, a linear or a log range)
// and its fields. The fields are read as the CLI's grid texts (parse_grid), so core checks them.
#include <string>

#include <QWidget>

#include "core/params/param_spec.h"
#include "core/run/sweep_grid.h"

class QComboBox;
class QLineEdit;
class QSpinBox;
class QStackedWidget;

namespace treelab {

class SweepGridEditor : public QWidget {
    Q_OBJECT
public:
    explicit SweepGridEditor(QWidget* parent = nullptr);

    // Offers the automatic path only when `spec` has one; picks the mode and fills the fields with
    // values that suit `spec` (a log range for log-scale parameters, integers for integer ones).
    void setParameter(const ParamSpec& spec, bool hasPath);

    GridKind kind() const;
    void setKind(GridKind kind);   // ignored for Automatic when the parameter has no path
    void setList(const QString& values);
    void setRange(const QString& from, const QString& to, int count);

    SweepGrid grid(const std::string& param) const;  // throws ParamError naming `param`

private:
    QComboBox* mode_ = nullptr;
    QStackedWidget* pages_ = nullptr;
    QLineEdit* list_ = nullptr;
    QLineEdit* from_ = nullptr;
    QLineEdit* to_ = nullptr;
    QSpinBox* count_ = nullptr;
};

}  // namespace treelab
