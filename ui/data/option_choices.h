#pragma once
// Widgets for a run option the core describes (run_option_docs.h): the tooltips say what the
// option and each of its choices do in the words of treelab-cli's --help, so the two cannot drift
// apart, and a combo box offers exactly the words the core accepts.
#include <functional>
#include <string>

#include <QString>

#include "core/run/run_option_docs.h"

class QComboBox;
class QWidget;

namespace treelab {

// What a user reads for a choice's word ("loo" -> "Leave-one-out"); empty = the word itself.
using ChoiceLabels = std::function<QString(const std::string& word)>;

// Rich text (so that Qt wraps it): the option's help, each choice as "label: its help", and the
// option's treelab-cli flag.
QString optionTooltip(const RunOptionDoc& doc, const ChoiceLabels& labels = {});

// A combo box of the option's choices in the core's order: the label shown, the word as item data,
// the choice's help as the item's tooltip and optionTooltip as the box's.
QComboBox* optionCombo(const RunOptionDoc& doc, const QString& objectName, const ChoiceLabels& labels, QWidget* parent);

}  // namespace treelab
