#include "ui/method/method_panel.h"

#include <map>

#include <QClipboard>
#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QVBoxLayout>

#include "core/error.h"
#include "core/learners/learner.h"
#include "ui/method/param_form.h"

namespace treelab {
namespace {

const QString lastMethodKey = QStringLiteral("method/last");
QString paramsKey(const QString& method) { return QStringLiteral("method/params/") + method; }

}  // namespace

struct MethodPanel::Parts {
    QComboBox* method = nullptr;
    QLabel* description = nullptr;
    QScrollArea* scroll = nullptr;
    ParamForm* form = nullptr;
    QLabel* status = nullptr;
    QString shown;  // the method whose form is on screen
    // Each method's values while the user switches between methods (and across sessions, via QSettings).
    std::map<QString, ParamValues> remembered;
    std::function<std::optional<RunConfig>()> configSource;

    void showStatus(const QString& text) {
        status->setText(text);
        status->setVisible(!text.isEmpty());
    }
};

MethodPanel::MethodPanel(QWidget* parent) : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& p = *parts_;
    auto* layout = new QVBoxLayout(this);
    auto* chooser = new QFormLayout;
    p.method = new QComboBox(this);
    p.method->setObjectName(QStringLiteral("method"));
    for (const LearnerInfo& learner : learners()) {
        p.method->addItem(QString::fromStdString(learner.label), QString::fromStdString(learner.name));
        p.method->setItemData(p.method->count() - 1, QString::fromStdString(learner.summary), Qt::ToolTipRole);
    }
    chooser->addRow(tr("&Method:"), p.method);
    layout->addLayout(chooser);

    p.description = new QLabel(this);
    p.description->setObjectName(QStringLiteral("methodDescription"));
    p.description->setWordWrap(true);
    p.description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(p.description);

    p.scroll = new QScrollArea(this);
    p.scroll->setWidgetResizable(true);
    p.scroll->setFrameShape(QFrame::NoFrame);
    layout->addWidget(p.scroll, 1);

    auto* buttons = new QHBoxLayout;
    auto* reset = new QPushButton(tr("Reset to defaults"), this);
    reset->setObjectName(QStringLiteral("resetDefaults"));
    auto* copy = new QPushButton(tr("Copy CLI command"), this);
    copy->setObjectName(QStringLiteral("copyCli"));
    copy->setToolTip(tr("Copies the treelab-cli train command that repeats this run."));
    buttons->addWidget(reset);
    buttons->addWidget(copy);
    buttons->addStretch();
    layout->addLayout(buttons);

    p.status = new QLabel(this);
    p.status->setObjectName(QStringLiteral("cliStatus"));
    p.status->setWordWrap(true);
    p.status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    p.status->hide();  // shown with a message only: an empty line would take the form's room
    layout->addWidget(p.status);

    connect(reset, &QPushButton::clicked, this, &MethodPanel::resetToDefaults);
    connect(copy, &QPushButton::clicked, this, [this] {
        if (!isValid()) {
            parts_->showStatus(tr("Fix the flagged fields first."));
            return;
        }
        const QString command = cliCommand();
        if (command.isEmpty()) {
            parts_->showStatus(tr("Open a data set first: the command names it."));
            return;
        }
        QGuiApplication::clipboard()->setText(command);
        parts_->showStatus(tr("Copied: <code>%1</code>").arg(command.toHtmlEscaped()));
    });
    connect(p.method, &QComboBox::currentIndexChanged, this, [this] { showMethod(method()); });
    showMethod(method());
}

MethodPanel::~MethodPanel() = default;

void MethodPanel::showMethod(const QString& name) {
    Parts& p = *parts_;
    if (p.form) p.remembered[p.shown] = p.form->values();
    const LearnerInfo& learner = find_learner(name.toStdString());
    p.shown = name;
    // The paper in view, the summary (up to nine lines in this column) on hover: the form keeps the room.
    p.description->setText(QStringLiteral("<i>%1</i>").arg(QString::fromStdString(learner.paper).toHtmlEscaped()));
    p.description->setToolTip(QStringLiteral("<p>%1</p>").arg(QString::fromStdString(learner.summary).toHtmlEscaped()));
    p.form = new ParamForm(learner.params, learner.presets);
    if (const auto found = p.remembered.find(name); found != p.remembered.end()) p.form->setValues(found->second);
    connect(p.form, &ParamForm::valuesChanged, this, &MethodPanel::valuesChanged);
    p.scroll->setWidget(p.form);  // deletes the previous form
    p.showStatus({});
    emit methodChanged(name);
    emit valuesChanged();
}

QString MethodPanel::method() const { return parts_->method->currentData().toString(); }

void MethodPanel::setMethod(const QString& name) {
    const int index = parts_->method->findData(name);
    if (index >= 0) parts_->method->setCurrentIndex(index);
}

ParamValues MethodPanel::values() const { return parts_->form->values(); }

ParamValues MethodPanel::valuesOf(const QString& method) const {
    const Parts& p = *parts_;
    if (method == p.shown) return p.form->values();
    if (const auto found = p.remembered.find(method); found != p.remembered.end()) return found->second;
    return ParamValues(find_learner(method.toStdString()).params);
}
void MethodPanel::setValues(const ParamValues& values) { parts_->form->setValues(values); }
bool MethodPanel::isValid() const { return parts_->form->invalidFields().isEmpty(); }
ParamForm* MethodPanel::form() const { return parts_->form; }
void MethodPanel::resetToDefaults() { parts_->form->resetToDefaults(); }

void MethodPanel::applyTo(RunConfig& config) const {
    config.method = method().toStdString();
    config.params = values();
}

void MethodPanel::setConfigSource(std::function<std::optional<RunConfig>()> source) {
    parts_->configSource = std::move(source);
}

QString MethodPanel::cliCommand() const {
    if (!parts_->configSource) return {};
    std::optional<RunConfig> config = parts_->configSource();
    if (!config) return {};
    applyTo(*config);
    return QString::fromStdString(equivalent_command(*config));
}

void MethodPanel::saveSettings(QSettings& settings) const {
    const Parts& p = *parts_;
    settings.setValue(lastMethodKey, method());
    std::map<QString, ParamValues> all = p.remembered;
    all[p.shown] = p.form->values();
    for (const auto& [name, values] : all) {
        QStringList assignments;
        for (const auto& [param, text] : values.canonical())
            assignments.append(QString::fromStdString(param + "=" + text));
        settings.setValue(paramsKey(name), assignments);
    }
}

void MethodPanel::restoreSettings(const QSettings& settings) {
    Parts& p = *parts_;
    for (const LearnerInfo& learner : learners()) {
        const QString name = QString::fromStdString(learner.name);
        if (!settings.contains(paramsKey(name))) continue;
        ParamValues values(learner.params);
        for (const QString& assignment : settings.value(paramsKey(name)).toStringList()) {
            try {
                values.set_assignment(learner.params, assignment.toStdString());
            } catch (const ParamError&) {
                // Saved by another TreeLab version (renamed parameter, narrower range): the default stays.
            }
        }
        p.remembered[name] = values;
    }
    // The current form first: switching methods below stores its values as that method's.
    if (const auto found = p.remembered.find(method()); found != p.remembered.end()) p.form->setValues(found->second);
    setMethod(settings.value(lastMethodKey, method()).toString());  // a learner since removed: no change
}

}  // namespace treelab
