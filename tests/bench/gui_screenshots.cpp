// Regenerates the manual's screenshots of method runs (resources/doc/images; gui_walkthrough shoots
// the panels): a LatentTrees λ sweep on glass, GradTree's tree on glass after a run with every default, then GET's method panel with its schedule editor and a GET run
// on diabetes with α over the loss and its starts, one of them picked, and a sweep of its stage-2 α;
// `get` as second argument shoots only those. `dgt` shoots only DGT learning from
// bandit feedback on wdbc, its held-out accuracy against loss queries and its tree.
// `loading FILE.csv` shoots the window while glass stays shown and FILE (large) is read in the
// background, its progress bar and Cancel in the data panel. `csv FILE.csv` shoots the
// data panel after reading FILE (a spreadsheet's export) with the CSV format at Auto, which names
// what it detected. `huge` shoots the Tree tab on a tree the size of a full CART on a
// million rows (173,435 leaves): opened at the depth that fits, a search hit below that depth
// unfolded, the folded nodes' marks and the overview.
//   xvfb-run -a ./build/gui_screenshots resources/doc/images [get|dgt|huge|loading FILE.csv|csv FILE.csv]
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QDir>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QProgressBar>
#include <QTimer>

#include "app/render/node_search.h"
#include "core/run/run_config.h"
#include "tests/support/big_tree.h"
#include "tests/support/workbench_steps.h"
#include "ui/data/data_panel.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/method/param_form.h"
#include "ui/sweep/sweep_grid_editor.h"
#include "ui/sweep/sweep_panel.h"
#include "ui/tree/tree_canvas.h"
#include "ui/tree/tree_tab.h"

using namespace treelab;

int main(int argc, char** argv) {
    QApplication application(argc, argv);
    QApplication::setOrganizationName("TreeLab-screenshots");
    // The window saves its tab, splitters and choices when quit() closes it; every run starts from
    // the defaults instead, or its first picture would be shot with the last run's choices.
    QSettings().clear();
    const QDir out(argc > 1 ? argv[1] : ".");
    MainWindow window;
    window.resize(1440, 900);
    window.show();
    const QDir datasets(TREELAB_DATASETS);
    if (argc > 3 && QString(argv[2]) == "loading") {
        if (!test::load_data(*window.dataPanel(), datasets.filePath("glass.csv"))) return 3;
        auto* bar = window.dataPanel()->findChild<QProgressBar*>("loadProgress");
        QObject::connect(bar, &QProgressBar::valueChanged, &window, [&window, &out](int percent) {
            if (percent < 30) return;
            window.grab().save(out.filePath("workbench-loading.png"));
            window.dataPanel()->cancelLoad();
            QApplication::quit();
        });
        window.openFile(QString::fromLocal8Bit(argv[3]));
        return QApplication::exec();
    }
    if (argc > 3 && QString(argv[2]) == "csv") {
        if (!test::load_data(*window.dataPanel(), QString::fromLocal8Bit(argv[3]))) return 3;
        QTimer::singleShot(400, &window, [&window, &out] {
            window.grab().save(out.filePath("workbench-csv-format.png"));
            QApplication::quit();
        });
        return QApplication::exec();
    }
    if (argc > 2 && QString(argv[2]) == "huge") {
        if (!test::load_data(*window.dataPanel(), datasets.filePath("glass.csv"))) return 3;
        window.tabs()->setCurrentIndex(1);
        QTimer::singleShot(300, &window, [&] {
            const std::shared_ptr<const ModelFile> model = test::random_model(173435);
            TreeTab* tab = window.treeTab();
            tab->showModel(model);
            // A split two levels below the cut: the first match of its rule at least that deep.
            const int limit = tab->canvas()->depthLimit();
            int deep = 0;
            while (model->tree.nodes[static_cast<std::size_t>(deep)].depth < limit + 2 || !model->tree.nodes[static_cast<std::size_t>(deep)].is_split())
                ++deep;
            const QString rule = QString::fromStdString(node_rule(model->tree, deep, model->pipeline.feature_names(), {}));
            tab->searchField()->setText(rule);
            for (std::size_t step = 0; step < tab->searchMatches().size(); ++step) {
                if (model->tree.nodes[static_cast<std::size_t>(tab->canvas()->searchHit())].depth >= limit + 2) break;
                tab->showMatch(+1);
            }
            QTimer::singleShot(400, &window, [&] {
                window.grab().save(out.filePath("tree-huge.png"));
                QApplication::quit();
            });
        });
        return QApplication::exec();
    }
    if (argc > 2 && QString(argv[2]) == "dgt") {
        if (!test::load_data(*window.dataPanel(), datasets.filePath("wdbc.csv"))) return 3;
        window.dataPanel()->findChild<QComboBox*>("target")->setCurrentText("diagnosis");
        window.methodPanel()->setMethod("dgt");
        window.methodPanel()->setValues(method_params("dgt", {"feedback=bandit", "passes=20"}));
        QObject::connect(&window, &MainWindow::trainingDone, &window, [&] {
            QTimer::singleShot(400, &window, [&] {
                window.grab().save(out.filePath("workbench-dgt-bandit.png"));
                window.tabs()->setCurrentIndex(1);
                QTimer::singleShot(400, &window, [&] {
                    window.grab().save(out.filePath("workbench-dgt-tree.png"));
                    QApplication::quit();
                });
            });
        });
        QTimer::singleShot(300, &window, [&] { window.train(); });
        return QApplication::exec();
    }
    if (!test::load_data(*window.dataPanel(), datasets.filePath("glass.csv"))) return 3;
    QComboBox* scaling = window.dataPanel()->findChild<QComboBox*>("scaling");
    scaling->setCurrentIndex(scaling->findData("zscore"));

    const auto shoot = [&window, &out](const QString& name) { window.grab().save(out.filePath(name)); };
    const auto later = [&window](int ms, std::function<void()> step) { QTimer::singleShot(ms, &window, step); };

    // GET on diabetes: the schedule editor, then a short run of four starts (the defaults' 10 × 6000
    // epochs would take a minute for the same picture).
    const auto shootGet = [&] {
        window.tabs()->setCurrentIndex(0);
        test::load_data(*window.dataPanel(), datasets.filePath("diabetes.csv"));
        window.methodPanel()->setMethod("get");
        window.methodPanel()->setValues(method_params("get", {}));  // the paper's preset
        later(400, [&] {
            // The whole generated form (the panel's viewport shows a part of it), at the panel's width.
            window.methodPanel()->form()->grab().save(out.filePath("workbench-get-schedule.png"));
            later(0, [&] {
                window.methodPanel()->setValues(method_params("get", {"schedule=U(5,25):400,U(50,150):400", "starts=4"}));
                window.train();
            });
        });
    };
    const bool onlyGet = argc > 2 && QString(argv[2]) == "get";
    int runs = onlyGet ? 1 : 0, sweeps = 0;
    QObject::connect(&window, &MainWindow::trainingDone, &window, [&] {
        if (++runs == 2) {  // GET's run: α over its loss, its starts, start 3's tree kept
            window.keepStartTree(2);
            later(400, [&] {
                shoot("workbench-get.png");
                // Then a sweep of stage 2's α around the paper's U(50,150), a range value among them.
                window.tabs()->setCurrentWidget(window.sweepPanel());
                auto* param = window.sweepPanel()->findChild<QComboBox*>("sweepParam");
                param->setCurrentIndex(param->findData("schedule[2].alpha"));
                auto* grid = window.sweepPanel()->findChild<SweepGridEditor*>();
                grid->setKind(GridKind::List);
                grid->setList("25,50,U(80,120),150,300");
                window.sweepPanel()->findChild<QSpinBox*>("sweepSeeds")->setValue(3);
                QObject::connect(window.sweepPanel(), &SweepPanel::finished, &window, [&] {
                    later(400, [&] {
                        shoot("workbench-get-sweep.png");
                        QApplication::quit();
                    });
                });
                window.sweepPanel()->start();
            });
            return;
        }
        if (runs == 1) {  // GradTree at its defaults: its tree and the data panel's choices
            window.tabs()->setCurrentIndex(1);
            later(400, [&] {
                shoot("workbench-gradtree.png");
                shootGet();
            });
            return;
        }
    });
    // LatentTrees' λ over its sweep range (self-supervised glass, z-scored, depth 4): the metric against
    // active nodes, as scikit-learn's cost-complexity example; then GradTree at every default.
    const auto shootLambdaSweep = [&] {
        window.methodPanel()->setMethod("latent");
        window.methodPanel()->setValues(method_params("latent", {"task=self_supervised", "depth=4"}));
        window.tabs()->setCurrentIndex(2);
        window.sweepPanel()->findChild<QSpinBox*>("sweepSeeds")->setValue(3);
        QObject::connect(window.sweepPanel(), &SweepPanel::finished, &window, [&] {
            if (++sweeps > 1) return;  // GET's sweep at the end has its own handler
            later(400, [&] {
                shoot("workbench-lambda-sweep.png");
                RunConfig defaults;  // every data choice back to its default
                defaults.target = "Type";
                window.dataPanel()->setFrom(defaults);
                window.methodPanel()->setMethod("gradtree");
                window.methodPanel()->setValues(method_params("gradtree", {}));
                later(100, [&] { window.train(); });
            });
        });
        window.sweepPanel()->start();
    };
    later(0, [&] { onlyGet ? shootGet() : shootLambdaSweep(); });
    return QApplication::exec();
}
