// The small project of test_support.h.
#include <limits>
#include <memory>

#include "core/io/sha256.h"
#include "core/project/project_file.h"
#include "tests/support/test_support.h"

namespace treelab::test {
namespace {

Project make_project() {
    Project project;
    project.form = dataset_run("glass.csv", "Type", "cart", {"max_depth=3"}, 3);
    project.form.drop_columns = {"Fe"};
    project.form.split_seed = 11;
    project.form.scaling = Scaling::ZScore;
    project.data_sha256 = sha256_of_file(project.form.data_file);
    project.method_forms["cart"] = project.form.params;
    project.method_forms["gradtree"] = method_params("gradtree", {"epochs=2", "depth=3"});

    RunConfig cart = project.form;
    // Reading options and an encoding the form holds (the data panel's format row and Columns table).
    project.form.reading.thousands = '.';
    project.form.reading.percent = false;
    project.form.reading.dates = CellReadingOptions::Dates::DayFirst;
    project.form.column_encodings = {{"RI", CategoricalEncoding::Ordinal}};
    project.runs.push_back({"CART 1", cart, run_training(cart)});

    RunConfig gradtree = dataset_run("iris.csv", "species", "gradtree", {"epochs=2", "depth=3"}, 5);
    gradtree.learner_seed = 42;
    RunOutcome outcome = run_training(gradtree);
    // The recorded trees the Tree tab's slider shows, and the non-finite values a run can hold.
    for (int epoch = 1; epoch <= 2; ++epoch)
        outcome.recorded_trees.push_back({0, 1, epoch, -1, std::make_shared<const TreeModel>(outcome.model.tree)});
    outcome.history.front().valid_metric = std::numeric_limits<double>::quiet_NaN();
    outcome.history.front().schedule_value = std::numeric_limits<double>::infinity();
    outcome.valid_scores["log_loss"] = std::numeric_limits<double>::infinity();
    project.runs.push_back({"GradTree 1", gradtree, std::move(outcome)});
    project.runs.push_back({"opened model", std::nullopt, project.runs.front().outcome});
    project.selected_run = 1;

    SweepResult sweep;
    sweep.config.base = cart;
    sweep.config.param = "max_depth";
    sweep.config.values = {"1", "2"};
    sweep.rows = run_sweep(sweep.config);
    project.sweeps.push_back(std::move(sweep));

    ComparisonConfig comparison;
    RunConfig iris;
    iris.data_file = dataset("iris.csv");
    iris.target = "species";
    comparison.data_sets = {iris};
    comparison.contenders = {make_contender("cart", {"max_depth=2"})};
    comparison.resampling = parse_resampling("3");
    comparison.seed = 4;
    project.comparisons.push_back(run_comparison(comparison));
    return project;
}

}  // namespace

const Project& small_project() {
    static const Project project = make_project();
    return project;
}

}  // namespace treelab::test
