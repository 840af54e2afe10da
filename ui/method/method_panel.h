#pragma once
// The method panel: every learner in core's registry (a new learner appears with no change here),
// its one-line description and paper, the generated hyperparameter form, "Reset to defaults" and
// "Copy CLI command" (the equivalent `treelab-cli train …` line, on the clipboard).
#include <functional>
#include <memory>
#include <optional>

#include <QString>
#include <QWidget>

#include "core/params/param_spec.h"
#include "core/run/run_config.h"

class QSettings;

namespace treelab {

class ParamForm;

class MethodPanel : public QWidget {
    Q_OBJECT
public:
    explicit MethodPanel(QWidget* parent = nullptr);
    ~MethodPanel() override;

    QString method() const;  // registry name, e.g. "cart"
    void setMethod(const QString& name);
    ParamValues values() const;
    // The values `method`'s form holds: the form shown, else the values it had last (the defaults
    // for a method not shown yet); for the Compare tab, which runs each method as its form says.
    ParamValues valuesOf(const QString& method) const;
    void setValues(const ParamValues& values);
    bool isValid() const;    // every field accepted by the core
    ParamForm* form() const;
    void resetToDefaults();

    // Writes method and params into `config`.
    void applyTo(RunConfig& config) const;
    // "Copy CLI command" asks this for the rest of the run (data, target, split); empty = no data.
    void setConfigSource(std::function<std::optional<RunConfig>()> source);
    QString cliCommand() const;  // what "Copy CLI command" copies; empty without a config source

    // The last method and the parameters of every method.
    void saveSettings(QSettings& settings) const;
    void restoreSettings(const QSettings& settings);

signals:
    void methodChanged(const QString& name);
    void valuesChanged();

private:
    void showMethod(const QString& name);  // builds its form, with the values it had last

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
