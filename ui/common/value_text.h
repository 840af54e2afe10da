#pragma once
// Numbers, durations and hyperparameters as a person reads them in the Results list, the run
// detail and the Compare dialog: "60,000", "28.2 s", "Max depth 4", never "6e+04" or "max_depth=4".
#include <map>
#include <string>

#include <QString>
#include <QStringList>

namespace treelab {

struct ParamSpec;

// A whole number with thousands separators: "60,000".
QString countText(long long count);
// One style for every duration: "< 1 ms", "12 ms", "28.2 s", "3 min 05 s", "2 h 05 min".
QString durationText(double seconds);
// A parameter's value as the form shows it, after its form label: "Max depth 4", "Preset Paper (faithful)".
QString paramText(const ParamSpec& spec, const std::string& value);
// The parameters of `method` whose values differ from its defaults (from its preset's when the run
// named one, the preset row then among them: baseline_texts), each as its form label and
// value (ParamSpec::label): "Max depth 4", "Epochs 60,000", "Pruning lambda 0.01". Empty when
// nothing differs. A method this build does not know: its names as they are.
QStringList changedParams(const std::string& method, const std::map<std::string, std::string>& params);

}  // namespace treelab
