// treelab-cli plot end to end: a run's curves from `train --history` and a sweep's plots from
// `sweep --out`, as vector files without raster images, and PNGs at the asked resolution.
#include <gtest/gtest.h>

#include <string>

#include <QImage>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

using test::CommandResult;
using test::run_cli;

std::string glass() { return test::dataset("glass.csv").string(); }

// GET with two starts on glass writes a history; plot draws it as SVG, PDF and PNG: no raster image,
// the starts' small plots, GET's α on a right axis, the caption naming the file and the user's caption.
TEST(CliPlot, HistoryAsVectorFigures) {
    test::TempDir dir;
    const std::string history = dir.file("h.csv").string();
    const CommandResult train = run_cli("train --data " + glass() + " --target Type --method get --param depth=2 --param "
                                        "'schedule=U(5,25):4,U(50,150):4' --param starts=2 --history " + history, dir);
    ASSERT_EQ(train.exit_code, 0) << train.err;
    for (const char* suffix : {"svg", "pdf"}) {
        const std::string out = dir.file(std::string("curves.") + suffix).string();
        const CommandResult plot = run_cli("plot --history " + history + " --out " + out + " --caption 'Figure 2: GET on glass'", dir);
        ASSERT_EQ(plot.exit_code, 0) << plot.err;
        EXPECT_NE(plot.out.find("wrote the training curves"), std::string::npos) << plot.out;
        const std::string bytes = test::read_file(out);
        EXPECT_EQ(test::raster_images(bytes), 0) << suffix;
        if (std::string(suffix) == "svg") {
            EXPECT_EQ(test::widget_text_in(bytes), "");
            EXPECT_NE(bytes.find("Figure 2: GET on glass"), std::string::npos);
            EXPECT_NE(bytes.find("Training curves of h.csv"), std::string::npos);
            EXPECT_NE(bytes.find("start 2"), std::string::npos) << "the starts' small plots";
            EXPECT_NE(bytes.find("right axis)"), std::string::npos) << "GET's α on the right axis (text runs split at the Greek letter)";
        }
    }
    const std::string png = dir.file("curves.png").string();
    ASSERT_EQ(run_cli("plot --history " + history + " --out " + png + " --dpi 144", dir).exit_code, 0);
    const QImage image(QString::fromStdString(png));
    ASSERT_FALSE(image.isNull());
    EXPECT_NEAR(image.dotsPerMeterX() * 0.0254, 144.0, 0.5);
    EXPECT_GT(image.width(), 1000) << "twice the figure's width in points";
}

// A CART sweep along its pruning path plots as the metric against α and against active nodes,
// captioned with the sweep's parameter and size.
TEST(CliPlot, SweepAsVectorFigure) {
    test::TempDir dir;
    const std::string sweep = dir.file("s.csv").string(), out = dir.file("sweep.svg").string();
    const CommandResult run = run_cli("sweep --data " + glass() + " --target Type --param ccp_alpha=0,0.005,0.01,0.02 --seeds 2 --out " +
                                      sweep, dir);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const CommandResult plot = run_cli("plot --sweep " + sweep + " --out " + out, dir);
    ASSERT_EQ(plot.exit_code, 0) << plot.err;
    const std::string svg = test::read_file(out);
    EXPECT_EQ(test::raster_images(svg), 0);
    EXPECT_NE(svg.find("Sweep of Pruning alpha from s.csv: 4 values × 2 seeds"), std::string::npos);
    EXPECT_NE(svg.find("against active nodes"), std::string::npos);
    const CommandResult f1 = run_cli("plot --sweep " + sweep + " --metric macro_f1 --out " + dir.file("f1.pdf").string(), dir);
    EXPECT_EQ(f1.exit_code, 0) << f1.err;
    EXPECT_EQ(test::raster_images(test::read_file(dir.file("f1.pdf"))), 0);
}

// Usage errors exit 2, unreadable or foreign files 3, each with a message naming the cause.
TEST(CliPlot, RefusesWithClearMessages) {
    test::TempDir dir;
    const std::string out = dir.file("f.svg").string();
    const CommandResult neither = run_cli("plot --out " + out, dir);
    EXPECT_EQ(neither.exit_code, 2);
    EXPECT_NE(neither.err.find("--history FILE or --sweep FILE"), std::string::npos) << neither.err;
    const CommandResult missing = run_cli("plot --history " + dir.file("none.csv").string() + " --out " + out, dir);
    EXPECT_EQ(missing.exit_code, 3);
    EXPECT_NE(missing.err.find("none.csv"), std::string::npos) << missing.err;
    const std::string foreign = dir.write("glass_copy.csv", "RI,Na,Type\n1.5,13,1\n").string();
    const CommandResult notHistory = run_cli("plot --history " + foreign + " --out " + out, dir);
    EXPECT_EQ(notHistory.exit_code, 3);
    EXPECT_NE(notHistory.err.find("not a training history"), std::string::npos) << notHistory.err;
    const CommandResult notSweep = run_cli("plot --sweep " + foreign + " --out " + out, dir);
    EXPECT_EQ(notSweep.exit_code, 3);
    EXPECT_NE(notSweep.err.find("not a sweep's CSV"), std::string::npos) << notSweep.err;
    const CommandResult cart = run_cli("train --data " + glass() + " --target Type --history " + dir.file("cart.csv").string(), dir);
    ASSERT_EQ(cart.exit_code, 0) << cart.err;
    const CommandResult noEpochs = run_cli("plot --history " + dir.file("cart.csv").string() + " --out " + out, dir);
    EXPECT_EQ(noEpochs.exit_code, 3);
    EXPECT_NE(noEpochs.err.find("no epochs"), std::string::npos) << noEpochs.err;
    EXPECT_EQ(run_cli("plot --history " + foreign + " --out " + dir.file("f.bmp").string(), dir).exit_code, 2);
}

}  // namespace
}  // namespace treelab
