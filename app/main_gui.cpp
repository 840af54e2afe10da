// treelab: the desktop workbench. `treelab [FILE.csv]` opens the file;
// `--smoke-test PNG` trains on it, saves a screenshot of the window and exits (used by CI).
#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include "ui/main_window.h"

int main(int argc, char** argv) {
    QApplication application(argc, argv);
    QApplication::setApplicationName("TreeLab");
    QApplication::setApplicationVersion(TREELAB_VERSION);

    QCommandLineParser parser;
    parser.setApplicationDescription("TreeLab: learn decision trees and look inside them");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("file", "CSV file to open");
    const QCommandLineOption smokeTest("smoke-test", "train on FILE, save a screenshot to PNG and quit", "PNG");
    parser.addOption(smokeTest);
    parser.process(application);

    treelab::MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    const bool opened = !files.isEmpty() && window.openFile(files.first());
    if (parser.isSet(smokeTest)) {
        if (!opened) return 3;
        const QString png = parser.value(smokeTest);
        QObject::connect(&window, &treelab::MainWindow::trainingDone, &window, [&window, png] {
            QApplication::exit(window.grab().save(png) ? 0 : 1);
        });
        QTimer::singleShot(0, &window, &treelab::MainWindow::train);
    }
    return QApplication::exec();
}
