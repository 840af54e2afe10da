#pragma once
// The file types File > Save model… offers: TreeLab's JSON model (the default, the only one that
// opens again) and every export format (core/export/model_export.h: C, Python, Graphviz DOT, …).
#include <string>

#include <QString>
#include <QStringList>

namespace treelab {

// "TreeLab model (*.json)" first, then "<label> (*<extension>)" per export format.
QStringList modelFileFilters();
// The export format the chosen filter names, "" for the JSON model. Without a filter (a dialog
// that does not report it), the file's suffix decides; an unknown suffix is JSON.
std::string modelFormatFor(const QString& filter, const QString& file);
// `file` with the format's extension appended when it has no suffix ("model" -> "model.c"), or in
// place of ".json" for an export ("model.json", the dialog's proposal, -> "model.c").
QString withModelSuffix(const QString& file, const std::string& format);

}  // namespace treelab
