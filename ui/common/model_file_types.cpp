#include "ui/common/model_file_types.h"

#include <QFileInfo>

#include "core/export/model_export.h"

namespace treelab {
namespace {

QString filterOf(const ExportFormat& format) {
    return QStringLiteral("%1 (*%2)").arg(QString::fromStdString(format.label), QString::fromStdString(format.extension));
}

}  // namespace

QStringList modelFileFilters() {
    QStringList filters{QObject::tr("TreeLab model (*.json)")};
    for (const ExportFormat& format : export_formats()) filters << filterOf(format);
    return filters;
}

std::string modelFormatFor(const QString& filter, const QString& file) {
    for (const ExportFormat& format : export_formats()) {
        if (!filter.isEmpty() && filter == filterOf(format)) return format.name;
        if (filter.isEmpty() && file.endsWith(QString::fromStdString(format.extension), Qt::CaseInsensitive)) return format.name;
    }
    return {};
}

QString withModelSuffix(const QString& file, const std::string& format) {
    const QString suffix = QFileInfo(file).suffix();
    if (!format.empty() && suffix.compare(QStringLiteral("json"), Qt::CaseInsensitive) == 0)  // "model.json" left as the dialog proposed it
        return file.chopped(suffix.size() + 1) + QString::fromStdString(find_export_format(format).extension);
    if (!suffix.isEmpty()) return file;
    return file + (format.empty() ? QStringLiteral(".json") : QString::fromStdString(find_export_format(format).extension));
}

}  // namespace treelab
