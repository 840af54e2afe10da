// Run > Predict on a file, through the menu and its file dialog: the table and the saved CSV are
// treelab-cli predict's output on the same model and file, cell for cell and byte for byte.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <QAbstractItemModel>
#include <QLabel>
#include <QPushButton>
#include <QTableView>

#include "core/io/csv_field.h"
#include "core/model/model_file.h"
#include "core/run/training_run.h"
#include "tests/app/cli/cli_runner.h"
#include "tests/support/workbench_steps.h"
#include "ui/predict/predictions_window.h"

namespace treelab {
namespace {

// The shipped iris.csv without its target column: an unlabelled file.
std::string unlabelled_iris() {
    std::ifstream in(test::dataset("iris.csv"));
    std::ostringstream out;
    for (std::string line; std::getline(in, line);) out << line.substr(0, line.rfind(',')) << '\n';
    return out.str();
}

std::vector<std::vector<std::string>> csv_lines(const std::string& text) {
    std::vector<std::vector<std::string>> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(csv_fields(line).value());
    return lines;
}

// The table of a CART's predictions on an unlabelled iris file holds the cells treelab-cli predict
// writes (class names, probabilities as their shortest text, stopping nodes), under the class names.
TEST(PredictionsWindow, TableAndCsvEqualTheCommandLine) {
    const test::TempDir dir;
    RunConfig config = test::dataset_run("iris.csv", "species", "cart", {"max_depth=3"});
    auto outcome = std::make_shared<const RunOutcome>(run_training(config));
    const auto model = dir.file("model.json");
    save_model(outcome->model, model.string());
    const auto data = dir.write("new_flowers.csv", unlabelled_iris());
    const auto cli_out = dir.file("cli.csv");
    const test::CommandResult cli =
        test::run_cli("predict --model " + model.string() + " --data " + data.string() + " --out " + cli_out.string(), dir);
    ASSERT_EQ(cli.exit_code, 0) << cli.err;
    const std::string expected = test::read_file(cli_out);

    MainWindow window;
    window.show();
    window.resultsPanel()->addRun("1 cart", outcome);
    // What Run > Predict on a file… does once its dialog gave the file (the file dialogs of the
    // offscreen platform answer typed paths unreliably).
    ASSERT_TRUE(window.findChild<QAction*>("predictOnFile"));
    PredictionsWindow* predictions = window.predictFile(QString::fromStdString(data.string()));
    ASSERT_TRUE(predictions);
    ASSERT_TRUE(QTest::qWaitFor([&] { return predictions->saveButton()->isEnabled(); }, 60000));

    const auto lines = csv_lines(expected);
    const QAbstractItemModel* table = predictions->table()->model();
    ASSERT_EQ(table->rowCount(), 150);
    ASSERT_EQ(static_cast<std::size_t>(table->rowCount()) + 1, lines.size());
    ASSERT_EQ(static_cast<std::size_t>(table->columnCount()), lines[0].size());
    EXPECT_EQ(table->headerData(2, Qt::Horizontal).toString(), "P(setosa)");
    EXPECT_EQ(table->headerData(1, Qt::Horizontal).toString(), "Predicted species");
    for (int row = 0; row < table->rowCount(); ++row)
        for (int column = 0; column < table->columnCount(); ++column)
            ASSERT_EQ(table->index(row, column).data(Qt::UserRole).toString().toStdString(),
                      lines[static_cast<std::size_t>(row) + 1][static_cast<std::size_t>(column)])
                << "row " << row + 1 << ", column " << column;
    EXPECT_EQ(table->index(0, 1).data().toString(), "setosa");

    const auto saved = dir.file("saved.csv");
    ASSERT_TRUE(predictions->saveCsv(QString::fromStdString(saved.string())));
    EXPECT_EQ(test::read_file(saved), expected);
}

// A file without the model's columns fails with the core's message naming the missing column; nothing is shown.
TEST(PredictionsWindow, FileWithoutTheColumnsSaysWhichIsMissing) {
    const test::TempDir dir;
    auto outcome = std::make_shared<const RunOutcome>(run_training(test::dataset_run("iris.csv", "species", "cart", {"max_depth=2"})));
    const auto data = dir.write("other.csv", "a,b\n1,2\n");
    MainWindow window;
    window.resultsPanel()->addRun("1 cart", outcome);
    PredictionsWindow* predictions = window.predictFile(QString::fromStdString(data.string()));
    ASSERT_TRUE(predictions);
    QSignalSpy failed(predictions, &PredictionsWindow::failed);
    ASSERT_TRUE(failed.count() > 0 || failed.wait(60000));
    EXPECT_TRUE(failed.at(0).at(0).toString().contains("sepal_length")) << failed.at(0).at(0).toString().toStdString();
    EXPECT_EQ(predictions->table()->model()->rowCount(), 0);
    EXPECT_FALSE(predictions->saveButton()->isEnabled());
    for (QWidget* box : QApplication::topLevelWidgets())
        if (box->inherits("QMessageBox")) box->close();
}

}  // namespace
}  // namespace treelab
