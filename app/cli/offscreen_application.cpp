#include "app/cli/offscreen_application.h"

namespace treelab::cli {

std::unique_ptr<QGuiApplication> offscreen_application() {
    if (QCoreApplication::instance()) return nullptr;
    qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "treelab-cli";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QGuiApplication>(argc, argv);
}

}  // namespace treelab::cli
