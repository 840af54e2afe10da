// The C and Python exports against TreeLab's own predictions (`treelab-cli predict` computes them
// with predict_rows): every learner on every shipped data set with its quick settings, plus the
// pipeline variants the defaults do not reach (leave-one-out encoding, a missing level, ELU splits
// and an MLP routing predictor). The C files compile in one compiler call with -Wall -Wextra
// -pedantic -Werror; the Python files run in one python3 process.
#include <chrono>
#include <iostream>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "core/data/csv_reader.h"
#include "core/export/model_export.h"
#include "core/export/predictions_csv.h"
#include "core/learners/learner.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// Probabilities (and values, relative to their size) may differ by the order of a dot product's
// additions (Eigen's vectorised sums against the export's loop) and nothing else.
constexpr double kTolerance = 1e-9;

struct ShippedSet {
    std::string file, target;
};

const std::vector<ShippedSet> kSets = {
    {"glass.csv", "Type"},          {"iris.csv", "species"},           {"wine.csv", "cultivar"},
    {"wdbc.csv", "diagnosis"},      {"breastcancer.csv", "Class"},     {"housevotes84.csv", "Class"},
    {"servo.csv", "Class"},         {"diabetes.csv", "progression"},   {"letterrecognition.csv", "lettr"},
};

struct ExportCase {
    std::string name;  // file stem
    std::string data;  // the CSV the programs read
    ModelFile model;
    std::vector<std::string> labels;      // the prediction column of `treelab-cli predict`
    std::vector<std::vector<double>> values;  // per row: probabilities, or the value
};

ExportCase export_case(const std::string& name, const RunConfig& config) {
    ExportCase c{name, config.data_file.string(), run_training(config).model, {}, {}};
    const Table table = read_csv(config.data_file);
    const TreeModel& tree = c.model.tree;
    const RowPredictions predictions = predict_rows(tree, c.model.pipeline.transform(table));
    for (Eigen::Index row = 0; row < predictions.predicted.size(); ++row) {
        c.labels.push_back(predictions_cells(tree, predictions, row).at(1));
        std::vector<double> values;
        if (tree.task == Task::Classification)
            for (Eigen::Index k = 0; k < predictions.proba.cols(); ++k) values.push_back(predictions.proba(row, k));
        else
            values.push_back(predictions.predicted(row));
        c.values.push_back(std::move(values));
    }
    return c;
}

std::vector<ExportCase> all_cases() {
    std::vector<ExportCase> cases;
    for (const ShippedSet& set : kSets)
        for (const LearnerInfo& learner : learners())
            cases.push_back(export_case(learner.name + "_" + set.file.substr(0, set.file.find('.')),
                                        test::dataset_run(set.file, set.target, learner.name, learner.quick_params)));
    RunConfig loo = test::dataset_run("housevotes84.csv", "Class", "gradtree", {"depth=3", "epochs=3", "restarts=0"});
    loo.categorical_encoding = CategoricalEncoding::LeaveOneOut;
    loo.missing_as_level = true;
    cases.push_back(export_case("gradtree_loo_housevotes84", loo));
    RunConfig loo_regression = test::dataset_run("servo.csv", "Class", "gradtree", {"depth=3", "epochs=3", "restarts=0"});
    loo_regression.categorical_encoding = CategoricalEncoding::LeaveOneOut;
    cases.push_back(export_case("gradtree_loo_servo", loo_regression));
    const std::vector<std::string> mlp = {"depth=3", "epochs=2", "split_activation=elu", "predictor=mlp", "mlp_layers=3"};
    cases.push_back(export_case("latent_mlp_glass", test::dataset_run("glass.csv", "Type", "latent", mlp)));
    cases.push_back(export_case("latent_mlp_diabetes", test::dataset_run("diabetes.csv", "progression", "latent", mlp)));
    return cases;
}

std::vector<std::string> lines_of(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<double> numbers_of(const std::string& line) {
    std::vector<double> numbers;
    std::istringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');) numbers.push_back(std::stod(cell));
    return numbers;
}

// Every row's label equal (a value within the tolerance) and every probability or value within it.
void expect_equal_predictions(const ExportCase& c, const std::string& language, const std::vector<std::string>& labels,
                              const std::vector<std::string>& values) {
    SCOPED_TRACE(language + " export of " + c.name);
    ASSERT_EQ(labels.size(), c.labels.size());
    ASSERT_EQ(values.size(), c.values.size());
    const bool classification = c.model.tree.task == Task::Classification;
    for (std::size_t row = 0; row < c.labels.size(); ++row) {
        if (classification) ASSERT_EQ(labels[row], c.labels[row]) << "row " << row + 1;
        else test::expect_near_rel(std::stod(labels[row]), std::stod(c.labels[row]), kTolerance, kTolerance);
        const std::vector<double> got = numbers_of(values[row]);
        ASSERT_EQ(got.size(), c.values[row].size()) << "row " << row + 1;
        for (std::size_t k = 0; k < got.size(); ++k)
            ASSERT_NEAR(got[k], c.values[row][k], kTolerance * std::max(1.0, std::abs(c.values[row][k]))) << "row " << row + 1;
    }
}

bool available(const std::string& program) { return std::system(("command -v " + program + " >/dev/null 2>&1").c_str()) == 0; }

int run(const std::string& command) { return std::system(command.c_str()); }

TEST(ModelExportEquality, CAndPythonPredictWhatTreeLabPredicts) {
    if (!available("cc") || !available("python3")) GTEST_SKIP() << "needs a C compiler (cc) and python3 on PATH to run the exports";
    const test::TempDir dir;
    const auto start = std::chrono::steady_clock::now();
    const std::vector<ExportCase> cases = all_cases();
    std::cerr << "TIMING train " << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << "\n";
    std::string sources, runs, driver = "import importlib.util\ncases = [\n";
    for (const ExportCase& c : cases) {
        export_model(c.model, "c", dir.file(c.name + ".c"));
        export_model(c.model, "python", dir.file(c.name + ".py"));
        sources += " " + c.name + ".c";
        runs += "cc -o " + c.name + " " + c.name + ".o -lm && ./" + c.name + " < '" + c.data + "' > " + c.name + ".c.labels && ./" + c.name +
                " --proba < '" + c.data + "' > " + c.name + ".c.values && ";
        driver += "    ('" + c.name + "', r'''" + c.data + "'''),\n";
    }
    driver += "]\nfor name, data in cases:\n"
              "    spec = importlib.util.spec_from_file_location(name, name + '.py')\n"
              "    module = importlib.util.module_from_spec(spec)\n"
              "    spec.loader.exec_module(module)\n"
              "    for suffix, proba in (('labels', False), ('values', True)):\n"
              "        with open(data, newline='') as rows, open(name + '.py.' + suffix, 'w') as out:\n"
              "            module.run(rows, out, proba)\n";
    dir.write("driver.py", driver);
    const std::string in_dir = "cd '" + dir.path().string() + "' && ";
    ASSERT_EQ(run(in_dir + "cc -std=c99 -O2 -Wall -Wextra -pedantic -Werror -DTREELAB_MAIN -c" + sources), 0) << "the C exports do not compile cleanly";
    std::cerr << "TIMING cc " << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << "\n";
    ASSERT_EQ(run(in_dir + runs + "true"), 0) << "a C export failed to link or run";
    std::cerr << "TIMING crun " << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << "\n";
    ASSERT_EQ(run(in_dir + "python3 driver.py"), 0) << "a Python export failed to run";
    std::cerr << "TIMING py " << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << "\n";
    for (const ExportCase& c : cases) {
        expect_equal_predictions(c, "C", lines_of(dir.file(c.name + ".c.labels")), lines_of(dir.file(c.name + ".c.values")));
        expect_equal_predictions(c, "Python", lines_of(dir.file(c.name + ".py.labels")), lines_of(dir.file(c.name + ".py.values")));
    }
}

}  // namespace
}  // namespace treelab
