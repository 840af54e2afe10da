// `treelab-cli train`, `predict` and `export` on spreadsheet columns: dates, "51,494" and "98%"
// read as numbers, identifier columns left out with the reason, --encode taking one in.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// The lines of a predictions file after its header, each without its row number.
std::vector<std::string> predictions(const std::string& csv) {
    std::vector<std::string> lines;
    std::istringstream input(csv);
    std::string line;
    std::getline(input, line);
    while (std::getline(input, line)) lines.push_back(line.substr(line.find(',')));
    return lines;
}

TEST(CliSpreadsheetColumns, TrainReadsThemAndPredictReadsANewFileAlike) {
    const test::TempDir dir;
    const std::string data = test::test_data("spreadsheet_columns.csv").string();
    const test::CommandResult train =
        test::run_cli("train --data " + data + " --target y --method cart --model-out " + dir.file("m.json").string(), dir);
    ASSERT_EQ(train.exit_code, 0) << train.err;
    EXPECT_NE(train.out.find("6 features"), std::string::npos) << train.out;
    EXPECT_NE(train.out.find("  date: date, as days since 1970-01-01 (+ year, month, weekday)\n"), std::string::npos) << train.out;
    EXPECT_NE(train.out.find("  amount: number with thousands separator ','\n"), std::string::npos) << train.out;
    EXPECT_NE(train.out.find("  rate: percentage (98% = 0.98)\n"), std::string::npos) << train.out;

    // The new file holds the first 20 rows in reverse order.
    const test::CommandResult on_training =
        test::run_cli("predict --model " + dir.file("m.json").string() + " --data " + data + " --out " + dir.file("a.csv").string(), dir);
    const test::CommandResult on_new = test::run_cli("predict --model " + dir.file("m.json").string() + " --data " +
                                                         test::test_data("spreadsheet_columns_new.csv").string() + " --out " +
                                                         dir.file("b.csv").string(), dir);
    ASSERT_EQ(on_training.exit_code, 0) << on_training.err;
    ASSERT_EQ(on_new.exit_code, 0) << on_new.err;
    const auto training = predictions(test::read_file(dir.file("a.csv")));
    const auto fresh = predictions(test::read_file(dir.file("b.csv")));
    ASSERT_EQ(fresh.size(), 20u);
    for (std::size_t k = 0; k < fresh.size(); ++k) EXPECT_EQ(fresh[k], training[19 - k]) << k;

    const test::CommandResult onnx =
        test::run_cli("export --model " + dir.file("m.json").string() + " --format onnx --out " + dir.file("m.onnx").string(), dir);
    EXPECT_NE(onnx.exit_code, 0);
    EXPECT_NE(onnx.err.find("the ONNX export cannot read column 'date', a date"), std::string::npos) << onnx.err;
    const test::CommandResult dot =
        test::run_cli("export --model " + dir.file("m.json").string() + " --format dot --out " + dir.file("m.dot").string(), dir);
    EXPECT_EQ(dot.exit_code, 0) << dot.err;
}

TEST(CliSpreadsheetColumns, IdentifierColumnsAreLeftOutUnlessEncoded) {
    const test::TempDir dir;
    const std::string data = test::test_data("identifier_columns.csv").string();
    const test::CommandResult left_out = test::run_cli("train --data " + data + " --target Survived --method cart", dir);
    ASSERT_EQ(left_out.exit_code, 0) << left_out.err;
    EXPECT_NE(left_out.out.find("  Name: left out: identifier-like: 40 distinct values in 40 cells\n"), std::string::npos) << left_out.out;
    EXPECT_NE(left_out.out.find("  Ticket: left out: identifier-like"), std::string::npos) << left_out.out;
    EXPECT_NE(left_out.out.find("3 features"), std::string::npos) << left_out.out;

    const test::CommandResult encoded = test::run_cli(
        "train --data " + data + " --target Survived --method cart --encode Ticket=ordinal --model-out " + dir.file("m.json").string(), dir);
    ASSERT_EQ(encoded.exit_code, 0) << encoded.err;
    EXPECT_NE(encoded.out.find("  Ticket: ordinal (--encode)\n"), std::string::npos) << encoded.out;
    EXPECT_NE(encoded.out.find("4 features"), std::string::npos) << encoded.out;
    const std::string model = test::read_file(dir.file("m.json"));
    EXPECT_NE(model.find("--encode Ticket=ordinal"), std::string::npos);  // the run card's command repeats it
    EXPECT_NE(model.find("\"left_out\""), std::string::npos);

    const test::CommandResult bad = test::run_cli("train --data " + data + " --target Survived --encode Ticket", dir);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("--encode takes COLUMN=ENCODING"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace treelab
