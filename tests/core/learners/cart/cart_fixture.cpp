#include "tests/core/learners/cart/cart_fixture.h"

#include <fstream>
#include <optional>

#include "core/data/csv_reader.h"
#include "core/data/dataset_encoding.h"
#include "core/learners/cart/cart.h"
#include "tests/support/test_support.h"

namespace treelab::test {

CartFixture load_cart_fixture(const std::string& name) { return load_split_fixture("cart/" + name + ".json"); }

CartFixture load_split_fixture(const std::string& file) {
    CartFixture fixture;
    std::ifstream in(test::fixture(file));
    fixture.json = nlohmann::json::parse(in);

    const Table table = read_csv(test::dataset(fixture.json.at("dataset").get<std::string>()));
    const bool classification = !fixture.json.at("classes").empty();
    const Dataset data = whole_table_dataset(table, fixture.json.at("target").get<std::string>(),
                                             classification ? Task::Classification : Task::Regression);
    fixture.all = data;
    fixture.train = data.subset(fixture.json.at("train").get<std::vector<Eigen::Index>>());
    fixture.test = data.subset(fixture.json.at("test").get<std::vector<Eigen::Index>>());
    return fixture;
}

Eigen::MatrixXd probe_rows(const CartFixture& fixture, const nlohmann::json& run) {
    const nlohmann::json& probes = run.at("probes");
    Eigen::MatrixXd X(static_cast<Eigen::Index>(probes.size()), fixture.all.features());
    for (std::size_t k = 0; k < probes.size(); ++k) {
        const auto i = static_cast<Eigen::Index>(k);
        X.row(i) = fixture.all.X.row(probes[k].at(0).get<Eigen::Index>());
        X(i, probes[k].at(1).get<Eigen::Index>()) = probes[k].at(2).get<double>();
    }
    return X;
}

Eigen::VectorXd probe_predictions(const nlohmann::json& run) {
    const nlohmann::json& probes = run.at("probes");
    Eigen::VectorXd y(static_cast<Eigen::Index>(probes.size()));
    for (std::size_t k = 0; k < probes.size(); ++k) y(static_cast<Eigen::Index>(k)) = probes[k].at(3).get<double>();
    return y;
}

ParamValues cart_run_params(const nlohmann::json& run) {
    ParamValues values(cart_hyperparameter_table());
    for (const auto& [name, text] : run.at("params").items()) values.set(cart_hyperparameter_table(), name, text.get<std::string>());
    return values;
}

}  // namespace treelab::test
