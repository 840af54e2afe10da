// The C and Python exports against TreeLab's own predictions (`treelab-cli predict` computes them
// with predict_rows): every learner on every shipped data set with its quick settings, plus the
// pipeline variants the defaults do not reach (leave-one-out encoding, a missing level, ELU splits
// and an MLP routing predictor). The C files compile in one compiler call with -Wall -Wextra
// -pedantic -Werror; the Python files run in one python3 process.
#include <cmath>
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

// `model` and what predict_rows predicts for the rows of the CSV `rows`.
ExportCase reference_case(const std::string& name, const ModelFile& model, const std::filesystem::path& rows) {
    ExportCase c{name, rows.string(), model, {}, {}};
    const Table table = read_csv(rows);
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

// Letter's first rows: its 20,000 rows through five models in pure Python would cost ctest 20 s
// more than the other sets together; tests/bench/export_equality.py runs every row.
constexpr int kLetterRows = 2000;

std::filesystem::path first_rows(const std::filesystem::path& file, int rows, const test::TempDir& dir) {
    std::ifstream in(file);
    std::string text;
    std::string line;
    for (int i = 0; i <= rows && std::getline(in, line); ++i) text += line + "\n";
    return dir.write(file.filename().string(), text);
}

// `rows_file`: the CSV the exports and predict_rows read (the training file when empty).
ExportCase export_case(const std::string& name, const RunConfig& config, const std::filesystem::path& rows_file = {}) {
    return reference_case(name, run_training(config).model, rows_file.empty() ? config.data_file : rows_file);
}

std::vector<ExportCase> all_cases(const test::TempDir& dir) {
    std::vector<ExportCase> cases;
    for (const ShippedSet& set : kSets) {
        const std::filesystem::path rows =
            set.file == "letterrecognition.csv" ? first_rows(test::dataset(set.file), kLetterRows, dir) : std::filesystem::path();
        for (const LearnerInfo& learner : learners())
            cases.push_back(export_case(learner.name + "_" + set.file.substr(0, set.file.find('.')),
                                        test::dataset_run(set.file, set.target, learner.name, learner.quick_params), rows));
    }
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
    // Pruned nodes: cost-complexity pruning flags the collapsed nodes' descendants.
    cases.push_back(export_case("cart_pruned_glass", test::dataset_run("glass.csv", "Type", "cart", {"max_depth=5", "ccp_alpha=0.02"})));
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

// The exports of `cases` compiled and run on their rows predict what predict_rows predicts.
void expect_exports_predict_as_treelab(const std::vector<ExportCase>& cases, const test::TempDir& dir) {
    std::string sources[2], runs, driver = "import importlib.util\ncases = [\n";
    for (const ExportCase& c : cases) {
        export_model(c.model, "c", dir.file(c.name + ".c"));
        export_model(c.model, "python", dir.file(c.name + ".py"));
        sources[&c - cases.data() < static_cast<std::ptrdiff_t>(cases.size() / 2) ? 0 : 1] += " " + c.name + ".c";
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
    const std::string compile = "cc -std=c99 -O2 -Wall -Wextra -pedantic -Werror -DTREELAB_MAIN -c";
    const std::string first = sources[0].empty() ? "true" : compile + sources[0];  // the two halves on two cores
    ASSERT_EQ(run(in_dir + "{ " + first + " & first=$!; " + compile + sources[1] + " && wait $first; }"), 0)
        << "the C exports do not compile cleanly";
    ASSERT_EQ(run(in_dir + runs + "true"), 0) << "a C export failed to link or run";
    ASSERT_EQ(run(in_dir + "python3 driver.py"), 0) << "a Python export failed to run";
    for (const ExportCase& c : cases) {
        expect_equal_predictions(c, "C", lines_of(dir.file(c.name + ".c.labels")), lines_of(dir.file(c.name + ".c.values")));
        expect_equal_predictions(c, "Python", lines_of(dir.file(c.name + ".py.labels")), lines_of(dir.file(c.name + ".py.values")));
    }
}

TEST(ModelExportEquality, CAndPythonPredictWhatTreeLabPredicts) {
    if (!available("cc") || !available("python3")) GTEST_SKIP() << "needs a C compiler (cc) and python3 on PATH to run the exports";
    const test::TempDir dir;
    expect_exports_predict_as_treelab(all_cases(dir), dir);
}

TreeNode split_node(int parent, int depth, int left, int right, double threshold, std::vector<double> distribution) {
    TreeNode node;
    node.parent = parent;
    node.depth = depth;
    node.left = left;
    node.right = right;
    node.threshold = threshold;
    node.distribution = Eigen::Map<const Eigen::VectorXd>(distribution.data(), static_cast<Eigen::Index>(distribution.size()));
    node.samples = 1.0;
    return node;
}

// A tree no learner is asked to grow, with the edges a shipped set rarely reaches: an input whose
// float32 rounding crosses the threshold (1 + 1.17 ulp of float32 rounds down onto t = 1 + 1 ulp),
// a pruned child, an oblique split reading a missing indicator and a one-hot level, a missing
// numeric value, a missing categorical value that is a level of its own ("?"), an unseen level,
// quoted fields and a column the model does not use.
TEST(ModelExportEquality, EdgesOfRoutingAndPipeline) {
    if (!available("cc") || !available("python3")) GTEST_SKIP() << "needs a C compiler (cc) and python3 on PATH to run the exports";
    ModelFile model;
    InputColumn x, color;
    x.name = "x";
    x.impute_value = 3.0;
    x.missing_indicator = true;
    color.name = "color";
    color.kind = ColumnKind::Categorical;
    color.levels = {"red", "blue", kMissingLevel};
    model.pipeline.inputs = {x, color};
    model.target = {"y", Task::Classification, {"no", "yes"}};
    TreeModel& tree = model.tree;
    tree.class_names = {"no", "yes"};
    tree.feature_names = model.pipeline.feature_names();
    tree.axis_precision = AxisPrecision::Float32;
    const double one_ulp_above_one = 1.0 + std::ldexp(1.0, -23);
    tree.nodes = {split_node(-1, 0, 1, 2, one_ulp_above_one, {0.5, 0.5})};
    tree.nodes[0].feature = 0;
    tree.nodes.push_back(split_node(0, 1, 3, 4, 0.5, {0.6, 0.4}));  // color=blue goes right, to a pruned leaf
    tree.nodes[1].feature = 3;
    tree.nodes.push_back(split_node(0, 1, 5, 6, 1.5, {0.3, 0.7}));  // x=NA + color=? <= 1.5
    tree.nodes[2].weights = Eigen::VectorXd::Zero(5);
    tree.nodes[2].weights << 0.0, 1.0, 0.0, 0.0, 1.0;
    tree.nodes.push_back(split_node(1, 2, -1, -1, NAN, {0.9, 0.1}));
    tree.nodes.push_back(split_node(1, 2, -1, -1, NAN, {0.2, 0.8}));
    tree.nodes[4].pruned = true;
    tree.nodes.push_back(split_node(2, 2, -1, -1, NAN, {0.25, 0.75}));
    tree.nodes.push_back(split_node(2, 2, -1, -1, NAN, {0.05, 0.95}));
    tree.validate();
    const test::TempDir dir;
    const std::filesystem::path rows = dir.write("edges.csv",
                                                 "note,color,x\n"
                                                 "float32 rounds onto t,red,1.00000014\n"
                                                 "blue stops at the pruned child's parent,blue,0.5\n"
                                                 "unseen level,green,0.5\n"
                                                 "\"missing x, quoted\",red,\n"
                                                 "missing level and NA,?,NA\n"
                                                 "both,,\n"
                                                 "above,\"blue\",\"7.25\"\n");
    const ExportCase c = reference_case("edges", model, rows);
    ASSERT_EQ(c.labels.size(), 7u);
    EXPECT_EQ(c.values[0][1], 0.1);  // left under float32; float64 would send the row right
    EXPECT_EQ(c.values[1][1], 0.4);  // stops at node 1: its right child is pruned
    expect_exports_predict_as_treelab({c}, dir);
}

}  // namespace
}  // namespace treelab
