#pragma once
// The Compare tab's methods: one check box per learner of core's registry (a new learner appears
// with no change here) and the random forest as a reference. Each checked learner runs with the
// settings its form in the method panel holds now (the source set by the window), the forest with
// its defaults (scikit-learn's).
#include <functional>
#include <vector>

#include <QString>
#include <QWidget>

#include "core/compare/comparison.h"
#include "core/params/param_spec.h"

class QListWidget;

namespace treelab {

class MethodChoice : public QWidget {
    Q_OBJECT
public:
    // The registry name of the forest in a Contender.
    static const QString forestName;

    explicit MethodChoice(QWidget* parent = nullptr);

    // The parameters a learner's form holds (MethodPanel::valuesOf); without a source, the defaults.
    void setParamsSource(std::function<ParamValues(const QString& method)> source);

    QStringList checkedMethods() const;  // registry names in list order, the forest last
    void setChecked(const QString& method, bool checked);
    // The checked methods with their parameters, labelled by their paper names.
    std::vector<Contender> contenders() const;
    QListWidget* list() const;  // objectName "compareMethods"; item data: the registry name

signals:
    void changed();

private:
    QListWidget* list_ = nullptr;
    std::function<ParamValues(const QString&)> paramsSource_;
};

}  // namespace treelab
