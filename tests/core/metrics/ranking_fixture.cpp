#include "tests/core/metrics/ranking_fixture.h"

#include <fstream>

#include "tests/support/test_support.h"

namespace treelab::test {

std::vector<RankingCase> ranking_cases() {
    std::ifstream in(fixture("metrics/ranking.json"));
    const nlohmann::json all = nlohmann::json::parse(in);
    std::vector<RankingCase> cases;
    for (const nlohmann::json& c : all.at("cases")) {
        RankingCase one;
        one.json = c;
        one.classes = c.at("classes").get<int>();
        const auto y = c.at("y").get<std::vector<double>>();
        one.y = Eigen::Map<const Eigen::VectorXd>(y.data(), static_cast<Eigen::Index>(y.size()));
        one.proba.resize(one.y.size(), one.classes);
        for (Eigen::Index i = 0; i < one.y.size(); ++i)
            for (int k = 0; k < one.classes; ++k)
                one.proba(i, k) = c.at("proba").at(static_cast<std::size_t>(i)).at(static_cast<std::size_t>(k)).get<double>();
        cases.push_back(std::move(one));
    }
    return cases;
}

}  // namespace treelab::test
