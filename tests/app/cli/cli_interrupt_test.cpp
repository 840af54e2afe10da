// Ctrl+C and SIGTERM keep the work: real signals to a real treelab-cli, which stops at the next
// epoch, writes what is finished, says so and exits with 128 + the signal; a second signal ends
// it at once.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <Eigen/Core>

#include "core/model/model_file.h"
#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

using test::CliProcess;

// A GradTree fit that would take minutes (100,000 epochs, no early stop) on a shipped set.
std::vector<std::string> long_fit(const std::string& data) {
    return {"--data", data, "--target", "Type", "--method", "gradtree", "--param", "depth=3", "--param", "restarts=0",
            "--param", "patience=0", "--param", "epochs=100000", "--threads", "1"};
}

std::vector<std::string> with(std::vector<std::string> words, const std::vector<std::string>& more) {
    words.insert(words.end(), more.begin(), more.end());
    return words;
}

long line_count(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

// SIGINT a few epochs into a long train: exit 130, the message names the signal, the epoch and the
// model file, and the file holds a model that loads and predicts; the printed report is there.
TEST(CliInterrupt, SigintDuringTrainSavesTheBestModelSoFar) {
    test::TempDir dir;
    const std::string model = dir.file("m.json").string();
    CliProcess cli(with({"train"}, with(long_fit(test::dataset("glass.csv").string()),
                                        {"--model-out", model, "--progress"})));
    ASSERT_TRUE(cli.wait_for_stderr("epoch 2 of 100000")) << cli.err();
    cli.send(SIGINT);
    const int status = cli.wait();
    ASSERT_TRUE(WIFEXITED(status)) << "ended by signal " << WTERMSIG(status) << "\n" << cli.err();
    EXPECT_EQ(WEXITSTATUS(status), 130) << cli.err();
    EXPECT_NE(cli.err().find("interrupted by SIGINT: training stopped at epoch "), std::string::npos) << cli.err();
    EXPECT_NE(cli.err().find("wrote the best model so far to " + model), std::string::npos) << cli.err();
    EXPECT_NE(cli.out().find("(stopped early)"), std::string::npos) << cli.out();
    EXPECT_NE(cli.out().find("model saved to " + model), std::string::npos) << cli.out();

    const ModelFile saved = load_model(model);
    EXPECT_EQ(saved.target.column, "Type");
    const Eigen::VectorXd predictions = saved.tree.predict(Eigen::MatrixXd::Zero(3, saved.tree.features()));
    EXPECT_TRUE(predictions.allFinite());
}

// SIGTERM while a sweep trains its third row: exit 143, the CSV holds the two finished rows.
TEST(CliInterrupt, SigtermDuringSweepWritesTheFinishedRows) {
    test::TempDir dir;
    const std::string out = dir.file("sweep.csv").string();
    CliProcess cli({"sweep", "--data", test::dataset("glass.csv").string(), "--target", "Type", "--method", "gradtree",
                    "--set", "depth=3", "--set", "restarts=0", "--set", "patience=0", "--param", "epochs=1,2,100000",
                    "--jobs", "1", "--threads", "1", "--out", out, "--progress"});
    ASSERT_TRUE(cli.wait_for_stderr("row 2 of 3 done")) << cli.err();
    cli.send(SIGTERM);
    const int status = cli.wait();
    ASSERT_TRUE(WIFEXITED(status)) << "ended by signal " << WTERMSIG(status) << "\n" << cli.err();
    EXPECT_EQ(WEXITSTATUS(status), 143) << cli.err();
    EXPECT_NE(cli.err().find("interrupted by SIGTERM: the sweep stopped; wrote its 2 finished rows to " + out),
              std::string::npos) << cli.err();
    const std::string csv = test::read_file(out);
    EXPECT_EQ(line_count(csv), 3) << csv;  // the header and the rows of epochs=1 and epochs=2
    EXPECT_EQ(csv.find("\n100000,"), std::string::npos) << csv;
}

// SIGINT while a comparison trains its long cell (fold 1: CART, then a long GradTree fit): exit
// 130, the finished cell in the CSV and the printed report.
TEST(CliInterrupt, SigintDuringCompareWritesTheFinishedCells) {
    test::TempDir dir;
    const std::string out = dir.file("compare.csv").string();
    CliProcess cli({"compare", "--data", test::dataset("glass.csv").string() + ":Type", "--methods", "cart,gradtree", "--cv", "3",
                    "--set", "gradtree.depth=3", "--set", "gradtree.restarts=0", "--set", "gradtree.patience=0", "--set",
                    "gradtree.epochs=100000", "--jobs", "1", "--threads", "1", "--out", out, "--progress"});
    ASSERT_TRUE(cli.wait_for_stderr("fit 1 of 6 done")) << cli.err();
    cli.send(SIGINT);
    const int status = cli.wait();
    ASSERT_TRUE(WIFEXITED(status)) << "ended by signal " << WTERMSIG(status) << "\n" << cli.err();
    EXPECT_EQ(WEXITSTATUS(status), 130) << cli.err();
    EXPECT_NE(cli.err().find("interrupted by SIGINT: the comparison stopped; wrote its 1 finished cell to " + out),
              std::string::npos) << cli.err();
    const std::string csv = test::read_file(out);
    EXPECT_EQ(line_count(csv), 2) << csv;  // the header and CART's fold 1
    EXPECT_NE(cli.out().find("wrote 1 cells to " + out), std::string::npos) << cli.out();
}

// A second signal ends the process at once by the signal, even while it is busy: here it waits on
// its data, a FIFO the test holds open and never writes, so only the signal can end it.
TEST(CliInterrupt, SecondSignalEndsTheProcessAtOnce) {
    test::TempDir dir;
    const std::string fifo = dir.file("data.csv").string();
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    CliProcess cli(with({"train"}, with(long_fit(fifo), {"--model-out", dir.file("m.json").string()})));
    // Opening the FIFO's other end succeeds once the command opened it to read, after its signal
    // handlers were installed.
    int writer = -1;
    while ((writer = open(fifo.c_str(), O_WRONLY | O_NONBLOCK)) < 0) {
        ASSERT_EQ(errno, ENXIO) << "the command ended before it read its data:\n" << cli.err();
        usleep(1000);
    }
    cli.send(SIGINT);
    ASSERT_TRUE(cli.wait_for_stderr("send the signal again")) << cli.err();
    cli.send(SIGINT);
    const int status = cli.wait();
    close(writer);
    ASSERT_TRUE(WIFSIGNALED(status)) << "exited with " << WEXITSTATUS(status) << "\n" << cli.err();
    EXPECT_EQ(WTERMSIG(status), SIGINT);
    EXPECT_FALSE(std::filesystem::exists(dir.file("m.json")));
}

}  // namespace
}  // namespace treelab
