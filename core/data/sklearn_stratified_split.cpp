#include "core/data/sklearn_stratified_split.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/data/numpy_random.h"
#include "core/error.h"

namespace treelab {
namespace {

// sklearn.utils._approximate_mode: floor of the proportional allocation, then the left-over draws
// go to the largest remainders, ties broken by rng.choice (a permutation's prefix).
std::vector<Eigen::Index> approximate_mode(const std::vector<Eigen::Index>& counts, Eigen::Index draws, NumpyRandom& random) {
    const double total = static_cast<double>(std::accumulate(counts.begin(), counts.end(), Eigen::Index{0}));
    std::vector<double> continuous(counts.size()), remainder(counts.size());
    std::vector<Eigen::Index> floored(counts.size());
    Eigen::Index assigned = 0;
    for (std::size_t c = 0; c < counts.size(); ++c) {
        continuous[c] = static_cast<double>(counts[c]) / total * static_cast<double>(draws);
        floored[c] = static_cast<Eigen::Index>(std::floor(continuous[c]));
        remainder[c] = continuous[c] - std::floor(continuous[c]);
        assigned += floored[c];
    }
    Eigen::Index need = draws - assigned;
    std::vector<double> values = remainder;
    std::sort(values.begin(), values.end(), std::greater<>());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    for (const double value : values) {
        if (need <= 0) break;
        RowIndices tied;
        for (std::size_t c = 0; c < remainder.size(); ++c)
            if (remainder[c] == value) tied.push_back(static_cast<Eigen::Index>(c));
        const auto take = std::min<Eigen::Index>(static_cast<Eigen::Index>(tied.size()), need);
        RowIndices order(tied.size());
        std::iota(order.begin(), order.end(), Eigen::Index{0});
        random.shuffle(order);  // rng.choice(tied, take, replace=False) = tied[permutation(len)[:take]]
        for (Eigen::Index k = 0; k < take; ++k) ++floored[static_cast<std::size_t>(tied[static_cast<std::size_t>(order[k])])];
        need -= take;
    }
    return floored;
}

// One StratifiedShuffleSplit draw over `rows` (positions into `classes`) with ceil(test_size·n) test
// rows; returns (train, test) as positions into `rows`, in sklearn's permuted order.
std::pair<RowIndices, RowIndices> split_once(const Eigen::VectorXi& classes, double test_size, std::uint32_t seed) {
    const Eigen::Index n = classes.size();
    const auto n_test = static_cast<Eigen::Index>(std::ceil(test_size * static_cast<double>(n)));
    const Eigen::Index n_train = n - n_test;
    const int class_count = classes.size() > 0 ? classes.maxCoeff() + 1 : 0;
    std::vector<RowIndices> members(static_cast<std::size_t>(class_count));  // stable: rows in order
    for (Eigen::Index i = 0; i < n; ++i) members[static_cast<std::size_t>(classes(i))].push_back(i);
    // np.unique drops classes absent from these rows.
    members.erase(std::remove_if(members.begin(), members.end(), [](const RowIndices& m) { return m.empty(); }),
                  members.end());
    std::vector<Eigen::Index> counts;
    for (const RowIndices& m : members) counts.push_back(static_cast<Eigen::Index>(m.size()));

    NumpyRandom random(seed);
    const std::vector<Eigen::Index> train_counts = approximate_mode(counts, n_train, random);
    std::vector<Eigen::Index> remaining(counts.size());
    for (std::size_t c = 0; c < counts.size(); ++c) remaining[c] = counts[c] - train_counts[c];
    const std::vector<Eigen::Index> test_counts = approximate_mode(remaining, n_test, random);
    RowIndices train, test;
    for (std::size_t c = 0; c < members.size(); ++c) {
        RowIndices permutation(members[c].size());
        std::iota(permutation.begin(), permutation.end(), Eigen::Index{0});
        random.shuffle(permutation);
        for (Eigen::Index k = 0; k < train_counts[c] + test_counts[c]; ++k) {
            const Eigen::Index row = members[c][static_cast<std::size_t>(permutation[static_cast<std::size_t>(k)])];
            (k < train_counts[c] ? train : test).push_back(row);
        }
    }
    random.shuffle(train);
    random.shuffle(test);
    return {train, test};
}

}  // namespace

Split sklearn_stratified_split(const Eigen::VectorXi& classes, const SplitFractions& fractions, std::uint32_t seed) {
    if (fractions.test <= 0.0 || fractions.valid <= 0.0)
        throw ParamError("the sklearn-stratified split needs non-zero valid and test fractions");
    const auto [trainval, test] = split_once(classes, fractions.test, seed);
    const Eigen::VectorXi trainval_classes = classes(trainval);
    const auto [train_pos, valid_pos] = split_once(trainval_classes, fractions.valid / (1.0 - fractions.test), seed);
    Split split;
    split.test = test;
    for (const Eigen::Index p : train_pos) split.train.push_back(trainval[static_cast<std::size_t>(p)]);
    for (const Eigen::Index p : valid_pos) split.valid.push_back(trainval[static_cast<std::size_t>(p)]);
    return split;
}

}  // namespace treelab
