// File > Save model… offers TreeLab's JSON first and every export format after it; the file type
// the user picks decides what is written.
#include <gtest/gtest.h>

#include <QSettings>
#include <QTest>

#include "core/export/model_export.h"
#include "core/model/model_file.h"
#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/common/model_file_types.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"

namespace treelab {
namespace {

// The filters list JSON first, then C, Python and DOT; each export filter (and, without a filter,
// each extension) picks its format; JSON picks none; a name without a suffix gets the format's,
// and the default name's .json gives way to an export's extension.
TEST(ModelFileTypes, FiltersPickTheWriter) {
    const QStringList filters = modelFileFilters();
    ASSERT_EQ(filters.size(), static_cast<int>(export_formats().size()) + 1);
    EXPECT_EQ(filters.front(), "TreeLab model (*.json)");
    EXPECT_EQ(modelFormatFor(filters.front(), "m.json"), "");
    for (std::size_t k = 0; k < export_formats().size(); ++k) {
        const ExportFormat& format = export_formats()[k];
        EXPECT_EQ(modelFormatFor(filters[static_cast<int>(k) + 1], "model"), format.name);
        EXPECT_EQ(modelFormatFor(QString(), "model" + QString::fromStdString(format.extension)), format.name);
        EXPECT_EQ(withModelSuffix("model", format.name), "model" + QString::fromStdString(format.extension));
    }
    EXPECT_TRUE(filters.contains("C source (C99) (*.c)"));
    EXPECT_EQ(withModelSuffix("model", ""), "model.json");
    EXPECT_EQ(withModelSuffix("model.txt", "c"), "model.txt");
    EXPECT_EQ(withModelSuffix("model.json", "python"), "model.py");  // the dialog's default name, another type chosen
}

// With real key events: Ctrl+M (File > Save model…) opens the dialog, the file type box moves down to C source, the
// name is typed without a suffix and Return saves: a C file comes out (the C export, not JSON with a .c name), and the same dialog's default type still writes JSON that loads.
TEST(ModelFileTypes, SaveModelDialogWritesTheChosenType) {
    test::TempDir dir;
    QSettings().clear();
    MainWindow window;
    window.resize(1000, 700);
    window.show();
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    window.methodPanel()->setMethod("cart");
    ASSERT_TRUE(test::train_and_wait(window));

    const auto save_through_dialog = [&](const QString& name, int type_steps) {
        const auto typed = test::answer_next_file_dialog(window, QString::fromStdString(dir.path().string()) + "/" + name, type_steps);
        window.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_M, Qt::ControlModifier);
        ASSERT_TRUE(*typed);
    };
    save_through_dialog("glass-cart", 1);  // one step down: "C source (C99) (*.c)"
    const std::string c = test::read_file(dir.file("glass-cart.c"));
    ASSERT_FALSE(c.empty());
    EXPECT_NE(c.find("int treelab_predict(const double *row)"), std::string::npos);
    EXPECT_NE(c.find("const char *const treelab_class_names[TREELAB_CLASSES]"), std::string::npos);
    save_through_dialog("glass-cart-model", 0);  // the default type
    EXPECT_EQ(load_model(dir.file("glass-cart-model.json")).card.method, "cart");
}

}  // namespace
}  // namespace treelab
