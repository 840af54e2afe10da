#include "ui/common/figure_export.h"

#include <cmath>

#include <QDialog>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>

#include "app/render/figure_file.h"

namespace treelab {
namespace {

// "600x400" or "600 × 400"; an empty size when the text is not one.
QSize parse_size(const QString& text) {
    const QRegularExpressionMatch match = QRegularExpression(QStringLiteral("^\\s*(\\d{1,5})\\s*[xX×]\\s*(\\d{1,5})\\s*$")).match(text);
    return match.hasMatch() ? QSize(match.captured(1).toInt(), match.captured(2).toInt()) : QSize();
}

}  // namespace

std::optional<FigureExportSettings> ask_figure_export_settings(QWidget* parent, const QString& file, QSizeF natural) {
    const bool png = QFileInfo(file).suffix().compare(QLatin1String("png"), Qt::CaseInsensitive) == 0;
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Export %1").arg(QFileInfo(file).fileName()));
    auto* form = new QFormLayout(&dialog);
    const QSize start(static_cast<int>(std::ceil(natural.width())), static_cast<int>(std::ceil(natural.height())));
    auto* size = new QLineEdit(QStringLiteral("%1 × %2").arg(start.width()).arg(start.height()), &dialog);
    size->setObjectName(QStringLiteral("exportSize"));
    size->setToolTip(QObject::tr("Width × height in points (1/72 inch); the figure keeps its proportions inside"));
    form->addRow(QObject::tr("Size in points:"), size);
    auto* dpi = new QSpinBox(&dialog);
    dpi->setObjectName(QStringLiteral("exportDpi"));
    dpi->setRange(10, 2400);
    dpi->setValue(static_cast<int>(kDefaultPngDpi));
    dpi->setSuffix(QObject::tr(" DPI"));
    dpi->setEnabled(png);
    form->addRow(QObject::tr("PNG resolution:"), dpi);
    auto* pixels = new QLabel(&dialog);
    form->addRow(QString(), pixels);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    const auto refresh = [&] {
        const QSize points = parse_size(size->text());
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!points.isEmpty());
        if (points.isEmpty()) pixels->setText(QObject::tr("Write the size as WIDTH × HEIGHT, e.g. 600 × 400."));
        else if (!png) pixels->setText(QObject::tr("Vector: text stays text, lines stay lines."));
        else {
            const QSize out = png_pixels(FigureDrawing{natural, {}, {}}, points, dpi->value());
            pixels->setText(QObject::tr("%1 × %2 pixels").arg(out.width()).arg(out.height()));
        }
    };
    QObject::connect(size, &QLineEdit::textChanged, &dialog, refresh);
    QObject::connect(dpi, &QSpinBox::valueChanged, &dialog, refresh);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    refresh();
    if (dialog.exec() != QDialog::Accepted) return std::nullopt;
    return FigureExportSettings{parse_size(size->text()), static_cast<double>(dpi->value())};
}

}  // namespace treelab
