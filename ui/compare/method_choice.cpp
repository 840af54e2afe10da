#include "ui/compare/method_choice.h"

#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

#include "core/forest/random_forest.h"
#include "core/learners/learner.h"

namespace treelab {

const QString MethodChoice::forestName = QStringLiteral("forest");

MethodChoice::MethodChoice(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    list_ = new QListWidget(this);
    list_->setObjectName(QStringLiteral("compareMethods"));
    list_->setToolTip(tr("Each checked method runs with the settings its form in the method panel holds now."));
    auto add = [this](const QString& label, const QString& name, const QString& tip) {
        auto* item = new QListWidgetItem(label, list_);
        item->setData(Qt::UserRole, name);
        item->setToolTip(tip);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    };
    for (const LearnerInfo& learner : learners())
        add(QString::fromStdString(learner.label), QString::fromStdString(learner.name), QString::fromStdString(learner.summary));
    add(tr("Random forest (reference)"), forestName,
        tr("Bagged CART trees as scikit-learn's RandomForestClassifier / Regressor with their defaults: a reference "
           "score, not a tree to inspect (Breiman 2001)."));
    const int height = list_->sizeHintForRow(0) * list_->count() + 2 * list_->frameWidth() + 2;
    list_->setFixedHeight(height);  // every method in view, no empty room under them
    layout->addWidget(list_);
    connect(list_, &QListWidget::itemChanged, this, &MethodChoice::changed);
}

void MethodChoice::setParamsSource(std::function<ParamValues(const QString&)> source) { paramsSource_ = std::move(source); }

QListWidget* MethodChoice::list() const { return list_; }

QStringList MethodChoice::checkedMethods() const {
    QStringList methods;
    for (int row = 0; row < list_->count(); ++row)
        if (list_->item(row)->checkState() == Qt::Checked) methods.append(list_->item(row)->data(Qt::UserRole).toString());
    return methods;
}

void MethodChoice::setChecked(const QString& method, bool checked) {
    for (int row = 0; row < list_->count(); ++row)
        if (list_->item(row)->data(Qt::UserRole).toString() == method)
            list_->item(row)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

std::vector<Contender> MethodChoice::contenders() const {
    std::vector<Contender> chosen;
    for (int row = 0; row < list_->count(); ++row) {
        const QListWidgetItem* item = list_->item(row);
        if (item->checkState() != Qt::Checked) continue;
        const QString name = item->data(Qt::UserRole).toString();
        Contender contender;
        contender.method = name.toStdString();
        if (name == forestName) {
            contender.params = ParamValues(forest_params());
            contender.label = "Random forest";
        } else {
            const LearnerInfo& learner = find_learner(contender.method);
            contender.params = paramsSource_ ? paramsSource_(name) : ParamValues(learner.params);
            contender.label = learner.label;
        }
        chosen.push_back(std::move(contender));
    }
    return chosen;
}

}  // namespace treelab
