#include "tests/core/learners/cart/cart_fixture.h"

#include <fstream>
#include <optional>

#include "core/data/csv_reader.h"
#include "core/data/feature_pipeline.h"
#include "core/data/target_encoding.h"
#include "core/learners/cart/cart.h"
#include "tests/support/test_support.h"

namespace treelab::test {

CartFixture load_cart_fixture(const std::string& name) {
    CartFixture fixture;
    std::ifstream in(test::fixture("cart/" + name + ".json"));
    fixture.json = nlohmann::json::parse(in);

    const Table table = read_csv(test::dataset(name + ".csv"));
    const std::size_t target = table.column_index(fixture.json.at("target").get<std::string>());
    const bool classification = !fixture.json.at("classes").empty();
    const TargetEncoding encoding = fit_target(
        table, target, classification ? std::optional<Task>(Task::Classification) : std::optional<Task>(Task::Regression));
    std::vector<Eigen::Index> all(table.rows);
    for (std::size_t i = 0; i < table.rows; ++i) all[i] = static_cast<Eigen::Index>(i);
    const FeaturePipeline pipeline = fit_pipeline(table, target, all);

    Dataset data;
    data.X = pipeline.transform(table);
    data.y = encode_target(table, encoding);
    data.task = encoding.task;
    data.feature_names = pipeline.feature_names();
    data.class_names = encoding.class_names;
    fixture.train = data.subset(fixture.json.at("train").get<std::vector<Eigen::Index>>());
    fixture.test = data.subset(fixture.json.at("test").get<std::vector<Eigen::Index>>());
    return fixture;
}

ParamValues cart_run_params(const nlohmann::json& run) {
    ParamValues values(cart_params());
    for (const auto& [name, text] : run.at("params").items()) values.set(cart_params(), name, text.get<std::string>());
    return values;
}

}  // namespace treelab::test
