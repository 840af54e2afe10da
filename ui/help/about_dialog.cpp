#include "ui/help/about_dialog.h"

#include <Eigen/Core>
#include <QMessageBox>
#include <qcustomplot.h>

namespace treelab {

void show_about_dialog(QWidget* parent) {
    const QString text =
        QObject::tr("<h3>TreeLab %1</h3>"
                    "<p>Learn decision trees by gradient descent and look inside them.</p>"
                    "<table>"
                    "<tr><td>TreeLab</td><td>%1</td><td>GPL-3.0-or-later</td></tr>"
                    "<tr><td>Qt</td><td>%2</td><td>LGPL-3.0</td></tr>"
                    "<tr><td>QCustomPlot</td><td>%3</td><td>GPL-3.0</td></tr>"
                    "<tr><td>Eigen</td><td>%4</td><td>MPL-2.0</td></tr>"
                    "<tr><td>fast_float, nlohmann/json, Boost.Math, OpenSSL</td><td>Debian 12</td>"
                    "<td>LGPL-2.1, MIT, BSL-1.0, Apache-2.0</td></tr>"
                    "</table>"
                    "<p>Shipped data sets: sources and licences in <tt>datasets/README.md</tt>.</p>")
            .arg(QStringLiteral(TREELAB_VERSION), QString::fromLatin1(qVersion()), QStringLiteral(QCUSTOMPLOT_VERSION_STR),
                 QStringLiteral("%1.%2.%3").arg(EIGEN_WORLD_VERSION).arg(EIGEN_MAJOR_VERSION).arg(EIGEN_MINOR_VERSION));
    auto* box = new QMessageBox(QMessageBox::Information, QObject::tr("About TreeLab"), text, QMessageBox::Ok, parent);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

}  // namespace treelab
