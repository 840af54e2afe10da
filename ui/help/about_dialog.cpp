#include "ui/help/about_dialog.h"

#include <Eigen/Core>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QUrl>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "app/shipped/shipped_files.h"
#include "ui/help/context_help.h"
#include "ui/help/manual_window.h"

namespace treelab {

void show_about_dialog(QWidget* parent) {
    const QString shipped = shipped_datasets_folder();
    const QString datasets = shipped.isEmpty() ? QStringLiteral("datasets") : shipped;
    const QString text =
        QObject::tr("<h3>TreeLab %1</h3>"
                    "<p>Learn decision trees by gradient descent and look inside them.</p>"
                    "<p>The methods and the papers they come from: <a href=\"references.md\">References</a> "
                    "in the <a href=\"index.md\">manual</a>.</p>"
                    "<p>TreeLab is free software: you can redistribute it and modify it under the terms of the "
                    "GNU General Public License, version 3 or (at your option) any later version. It comes "
                    "with no warranty.</p>"
                    "<table>"
                    "<tr><td>TreeLab</td><td>%1</td><td>GPL-3.0-or-later</td></tr>"
                    "<tr><td>Qt</td><td>%2</td><td>LGPL-3.0</td></tr>"
                    "<tr><td>QCustomPlot</td><td>%3</td><td>GPL-3.0</td></tr>"
                    "<tr><td>Eigen</td><td>%4</td><td>MPL-2.0</td></tr>"
                    "<tr><td>oneTBB</td><td>Debian 12</td><td>Apache-2.0</td></tr>"
                    "<tr><td>OpenBLAS</td><td>Debian 12</td><td>BSD-3-Clause</td></tr>"
                    "<tr><td>OpenSSL</td><td>Debian 12</td><td>Apache-2.0</td></tr>"
                    "<tr><td>Boost.Math</td><td>Debian 12</td><td>BSL-1.0</td></tr>"
                    "<tr><td>nlohmann/json</td><td>Debian 12</td><td>MIT</td></tr>"
                    "<tr><td>CLI11</td><td>Debian 12</td><td>BSD-3-Clause</td></tr>"
                    "<tr><td>fast_float</td><td>Debian 12</td><td>Apache-2.0 or MIT</td></tr>"
                    "</table>"
                    "<p>Shipped data sets: sources and licences in <tt>%5</tt>.</p>")
            .arg(QStringLiteral(TREELAB_VERSION), QString::fromLatin1(qVersion()), QStringLiteral(QCUSTOMPLOT_VERSION_STR),
                 QStringLiteral("%1.%2.%3").arg(EIGEN_WORLD_VERSION).arg(EIGEN_MAJOR_VERSION).arg(EIGEN_MINOR_VERSION),
                 QDir::toNativeSeparators(QDir(datasets).filePath(QStringLiteral("README.md"))).toHtmlEscaped());
    auto* box = new QDialog(parent);
    box->setObjectName(QStringLiteral("about"));
    box->setWindowTitle(QObject::tr("About TreeLab"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    auto* label = new QLabel(text, box);
    label->setObjectName(QStringLiteral("aboutText"));
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);
    label->setMinimumWidth(460);
    label->setTextInteractionFlags(Qt::TextBrowserInteraction);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok, box);
    auto* layout = new QVBoxLayout(box);
    layout->addWidget(label);
    layout->addWidget(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, box, &QDialog::accept);
    // The links are manual pages: they open in the manual, beside the workbench.
    QObject::connect(label, &QLabel::linkActivated, box, [box](const QString& link) {
        show_manual_for(box->parentWidget() ? box->parentWidget() : box, nullptr)->showPage(QUrl(link).path());
        box->accept();
    });
    box->open();
}

}  // namespace treelab
