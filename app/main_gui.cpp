// treelab: the desktop workbench. `treelab [FILE.csv|MODEL.json]` opens the file (with no argument,
// the shipped datasets/glass.csv); `--smoke-test PNG` trains on it, saves a screenshot of the
// window and exits (used by CI).
#include <cstdlib>
#include <string_view>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QTimer>

#include "app/shipped/shipped_files.h"
#include "ui/data/data_panel.h"
#include "ui/main_window.h"

namespace {

// --help and --version print and exit, but Qt needs a platform before it parses them: without a
// display (a terminal over ssh, a package build running help2man) they get the offscreen one.
void use_offscreen_to_print_help_without_display(int argc, char** argv) {
    for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
        if (std::getenv(name)) return;
    for (int i = 1; i < argc; ++i) {
        const std::string_view argument = argv[i];
        if (argument == "-h" || argument == "--help" || argument == "--help-all" || argument == "-v" || argument == "--version") {
            setenv("QT_QPA_PLATFORM", "offscreen", 0);
            return;
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    use_offscreen_to_print_help_without_display(argc, argv);
    QApplication application(argc, argv);
    QApplication::setOrganizationName("TreeLab");
    QApplication::setApplicationName("TreeLab");
    QApplication::setApplicationVersion(TREELAB_VERSION);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/treelab.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription("TreeLab: learn decision trees and look inside them");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("file", "CSV data file, TreeLab model (.json) or project (.treelab) to open; default: the shipped glass.csv",
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
    if (!parser.isSet(smokeTest)) window.offerRecovery();  // a crashed session's autosave
    return QApplication::exec();
}
