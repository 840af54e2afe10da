#pragma once
// A hyperparameter form generated from a learner's description: one field per
// ParamSpec, named after it (QObject::objectName() == spec.name): spin boxes with the spec's range,
// a log slider beside the spin box for log-scale reals (λ, learning rates), combos for choices,
// check boxes for booleans, line edits for text, a schedule editor (stage_list_editor.h) for text
// that describes itself as a stage list; tooltips carry the help text. Validation is the
// core's (ParamValues::set); an invalid field is flagged by a message beside it. A learner with
// presets has a `preset` row: picking one sets every field to what `--param preset=NAME` runs (the
// defaults, then the preset's assignments; "treelab" = the defaults), and the user may then edit
// any field, whose value wins as on the command line.
#include <memory>
#include <span>

#include <QStringList>
#include <QWidget>

#include "core/params/param_preset.h"
#include "core/params/param_spec.h"

namespace treelab {

class ParamForm : public QWidget {
    Q_OBJECT
public:
    explicit ParamForm(std::span<const ParamSpec> specs, std::span<const ParamPreset> presets = {},
                       QWidget* parent = nullptr);
    ~ParamForm() override;

    // The values of the valid fields, defaults for the others.
    ParamValues values() const;
    // Names of the fields whose text the core refuses (empty = the form is valid).
    QStringList invalidFields() const;
    void setValues(const ParamValues& values);
    void resetToDefaults();
    int fieldCount() const;

signals:
    void valuesChanged();

private:
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
