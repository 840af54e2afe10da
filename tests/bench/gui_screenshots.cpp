// Regenerates the README's screenshots of the workbench (issue 6): the main window on glass while
// LatentTrees trains, after it, its tree, the results list and a CART pruning sweep.
//   xvfb-run -a ./build/gui_screenshots resources/screenshots
#include <QApplication>
#include <QDir>
#include <QTabWidget>
#include <QTimer>

#include "app/session/training_session.h"
#include "core/run/run_config.h"
#include "ui/data_panel.h"
#include "ui/main_window.h"
#include "ui/method_panel.h"
#include "ui/sweep_panel.h"

using namespace treelab;

int main(int argc, char** argv) {
    QApplication application(argc, argv);
    QApplication::setOrganizationName("TreeLab-screenshots");
    const QDir out(argc > 1 ? argv[1] : ".");
    MainWindow window;
    window.resize(1440, 900);
    window.show();
    if (!window.openFile(QDir(TREELAB_DATASETS).filePath("glass.csv"))) return 3;
    window.methodPanel()->setMethod("latent");
    window.methodPanel()->setValues(method_params("latent", {"depth=4", "epochs=120", "patience=0"}));

    const auto shoot = [&window, &out](const QString& name) { window.grab().save(out.filePath(name)); };
    const auto later = [&window](int ms, std::function<void()> step) { QTimer::singleShot(ms, &window, step); };

    int epochs = 0;
    QObject::connect(window.findChild<TrainingSession*>(), &TrainingSession::epochReported, &window, [&](const EpochPoint&) {
        if (++epochs == 40) later(150, [&] { shoot("workbench-training.png"); });
    });
    QObject::connect(&window, &MainWindow::trainingDone, &window, [&] {
        later(400, [&] {
            shoot("workbench-trained.png");
            window.tabs()->setCurrentIndex(1);
            later(400, [&] {
                shoot("workbench-tree.png");
                window.tabs()->setCurrentIndex(3);
                later(400, [&] {
                    shoot("workbench-results.png");
                    window.methodPanel()->setMethod("cart");
                    window.tabs()->setCurrentIndex(2);
                    QObject::connect(window.sweepPanel(), &SweepPanel::finished, &window, [&] {
                        later(400, [&] {
                            shoot("workbench-sweep.png");
                            QApplication::quit();
                        });
                    });
                    window.sweepPanel()->start();
                });
            });
        });
    });
    later(0, [&] { window.train(); });
    return QApplication::exec();
}
