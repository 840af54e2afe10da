// treelab-cli end to end: the commands a user types, their outputs and exit codes.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

using test::CommandResult;
using test::run_cli;

std::string glass() { return test::dataset("glass.csv").string(); }

// train --json prints one object with the fields scripts rely on, and the tree sizes agree with `rules`.
TEST(Cli, TrainJsonHasTheDocumentedFields) {
    test::TempDir dir;
    const std::string model = dir.file("m.json").string();
    const CommandResult result =
        run_cli("train --data " + glass() + " --target Type --method cart --param max_depth=4 --seed 3 --json --model-out " + model, dir);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    const nlohmann::json out = nlohmann::json::parse(result.out);
    EXPECT_EQ(out["method"], "cart");
    EXPECT_EQ(out["params"]["max_depth"], "4");
    EXPECT_EQ(out["seed"], 3);
    EXPECT_EQ(out["task"], "classification");
    EXPECT_EQ(out["n_rows"]["train"].get<int>() + out["n_rows"]["valid"].get<int>() + out["n_rows"]["test"].get<int>(), 214);
    for (const char* split : {"train", "valid", "test"}) {
        EXPECT_TRUE(out["metrics"][split].contains("accuracy")) << split;
        EXPECT_TRUE(out["metrics"][split].contains("macro_f1")) << split;
    }
    EXPECT_LE(out["tree"]["depth"].get<int>(), 4);
    for (const char* field : {"nodes", "leaves", "active_nodes", "empty_nodes", "pruned_nodes"})
        EXPECT_TRUE(out["tree"].contains(field)) << field;
    EXPECT_TRUE(out.contains("train_seconds"));

    const CommandResult rules = run_cli("rules --model " + model, dir);
    ASSERT_EQ(rules.exit_code, 0) << rules.err;
    std::size_t leaf_lines = 0;
    for (std::size_t at = rules.out.find("class: "); at != std::string::npos; at = rules.out.find("class: ", at + 1)) ++leaf_lines;
    EXPECT_EQ(leaf_lines, out["tree"]["leaves"].get<std::size_t>());
}

// eval on the training file reproduces the scores train reported over all rows, and predict writes one row per data row.
TEST(Cli, EvalAndPredictUseTheSavedModel) {
    test::TempDir dir;
    const std::string model = dir.file("m.json").string();
    ASSERT_EQ(run_cli("train --data " + glass() + " --target Type --split 1,0,0 --json --model-out " + model, dir).exit_code, 0);
    const CommandResult eval = run_cli("eval --model " + model + " --data " + glass() + " --json", dir);
    ASSERT_EQ(eval.exit_code, 0) << eval.err;
    const nlohmann::json scores = nlohmann::json::parse(eval.out);
    EXPECT_EQ(scores["n_rows"], 214);
    EXPECT_DOUBLE_EQ(scores["metrics"]["accuracy"].get<double>(), 1.0) << "an unpruned CART fits its training rows";

    const std::string predictions = dir.file("p.csv").string();
    const CommandResult predict = run_cli("predict --model " + model + " --data " + glass() + " --out " + predictions, dir);
    ASSERT_EQ(predict.exit_code, 0) << predict.err;
    std::ifstream file(predictions);
    std::string header, line;
    std::getline(file, header);
    EXPECT_EQ(header, "row,prediction,proba_1,proba_2,proba_3,proba_5,proba_6,proba_7,node");
    int rows = 0;
    while (std::getline(file, line)) ++rows;
    EXPECT_EQ(rows, 214);
}

// sweep ccp_alpha=auto writes one row per path alpha and seed, with sizes shrinking to a stump.
TEST(Cli, SweepAutoFollowsThePruningPath) {
    test::TempDir dir;
    const std::string out = dir.file("s.csv").string();
    const CommandResult sweep = run_cli("sweep --data " + glass() + " --target Type --param ccp_alpha=auto --seeds 2 --out " + out, dir);
    ASSERT_EQ(sweep.exit_code, 0) << sweep.err;
    std::ifstream file(out);
    std::string header, line, last;
    std::getline(file, header);
    EXPECT_EQ(header.rfind("ccp_alpha,seed,train_accuracy", 0), 0u) << header;
    int rows = 0;
    while (std::getline(file, line)) {
        ++rows;
        last = line;
    }
    EXPECT_GT(rows, 10);
    EXPECT_NE(last.find(",0,1,1,1,0,"), std::string::npos) << "the last alpha prunes to the root: " << last;
}

// sweep --shard K/N writes part files that merge-sweep puts together into the file one sweep
// writes, byte for byte; a missing part is a file error naming the rows.
TEST(Cli, ShardedSweepMergesIntoTheSweepsFile) {
    test::TempDir dir;
    const std::string sweep = "sweep --data " + glass() + " --target Type --param max_depth=1,2,3 --seeds 2 --jobs 2";
    ASSERT_EQ(run_cli(sweep + " --out " + dir.file("whole.csv").string(), dir).exit_code, 0);
    std::string parts;
    for (const int k : {0, 1, 2}) {
        const std::string part = dir.file("part" + std::to_string(k) + ".csv").string();
        const CommandResult shard = run_cli(sweep + " --shard " + std::to_string(k) + "/3 --out " + part, dir);
        ASSERT_EQ(shard.exit_code, 0) << shard.err;
        EXPECT_NE(shard.out.find("wrote 2 rows of shard " + std::to_string(k) + "/3"), std::string::npos) << shard.out;
        parts += " " + part;
    }
    const CommandResult merged = run_cli("merge-sweep" + parts + " --out " + dir.file("merged.csv").string(), dir);
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    std::ifstream whole(dir.file("whole.csv")), together(dir.file("merged.csv"));
    std::stringstream a, b;
    a << whole.rdbuf();
    b << together.rdbuf();
    EXPECT_EQ(b.str(), a.str());
    const CommandResult short_of_one =
        run_cli("merge-sweep " + dir.file("part0.csv").string() + " " + dir.file("part1.csv").string() + " --out " +
                    dir.file("m.csv").string(),
                dir);
    EXPECT_NE(short_of_one.exit_code, 0);
    EXPECT_NE(short_of_one.err.find("rows 2, 5"), std::string::npos) << short_of_one.err;
    EXPECT_FALSE(std::filesystem::exists(dir.file("m.csv")));
    EXPECT_EQ(run_cli(sweep + " --shard 3/3 --out " + dir.file("x.csv").string(), dir).exit_code, 2);
}

// A sweep whose --out folder does not exist stops before its first row, with the file error.
TEST(Cli, SweepChecksItsOutputFolderFirst) {
    test::TempDir dir;
    const std::string out = dir.file("missing/s.csv").string();
    const CommandResult sweep = run_cli("sweep --data " + glass() + " --target Type --param max_depth=1,2 --out " + out, dir);
    EXPECT_EQ(sweep.exit_code, 3);
    EXPECT_NE(sweep.err.find("cannot write " + out + ": the folder"), std::string::npos) << sweep.err;
    EXPECT_EQ(sweep.out, "");
}

// The sweep's overview prints each value's test score over the seeds as mean ± population std:
// the three rows of max_depth=1 in the CSV give exactly the printed numbers.
TEST(Cli, SweepOverviewPrintsMeanAndPopulationStd) {
    test::TempDir dir;
    const std::string out = dir.file("s.csv").string();
    const CommandResult sweep = run_cli("sweep --data " + glass() + " --target Type --param max_depth=1 --seeds 3 --out " + out, dir);
    ASSERT_EQ(sweep.exit_code, 0) << sweep.err;
    std::ifstream file(out);
    std::string header, line;
    std::getline(file, header);
    std::vector<std::string> columns;
    std::stringstream names(header);
    for (std::string name; std::getline(names, name, ',');) columns.push_back(name);
    const auto column = static_cast<std::size_t>(std::find(columns.begin(), columns.end(), "test_macro_f1") - columns.begin());
    ASSERT_LT(column, columns.size()) << header;
    std::vector<double> scores;
    while (std::getline(file, line)) {
        std::stringstream cells(line);
        std::string cell;
        for (std::size_t c = 0; c <= column; ++c) std::getline(cells, cell, ',');
        scores.push_back(std::stod(cell));
    }
    ASSERT_EQ(scores.size(), 3u);
    double sum = 0.0, squares = 0.0;
    for (const double score : scores) sum += score;
    const double mean = sum / 3.0;  // summed, then divided, as sweep_summary's mean_std does
    for (const double score : scores) squares += (score - mean) * (score - mean);
    EXPECT_NE(sweep.out.find("mean ± std test macro_f1"), std::string::npos) << sweep.out;
    std::ostringstream expected;
    expected << "\n1\t" << mean << " ± " << std::sqrt(squares / 3.0) << '\t';
    EXPECT_NE(sweep.out.find(expected.str()), std::string::npos) << sweep.out << "expected " << expected.str();
}

// --learner-seed fixes the learner's seed and leaves the split to --seed: with the same --seed the
// split is the same and CART's random feature order (max_features=1) moves the tree; the learner
// seed equal to the seed is the run without it. --split-seed with --learner-seed is a usage error.
TEST(Cli, LearnerSeedFixesTheLearnerAlone) {
    test::TempDir dir;
    const std::string common = "train --data " + glass() + " --target Type --param max_features=1 --param max_depth=4 --json --seed 3";
    const auto run = [&](const std::string& extra) {
        const CommandResult result = run_cli(common + extra, dir);
        EXPECT_EQ(result.exit_code, 0) << result.err;
        return nlohmann::json::parse(result.out);
    };
    const nlohmann::json plain = run(""), same = run(" --learner-seed 3"), other = run(" --learner-seed 11");
    EXPECT_EQ(plain["learner_seed"], 3);
    EXPECT_EQ(other["learner_seed"], 11);
    EXPECT_EQ(other["split_seed"], 3);
    EXPECT_EQ(same["metrics"], plain["metrics"]);
    EXPECT_EQ(same["tree"], plain["tree"]);
    EXPECT_EQ(other["n_rows"], plain["n_rows"]);
    EXPECT_NE(other["metrics"], plain["metrics"]) << "another learner seed draws other features";

    const CommandResult both = run_cli(common + " --split-seed 1 --learner-seed 2", dir);
    EXPECT_EQ(both.exit_code, 2);
    EXPECT_NE(both.err.find("--learner-seed"), std::string::npos) << both.err;
}

// A range grid goes through the same grid helper as the GUI: integers rounded, repeats dropped;
// a log range from 0 is refused naming the parameter (exit code 2, a ParamError).
TEST(Cli, SweepRangeGrids) {
    test::TempDir dir;
    const std::string out = dir.file("s.csv").string();
    const CommandResult sweep = run_cli("sweep --data " + glass() + " --target Type --param max_depth=lin:1:3:5 --out " + out, dir);
    ASSERT_EQ(sweep.exit_code, 0) << sweep.err;
    std::ifstream file(out);
    std::string line;
    std::vector<std::string> values;
    std::getline(file, line);
    while (std::getline(file, line)) values.push_back(line.substr(0, line.find(',')));
    EXPECT_EQ(values, (std::vector<std::string>{"1", "2", "3"}));

    const CommandResult bad = run_cli("sweep --data " + glass() + " --target Type --param ccp_alpha=log:0:0.1:4 --out " + out, dir);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("ccp_alpha"), std::string::npos) << bad.err;
}

// A GET sweep of stage 2's α (schedule[2].alpha, values with U(LOW,HIGH) ranges): the CSV names the
// field and quotes a range, the summary lists each value; a stage the schedule lacks and a bad
// value are usage errors naming the cause.
TEST(Cli, SweepOfAStageField) {
    test::TempDir dir;
    const std::string out = dir.file("s.csv").string();
    const std::string base = "sweep --data " + test::dataset("iris.csv").string() + " --target species --method get "
                             "--set depth=2 --set 'schedule=U(5,25):5,60:5' --set starts=2 --out " + out;
    const CommandResult sweep = run_cli(base + " --param 'schedule[2].alpha=50,U(80,120)'", dir);
    ASSERT_EQ(sweep.exit_code, 0) << sweep.err;
    std::ifstream file(out);
    std::string header, first, second;
    std::getline(file, header);
    std::getline(file, first);
    std::getline(file, second);
    EXPECT_EQ(header.rfind("schedule[2].alpha,seed,", 0), 0u) << header;
    EXPECT_EQ(first.rfind("50,0,", 0), 0u) << first;
    EXPECT_EQ(second.rfind("\"U(80,120)\",0,", 0), 0u) << second;
    EXPECT_NE(sweep.out.find("\nU(80,120)\t"), std::string::npos) << sweep.out;

    const CommandResult missing = run_cli(base + " --param 'schedule[3].alpha=50'", dir);
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_NE(missing.err.find("there is no stage 3"), std::string::npos) << missing.err;
    const CommandResult bad = run_cli(base + " --param 'schedule[2].alpha=50,U(80'", dir);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("must be a number or U(LOW,HIGH)"), std::string::npos) << bad.err;
}

// The command line stored in a model's run card reproduces the run: same scores, same tree.
TEST(Cli, RunCardCommandReproducesTheRun) {
    test::TempDir dir;
    const std::string model = dir.file("m.json").string();
    const CommandResult first = run_cli("train --data " + glass() + " --target Type --param criterion=entropy --param "
                                        "min_samples_leaf=3 --seed 5 --split 0.7,0.1,0.2 --scaling zscore --json "
                                        "--model-out " + model, dir);
    ASSERT_EQ(first.exit_code, 0) << first.err;
    std::ifstream file(model);
    const nlohmann::json card = nlohmann::json::parse(file)["run_card"];
    std::string command = card["command_line"].get<std::string>();
    ASSERT_EQ(command.rfind("treelab-cli ", 0), 0u) << command;
    const CommandResult again = run_cli(command.substr(std::string("treelab-cli ").size()) + " --json", dir);
    ASSERT_EQ(again.exit_code, 0) << again.err;
    nlohmann::json a = nlohmann::json::parse(first.out), b = nlohmann::json::parse(again.out);
    EXPECT_EQ(a["metrics"], b["metrics"]);
    EXPECT_EQ(a["tree"], b["tree"]);
    EXPECT_EQ(a["params"], b["params"]);
    EXPECT_EQ(card["data_file"], "glass.csv");
    EXPECT_EQ(card["data_sha256"].get<std::string>().size(), 64u);
}

// --threads caps the threads and changes nothing in the model: LatentTrees (its batches and its
// pruning QP on every core) writes the same file on one thread as on two.
TEST(Cli, TrainWritesTheSameModelForAnyThreadCount) {
    test::TempDir dir;
    std::string models[2];
    for (const int threads : {1, 2}) {
        const std::string model = dir.file("m" + std::to_string(threads) + ".json").string();
        const CommandResult run = run_cli("train --data " + glass() + " --target Type --method latent --param depth=3 "
                                          "--param epochs=3 --threads " + std::to_string(threads) + " --model-out " + model, dir);
        ASSERT_EQ(run.exit_code, 0) << run.err;
        std::ifstream file(model);
        std::stringstream text;
        text << file.rdbuf();
        models[threads - 1] = text.str();
    }
    EXPECT_FALSE(models[0].empty());
    EXPECT_EQ(models[0], models[1]);
    const CommandResult refused = run_cli("train --data " + glass() + " --target Type --threads 0", dir);
    EXPECT_NE(refused.exit_code, 0);
    EXPECT_NE(refused.err.find("--threads"), std::string::npos) << refused.err;
}

// A spreadsheet's semicolons and decimal commas are detected and recorded in the run card; the
// --delimiter, --decimal and --encoding options override detection, reach the card's command and
// are checked before the file is read.
TEST(Cli, DataFormatOptionsAndRunCard) {
    test::TempDir dir;
    const std::string data = dir.file("sheet.csv").string();
    {
        std::ofstream out(data, std::ios::binary);
        out << "x;y;label\r\n";
        for (int row = 0; row < 40; ++row) out << row << ",5;" << row % 7 << ";" << (row < 20 ? "a" : "b") << "\r\n";
    }
    const std::string model = dir.file("m.json").string();
    const auto card_of = [&]() {
        std::ifstream file(model);
        return nlohmann::json::parse(file)["run_card"];
    };
    const std::string train = "train --data " + data + " --target label --param max_depth=1 --model-out " + model;
    ASSERT_EQ(run_cli(train, dir).exit_code, 0);
    nlohmann::json card = card_of();
    EXPECT_EQ(card["data_delimiter"], ";");
    EXPECT_EQ(card["data_decimal"], ",");
    EXPECT_EQ(card["data_encoding"], "utf-8");
    EXPECT_EQ(card["command_line"].get<std::string>().find("--decimal"), std::string::npos);

    const CommandResult given = run_cli(train + " --delimiter ';' --decimal . --encoding LATIN1 --json", dir);
    ASSERT_EQ(given.exit_code, 0) << given.err;
    card = card_of();
    EXPECT_EQ(card["data_decimal"], ".");  // x is now a categorical column
    EXPECT_EQ(card["data_encoding"], "latin-1");
    const std::string command = card["command_line"].get<std::string>();
    EXPECT_NE(command.find("--delimiter ';' --decimal . --encoding latin-1"), std::string::npos) << command;

    const CommandResult bad = run_cli(train + " --encoding ebcdic", dir);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("unknown encoding 'ebcdic'"), std::string::npos) << bad.err;
    EXPECT_EQ(run_cli(train + " --decimal x", dir).exit_code, 2);
}

// eval, predict, routing and draw take the same --delimiter, --decimal and --encoding as train: a
// file whose first 50 rows hold whole numbers reads its later "7,5" as text unless --decimal says
// ',', and UTF-16 without a byte-order mark reads only with --encoding; a bad value is a usage error.
TEST(Cli, ModelCommandsTakeTheDataFormatOptions) {
    test::TempDir dir;
    const std::string sheet = dir.file("sheet.csv").string();
    {
        std::ofstream out(sheet, std::ios::binary);
        out << "x;label\n";
        for (int row = 0; row < 40; ++row) out << row << ",5;" << (row < 20 ? "a" : "b") << "\n";
    }
    const std::string model = dir.file("m.json").string();
    ASSERT_EQ(run_cli("train --data " + sheet + " --target label --split 1,0,0 --param max_depth=1 --model-out " + model, dir).exit_code, 0);

    const std::string late = dir.file("late.csv").string();
    std::string late_text = "x;label\n";
    for (int row = 0; row < 60; ++row) late_text += std::to_string(row) + (row < 55 ? "" : ",5") + ";" + (row < 20 ? "a" : "b") + "\n";
    std::ofstream(late, std::ios::binary) << late_text;
    const std::string eval = "eval --model " + model + " --data " + late + " --json";
    EXPECT_NE(run_cli(eval, dir).exit_code, 0) << "detection reads the first 50 lines: '.', and 55,5 is text";
    const CommandResult given = run_cli(eval + " --decimal ,", dir);
    ASSERT_EQ(given.exit_code, 0) << given.err;
    EXPECT_EQ(nlohmann::json::parse(given.out)["n_rows"], 60);

    const std::string wide = dir.file("wide.csv").string();
    {
        std::ofstream out(wide, std::ios::binary);
        for (const char c : late_text) out << c << '\0';  // UTF-16 LE of ASCII, no byte-order mark
    }
    const std::string predictions = dir.file("p.csv").string();
    const std::string predict = "predict --model " + model + " --data " + wide + " --decimal , --out " + predictions;
    EXPECT_EQ(run_cli(predict, dir).exit_code, 3) << "NUL bytes without --encoding";
    const CommandResult utf16 = run_cli(predict + " --encoding utf-16le", dir);
    ASSERT_EQ(utf16.exit_code, 0) << utf16.err;
    EXPECT_NE(utf16.out.find("wrote 60 predictions"), std::string::npos) << utf16.out;

    const CommandResult routing = run_cli("routing --model " + model + " --data " + sheet + " --out " + dir.file("r.csv").string() +
                                              " --delimiter ';' --decimal , --encoding utf-8", dir);
    EXPECT_EQ(routing.exit_code, 0) << routing.err;
    const CommandResult bad = run_cli("eval --model " + model + " --data " + sheet + " --decimal x", dir);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("the decimal separator must be '.' or ',', not 'x'"), std::string::npos) << bad.err;
    const CommandResult encoding = run_cli("routing --model " + model + " --data " + sheet + " --out " +
                                               dir.file("r.csv").string() + " --encoding ebcdic", dir);
    EXPECT_EQ(encoding.exit_code, 2);
    EXPECT_NE(encoding.err.find("unknown encoding 'ebcdic'"), std::string::npos) << encoding.err;
}

// The MLP predictor from the command line (000 §4): train saves a version-2 model whose eval on the
// training file reproduces the scores train reported for those rows.
TEST(Cli, LatentMlpPredictorTrainAndEval) {
    test::TempDir dir;
    const std::string model = dir.file("mlp.json").string(), wine = test::dataset("wine.csv").string();
    const CommandResult train = run_cli("train --data " + wine + " --target cultivar --method latent --param predictor=mlp "
                                        "--param dropout=0.1 --param depth=2 --param epochs=5 --split 1,0,0 --json --model-out " + model, dir);
    ASSERT_EQ(train.exit_code, 0) << train.err;
    const nlohmann::json scores = nlohmann::json::parse(train.out)["metrics"]["train"];
    const CommandResult eval = run_cli("eval --model " + model + " --data " + wine + " --json", dir);
    ASSERT_EQ(eval.exit_code, 0) << eval.err;
    const nlohmann::json evaluated = nlohmann::json::parse(eval.out)["metrics"];
    EXPECT_DOUBLE_EQ(evaluated["accuracy"].get<double>(), scores["accuracy"].get<double>());
    EXPECT_DOUBLE_EQ(evaluated["log_loss"].get<double>(), scores["log_loss"].get<double>());
    std::ifstream file(model);
    const nlohmann::json saved = nlohmann::json::parse(file);
    EXPECT_EQ(saved["version"], 2);
    EXPECT_EQ(saved["routing_predictor"]["hidden_layers"].size(), 1u);
}

// A LatentTrees model file written before the MLP predictor existed (format version 1, a linear f_φ
// with a pruned node; tests/data/models/latent_linear_v1.json, written by main at 581a85e with
// `train --data iris.csv --target 5 --method latent --param depth=2 --param epochs=3 --param
// split_activation=elu --seed 4 --split 1,0,0 --scaling zscore`) still loads and scores exactly as
// that build's eval scored it.
TEST(Cli, LatentLinearVersionOneModelStillLoads) {
    test::TempDir dir;
    const CommandResult eval = run_cli("eval --model " + test::test_data("models/latent_linear_v1.json").string() + " --data " +
                                           test::dataset("iris.csv").string() + " --json", dir);
    ASSERT_EQ(eval.exit_code, 0) << eval.err;
    const nlohmann::json metrics = nlohmann::json::parse(eval.out)["metrics"];
    EXPECT_DOUBLE_EQ(metrics["accuracy"].get<double>(), 0.8333333333333334);
    EXPECT_DOUBLE_EQ(metrics["log_loss"].get<double>(), 0.426573520295715);
    EXPECT_DOUBLE_EQ(metrics["macro_f1"].get<double>(), 0.8226591374130446);
}

// GET-Linear from the command line: train saves a version-3 model of linear leaves whose eval on
// the training file reproduces train's scores, and `rules` prints each leaf as its formula.
TEST(Cli, GetLinearTrainEvalAndRules) {
    test::TempDir dir;
    const std::string model = dir.file("linear.json").string(), servo = test::dataset("servo.csv").string();
    const CommandResult train = run_cli("train --data " + servo + " --target Class --method get --param leaf_model=linear "
                                        "--param depth=2 --param schedule=10:20,100:20 --param starts=1 --split 1,0,0 "
                                        "--json --model-out " + model, dir);
    ASSERT_EQ(train.exit_code, 0) << train.err;
    const nlohmann::json scores = nlohmann::json::parse(train.out)["metrics"]["train"];
    const CommandResult eval = run_cli("eval --model " + model + " --data " + servo + " --json", dir);
    ASSERT_EQ(eval.exit_code, 0) << eval.err;
    EXPECT_DOUBLE_EQ(nlohmann::json::parse(eval.out)["metrics"]["r2"].get<double>(), scores["r2"].get<double>());
    std::ifstream file(model);
    EXPECT_EQ(nlohmann::json::parse(file)["version"], 3);
    const CommandResult rules = run_cli("rules --model " + model, dir);
    ASSERT_EQ(rules.exit_code, 0) << rules.err;
    std::size_t formulas = 0;
    for (std::size_t at = rules.out.find("value: "); at != std::string::npos; at = rules.out.find("value: ", at + 1))
        formulas += rules.out.substr(at, rules.out.find('\n', at) - at).find("*Vgain") != std::string::npos;
    EXPECT_EQ(formulas, 4u) << rules.out;
}

// LatentTrees from the command line: a self-supervised Glass tree is scored by dendrogram purity,
// saved, and reloaded by eval with the same scores; a lambda sweep writes one row per value × seed.
TEST(Cli, LatentSelfSupervisedTrainEvalAndSweep) {
    test::TempDir dir;
    const std::string model = dir.file("latent.json").string();
    const std::string common = " --data " + glass() + " --target Type --method latent --scaling zscore";
    const CommandResult train = run_cli("train" + common + " --param task=self_supervised --param regress=RI,Na "
                                        "--param depth=3 --param epochs=5 --split 1,0,0 --json --model-out " + model, dir);
    ASSERT_EQ(train.exit_code, 0) << train.err;
    const nlohmann::json out = nlohmann::json::parse(train.out);
    const double purity = out["metrics"]["train"]["dendrogram_purity"].get<double>();
    EXPECT_GT(purity, 0.0);
    EXPECT_LE(purity, 1.0);
    EXPECT_EQ(out["tree"]["nodes"].get<int>() + out["tree"]["pruned_nodes"].get<int>(), 15);

    const CommandResult eval = run_cli("eval --model " + model + " --data " + glass() + " --json", dir);
    ASSERT_EQ(eval.exit_code, 0) << eval.err;
    EXPECT_DOUBLE_EQ(nlohmann::json::parse(eval.out)["metrics"]["dendrogram_purity"].get<double>(), purity)
        << "the saved model (pruning fixed on the training rows) scores as trained";

    const std::string sweep = dir.file("lambda.csv").string();
    const CommandResult result = run_cli("sweep" + common + " --set task=self_supervised --set depth=3 --set epochs=3 "
                                         "--param lambda=0,0.1,10 --seeds 2 --out " + sweep, dir);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    std::ifstream file(sweep);
    std::string header, line;
    std::getline(file, header);
    EXPECT_NE(header.find("test_dendrogram_purity"), std::string::npos) << header;
    EXPECT_NE(header.find(",en"), std::string::npos) << header;
    int rows = 0;
    while (std::getline(file, line)) ++rows;
    EXPECT_EQ(rows, 6);
}

// With no --scaling the method chooses: z-score for LatentTrees, none for CART, recorded in the
// model's pipeline, its run card and the --json output; --scaling none still turns it off, and the
// run card's command (which pins the applied scaling) reproduces the automatic run.
TEST(Cli, DefaultScalingIsTheMethodsChoice) {
    test::TempDir dir;
    const auto train = [&](const std::string& flags, const std::string& model) {
        const CommandResult result = run_cli("train --data " + glass() + " --target Type " + flags + " --json --model-out " +
                                             dir.file(model).string(), dir);
        EXPECT_EQ(result.exit_code, 0) << result.err;
        std::ifstream file(dir.file(model));
        return std::make_pair(nlohmann::json::parse(result.out), nlohmann::json::parse(file));
    };
    const std::string quick = " --method latent --param depth=3 --param epochs=5";
    const auto [latent_out, latent] = train(quick, "latent.json");
    EXPECT_EQ(latent["pipeline"]["scaling"], "quantile");
    EXPECT_EQ(latent["run_card"]["scaling"], "quantile (auto: the method's default)");
    EXPECT_EQ(latent_out["scaling"], "quantile (auto: the method's default)");
    const auto [cart_out, cart] = train("", "cart.json");
    EXPECT_EQ(cart["pipeline"]["scaling"], "none");
    EXPECT_EQ(cart["run_card"]["scaling"], "none (auto: the method's default)");
    const auto [none_out, none] = train(quick + " --scaling none", "none.json");
    EXPECT_EQ(none["pipeline"]["scaling"], "none");
    EXPECT_EQ(none["run_card"]["scaling"], "none");
    EXPECT_NE(none["run_card"]["command_line"].get<std::string>().find("--scaling none"), std::string::npos);

    const std::string command = latent["run_card"]["command_line"].get<std::string>();
    EXPECT_NE(command.find("--scaling quantile"), std::string::npos) << command;
    const CommandResult again = run_cli(command.substr(std::string("treelab-cli ").size()) + " --json", dir);
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(nlohmann::json::parse(again.out)["metrics"], latent_out["metrics"]);

    const CommandResult bad = run_cli("train --data " + glass() + " --target Type --scaling minmax", dir);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("auto, none, zscore"), std::string::npos) << bad.err;
}

// --fit-on train+valid with LatentTrees (which early-stops on the validation rows) is a usage
// error naming the method and the reason, for train and sweep; CART accepts it.
TEST(Cli, FitOnTrainAndValidIsRefusedForEarlyStoppingLearners) {
    test::TempDir dir;
    for (const std::string command : {"train", "sweep"}) {
        const std::string extra = command == "sweep" ? " --param lambda=0 --out " + dir.file("s.csv").string() : "";
        const CommandResult result =
            run_cli(command + " --data " + glass() + " --target Type --method latent --fit-on train+valid" + extra, dir);
        EXPECT_EQ(result.exit_code, 2) << command;
        EXPECT_NE(result.err.find("method latent"), std::string::npos) << result.err;
        EXPECT_NE(result.err.find("stops early on the validation rows"), std::string::npos) << result.err;
    }
    const CommandResult cart = run_cli("train --data " + glass() + " --target Type --fit-on train+valid --json", dir);
    ASSERT_EQ(cart.exit_code, 0) << cart.err;
    EXPECT_EQ(nlohmann::json::parse(cart.out)["fit_on"], "train+valid");
}

// Usage errors exit 2, bad data and model files 3, each naming the cause on stderr.
TEST(Cli, ErrorsMapToExitCodesAndMessages) {
    test::TempDir dir;
    CommandResult result = run_cli("train --data " + glass() + " --target Type --param max_depth=-1", dir);
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.err.find("max_depth"), std::string::npos) << result.err;

    result = run_cli("train --data " + glass() + " --target NoSuchColumn", dir);
    EXPECT_EQ(result.exit_code, 3);
    EXPECT_NE(result.err.find("NoSuchColumn"), std::string::npos) << result.err;

    const auto ragged = dir.write("ragged.csv", "a,b,y\n1,2,x\n3,y\n");
    result = run_cli("train --data " + ragged.string() + " --target y", dir);
    EXPECT_EQ(result.exit_code, 3);
    EXPECT_NE(result.err.find("ragged.csv:3"), std::string::npos) << result.err;

    const auto corrupt = dir.write("corrupt.json", "{\"format\": \"treelab-model\", \"version\": 1, \"nodes\": [");
    result = run_cli("rules --model " + corrupt.string(), dir);
    EXPECT_EQ(result.exit_code, 3);
    EXPECT_NE(result.err.find("corrupt.json"), std::string::npos) << result.err;

    result = run_cli("train --data " + glass(), dir);
    EXPECT_EQ(result.exit_code, 2) << "missing --target is a usage error";
    result = run_cli("frobnicate", dir);
    EXPECT_EQ(result.exit_code, 2);
}

// params lists every CART hyperparameter with its range and default.
TEST(Cli, ParamsListsTheDescriptions) {
    test::TempDir dir;
    const CommandResult result = run_cli("params cart", dir);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    for (const char* name : {"criterion", "max_depth", "min_samples_split", "min_samples_leaf", "min_impurity_decrease",
                             "max_features", "ccp_alpha"})
        EXPECT_NE(result.out.find(name), std::string::npos) << name;
    EXPECT_EQ(run_cli("params nosuchmethod", dir).exit_code, 2);
}

}  // namespace
}  // namespace treelab
