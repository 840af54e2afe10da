// treelab-cli draw end to end, offscreen: the files it writes parse back as SVG, PNG and PDF.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>

#include <QImage>
#include <QXmlStreamReader>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

using test::CommandResult;
using test::run_cli;

std::string glass() { return test::dataset("glass.csv").string(); }

std::string read_all(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A depth-3 CART model of Glass saved in `dir`.
std::string cart_model(const test::TempDir& dir, const std::string& name = "m.json", int depth = 3) {
    const std::string model = dir.file(name).string();
    const CommandResult train = run_cli("train --data " + glass() + " --target Type --param max_depth=" +
                                        std::to_string(depth) + " --model-out " + model, dir);
    EXPECT_EQ(train.exit_code, 0) << train.err;
    return model;
}

// The SVG is well-formed XML whose root element is <svg>, with the root's share and row count as text.
TEST(CliDraw, WritesSvg) {
    test::TempDir dir;
    const std::string model = cart_model(dir), out = dir.file("tree.svg").string();
    const CommandResult draw = run_cli("draw --model " + model + " --data " + glass() + " --out " + out, dir);
    ASSERT_EQ(draw.exit_code, 0) << draw.err;
    EXPECT_NE(draw.out.find("wrote 1 tree"), std::string::npos) << draw.out;
    const std::string svg = read_all(out);
    QXmlStreamReader xml(QByteArray::fromStdString(svg));
    while (!xml.atEnd() && !xml.isStartElement()) xml.readNext();
    EXPECT_EQ(xml.name().toString(), "svg");
    while (!xml.atEnd()) xml.readNext();
    EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString();
    EXPECT_NE(svg.find("n = 214"), std::string::npos);
    EXPECT_NE(svg.find("100%"), std::string::npos);
}

// draw reads its CSV with the same --delimiter, --decimal and --encoding as the other commands:
// glass written as UTF-16 BE without a byte-order mark draws only when --encoding says so.
TEST(CliDraw, TakesTheDataFormatOptions) {
    test::TempDir dir;
    const std::string model = cart_model(dir), out = dir.file("tree.svg").string();
    const std::string wide = dir.file("glass16.csv").string();
    {
        std::ofstream file(wide, std::ios::binary);
        for (const char c : read_all(glass())) file << '\0' << c;  // UTF-16 BE of ASCII
    }
    const std::string draw = "draw --model " + model + " --data " + wide + " --out " + out;
    EXPECT_EQ(run_cli(draw, dir).exit_code, 3);
    const CommandResult given = run_cli(draw + " --encoding utf-16be --delimiter , --decimal .", dir);
    ASSERT_EQ(given.exit_code, 0) << given.err;
    EXPECT_NE(read_all(out).find("n = 214"), std::string::npos);
    EXPECT_EQ(run_cli(draw + " --delimiter '\"'", dir).exit_code, 2);
}

// A tree of linear leaves (GET-Linear) draws each leaf as its value + k·x beside its largest slopes.
TEST(CliDraw, DrawsLinearLeaves) {
    test::TempDir dir;
    const std::string model = dir.file("linear.json").string(), out = dir.file("tree.svg").string();
    const std::string servo = test::dataset("servo.csv").string();
    const CommandResult train = run_cli("train --data " + servo + " --target Class --method get --param leaf_model=linear "
                                        "--param depth=2 --param schedule=10:5 --param starts=1 --model-out " + model, dir);
    ASSERT_EQ(train.exit_code, 0) << train.err;
    const CommandResult draw = run_cli("draw --model " + model + " --data " + servo + " --out " + out, dir);
    ASSERT_EQ(draw.exit_code, 0) << draw.err;
    const std::string svg = read_all(out);
    std::size_t formulas = 0;
    for (std::size_t at = svg.find(" + k·x"); at != std::string::npos; at = svg.find(" + k·x", at + 1)) ++formulas;
    EXPECT_EQ(formulas, 4u);
    EXPECT_NE(svg.find("Vgain"), std::string::npos) << "a slope's feature is named";
}

// --size sets the picture's size in points and --dpi the PNG's resolution (300 by default): its
// pixels are points × DPI / 72, and the PNG loads back.
TEST(CliDraw, WritesPngOfTheAskedSizeAndResolution) {
    test::TempDir dir;
    const std::string model = cart_model(dir), out = dir.file("tree.png").string();
    const std::string base = "draw --model " + model + " --data " + glass() + " --size 640x480 --fill class --out " + out;
    for (const auto& [dpi, pixels] : {std::pair{std::string(), QSize(2667, 2000)}, std::pair{std::string(" --dpi 72"), QSize(640, 480)}}) {
        const CommandResult draw = run_cli(base + dpi, dir);
        ASSERT_EQ(draw.exit_code, 0) << draw.err;
        QImage image;
        ASSERT_TRUE(image.load(QString::fromStdString(out)));
        EXPECT_EQ(image.size(), pixels) << dpi;
    }
}

// Two models side by side (000 Fig. 3) as PDF: a PDF file.
TEST(CliDraw, WritesPdfComparison) {
    test::TempDir dir;
    const std::string a = cart_model(dir, "a.json", 2), b = cart_model(dir, "b.json", 4), out = dir.file("both.PDF").string();
    const CommandResult draw = run_cli("draw --model " + a + " --model " + b + " --data " + glass() + " --out " + out, dir);
    ASSERT_EQ(draw.exit_code, 0) << draw.err;
    EXPECT_NE(draw.out.find("wrote 2 trees"), std::string::npos) << draw.out;
    EXPECT_EQ(read_all(out).substr(0, 5), "%PDF-");
}

// --by-class draws one tree per chosen class (000 Fig. 4); an unknown class is a usage error
// naming the model's classes.
TEST(CliDraw, ByClassGrid) {
    test::TempDir dir;
    const std::string model = cart_model(dir), out = dir.file("classes.png").string();
    const CommandResult draw = run_cli("draw --model " + model + " --data " + glass() +
                                       " --by-class --classes 1,7 --max-depth 2 --titles float,headlamps --out " + out, dir);
    ASSERT_EQ(draw.exit_code, 0) << draw.err;
    EXPECT_NE(draw.out.find("wrote 2 trees"), std::string::npos) << draw.out;
    const CommandResult unknown =
        run_cli("draw --model " + model + " --data " + glass() + " --by-class --classes 4 --out " + out, dir);
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("its classes are 1, 2, 3, 5, 6, 7"), std::string::npos) << unknown.err;
}

// Mistakes give the CLI's exit codes and leave no file: 2 for usage, 3 for files that cannot be
// read or written.
TEST(CliDraw, ErrorsAndExitCodes) {
    test::TempDir dir;
    const std::string model = cart_model(dir);
    const std::string base = "draw --model " + model + " --data " + glass();
    EXPECT_EQ(run_cli(base + " --out " + dir.file("t.jpg").string(), dir).exit_code, 2);
    EXPECT_EQ(run_cli(base + " --size 12 --out " + dir.file("t.png").string(), dir).exit_code, 2);
    EXPECT_EQ(run_cli(base + " --model " + model + " --by-class --out " + dir.file("t.png").string(), dir).exit_code, 2);
    const CommandResult missing =
        run_cli("draw --model " + dir.file("none.json").string() + " --data " + glass() + " --out " + dir.file("t.svg").string(), dir);
    EXPECT_EQ(missing.exit_code, 3);
    const CommandResult unwritable = run_cli(base + " --out " + dir.file("no/such/dir/t.svg").string(), dir);
    EXPECT_EQ(unwritable.exit_code, 3);
    EXPECT_NE(unwritable.err.find("cannot write"), std::string::npos) << unwritable.err;
    EXPECT_FALSE(std::filesystem::exists(dir.file("t.png")));
    EXPECT_FALSE(std::filesystem::exists(dir.file("t.svg")));
    EXPECT_EQ(run_cli(base + " --max-depth deep --out " + dir.file("t.svg").string(), dir).exit_code, 2);
}

std::size_t count(const std::string& text, const std::string& part) {
    std::size_t found = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++found;
    return found;
}

// A CART grown without limit on 4,000 rows of noise (thousands of nodes) is drawn, by
// default, down to a depth that keeps it within the node budget, its folded nodes saying how many
// leaves they hide, with a note on stderr; --max-depth all draws every node.
TEST(CliDraw, HugeTreeIsFoldedUnlessAllIsAsked) {
    test::TempDir dir;
    std::mt19937 random(16);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::ostringstream csv;
    csv << "a,b,c,label\n";
    for (int row = 0; row < 4000; ++row)
        csv << unit(random) << ',' << unit(random) << ',' << unit(random) << ',' << (unit(random) < 0.5 ? "x" : "y") << '\n';
    const std::string data = dir.write("noise.csv", csv.str()).string();
    const std::string model = dir.file("noise.json").string();
    const CommandResult train = run_cli("train --data " + data + " --target label --model-out " + model, dir);
    ASSERT_EQ(train.exit_code, 0) << train.err;

    const std::string folded = dir.file("folded.svg").string(), whole = dir.file("whole.svg").string();
    const CommandResult draw = run_cli("draw --model " + model + " --data " + data + " --out " + folded, dir);
    ASSERT_EQ(draw.exit_code, 0) << draw.err;
    EXPECT_NE(draw.err.find("drawn down to depth"), std::string::npos) << draw.err;
    EXPECT_NE(draw.err.find("--max-depth all"), std::string::npos) << draw.err;
    const std::string cut = read_all(folded);
    EXPECT_LE(count(cut, "n = "), 1000u);
    EXPECT_GT(count(cut, " leaves"), 0u);  // the folded nodes' "+N leaves"

    const CommandResult all = run_cli("draw --model " + model + " --data " + data + " --max-depth all --out " + whole, dir);
    ASSERT_EQ(all.exit_code, 0) << all.err;
    EXPECT_EQ(all.err.find("drawn down to depth"), std::string::npos) << all.err;
    const std::string every = read_all(whole);
    EXPECT_GT(count(every, "n = "), 1000u);
    EXPECT_EQ(count(every, " leaves"), 0u);
    EXPECT_GT(every.size(), cut.size());
}

}  // namespace
}  // namespace treelab
