// treelab: the desktop workbench. `treelab [FILE.csv|MODEL.json]` opens the file (with no argument,
// the shipped datasets/glass.csv); `--smoke-test PNG` trains on it, saves a screenshot of the
// window and exits (used by CI).
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QTimer>

#include "app/shipped/shipped_files.h"
#include "ui/data/data_panel.h"
#include "ui/main_window.h"

int main(int argc, char** argv) {
    QApplication application(argc, argv);
    QApplication::setOrganizationName("TreeLab");
    QApplication::setApplicationName("TreeLab");
    QApplication::setApplicationVersion(TREELAB_VERSION);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/treelab.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription("TreeLab: learn decision trees and look inside them");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("file", "CSV data file or TreeLab model (.json) to open; default: the shipped glass.csv",
                                 "[file]");
    const QCommandLineOption smokeTest("smoke-test", "train on FILE, save a screenshot to PNG and quit", "PNG");
    parser.addOption(smokeTest);
    parser.process(application);

    treelab::MainWindow window;
    window.show();
    QStringList files = parser.positionalArguments();
    if (files.isEmpty() && !treelab::shipped_datasets_folder().isEmpty())
        files << QDir(treelab::shipped_datasets_folder()).filePath("glass.csv");
    if (parser.isSet(smokeTest)) {
        if (files.isEmpty()) return 3;
        // The data panel reads in the background: train once the file has loaded.
        const QString png = parser.value(smokeTest);
        QObject::connect(&window, &treelab::MainWindow::trainingDone, &window, [&window, png] {
            QApplication::exit(window.grab().save(png) ? 0 : 1);
        });
        QObject::connect(window.dataPanel(), &treelab::DataPanel::loadEnded, &window, [&window] {
            if (window.dataPanel()->hasData()) window.train();
            else QApplication::exit(3);
        });
    }
    if (!files.isEmpty()) window.openFile(files.first());
    return QApplication::exec();
}
