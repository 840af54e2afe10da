#include "core/data/smote.h"

#include <algorithm>
#include <numeric>
#include <vector>

#include "core/data/numpy_random.h"
#include "core/error.h"

namespace treelab {
namespace {

constexpr int kNeighbours = 5;  // imblearn's default k_neighbors

std::vector<Eigen::Index> counts_of(const Eigen::VectorXd& y, int classes) {
    std::vector<Eigen::Index> counts(static_cast<std::size_t>(classes), 0);
    for (Eigen::Index i = 0; i < y.size(); ++i) ++counts[static_cast<std::size_t>(y(i))];
    return counts;
}

std::vector<std::vector<Eigen::Index>> rows_by_class(const Eigen::VectorXd& y, int classes) {
    std::vector<std::vector<Eigen::Index>> rows(static_cast<std::size_t>(classes));
    for (Eigen::Index i = 0; i < y.size(); ++i) rows[static_cast<std::size_t>(y(i))].push_back(i);
    return rows;
}

// The k nearest rows of each row of `X` (Euclidean, itself excluded as sklearn drops column 0;
// ties by row order), one row per sample.
std::vector<std::vector<Eigen::Index>> nearest_neighbours(const Eigen::MatrixXd& X) {
    std::vector<std::vector<Eigen::Index>> result(static_cast<std::size_t>(X.rows()));
    Eigen::VectorXd distance(X.rows());
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
        distance = (X.rowwise() - X.row(i)).rowwise().squaredNorm();
        std::vector<Eigen::Index> others;
        for (Eigen::Index j = 0; j < X.rows(); ++j)
            if (j != i) others.push_back(j);
        std::partial_sort(others.begin(), others.begin() + kNeighbours, others.end(), [&](Eigen::Index a, Eigen::Index b) {
            return distance(a) < distance(b) || (distance(a) == distance(b) && a < b);
        });
        result[static_cast<std::size_t>(i)].assign(others.begin(), others.begin() + kNeighbours);
    }
    return result;
}

Dataset empty_like(const Dataset& train, Eigen::Index rows) {
    Dataset out = train.subset({});
    out.X.resize(rows, train.features());
    out.y.resize(rows);
    return out;
}

// imblearn SMOTE._fit_resample and _make_samples (step size 1).
Dataset smote(const Dataset& train, const std::vector<Eigen::Index>& wanted, const SmoteRandom& seeding) {
    const auto by_class = rows_by_class(train.y, train.classes());
    Dataset out = empty_like(train, std::accumulate(wanted.begin(), wanted.end(), Eigen::Index{0}));
    NumpyRandom global(seeding.seed);
    for (std::size_t k = 0; k < seeding.normals_drawn; ++k) global.gauss();
    Eigen::Index at = 0;
    for (std::size_t c = 0; c < wanted.size(); ++c) {
        const Eigen::Index n = wanted[c];
        if (n == 0) continue;
        // _make_samples calls check_random_state once per class: an int seed restarts the
        // generator, None returns numpy's global one, which goes on where the last class left it.
        NumpyRandom restarted(seeding.seed);
        NumpyRandom& random = seeding.global_stream ? global : restarted;
        const Eigen::MatrixXd X = train.X(by_class[c], Eigen::all);
        const auto neighbours = nearest_neighbours(X);
        std::vector<std::uint64_t> picks(static_cast<std::size_t>(n));
        for (auto& pick : picks) pick = random.interval(static_cast<std::uint64_t>(X.rows() * kNeighbours - 1));
        for (const std::uint64_t pick : picks) {
            const auto row = static_cast<Eigen::Index>(pick / kNeighbours);
            const Eigen::Index neighbour = neighbours[static_cast<std::size_t>(row)][pick % kNeighbours];
            const double step = random.uniform();
            out.X.row(at) = X.row(row) + step * (X.row(neighbour) - X.row(row));
            out.y(at++) = static_cast<double>(c);
        }
    }
    return out;
}

// imblearn RandomOverSampler(random_state=42): bootstrap rows of each class, class by class.
Dataset random_oversample(const Dataset& train, const std::vector<Eigen::Index>& wanted) {
    const auto by_class = rows_by_class(train.y, train.classes());
    Dataset out = empty_like(train, std::accumulate(wanted.begin(), wanted.end(), Eigen::Index{0}));
    NumpyRandom random(42);
    Eigen::Index at = 0;
    for (std::size_t c = 0; c < wanted.size(); ++c) {
        for (Eigen::Index k = 0; k < wanted[c]; ++k) {
            const auto pick = static_cast<std::size_t>(random.interval(by_class[c].size() - 1));
            out.X.row(at) = train.X.row(by_class[c][pick]);
            out.y(at++) = static_cast<double>(c);
        }
    }
    return out;
}

}  // namespace

bool needs_rebalancing(const Eigen::VectorXd& y, int classes) {
    std::vector<Eigen::Index> present;
    for (const Eigen::Index count : counts_of(y, classes))
        if (count > 0) present.push_back(count);
    if (present.size() < 2) return false;
    const double smallest = static_cast<double>(*std::min_element(present.begin(), present.end()));
    return smallest / static_cast<double>(y.size()) <= 0.25 / static_cast<double>(present.size() - 1);
}

Dataset smote_rows(const Dataset& train, const SmoteRandom& random) {
    if (train.task != Task::Classification) throw ParamError("SMOTE rebalances classes; this run is a regression");
    const auto counts = counts_of(train.y, train.classes());
    const Eigen::Index majority = *std::max_element(counts.begin(), counts.end());
    std::vector<Eigen::Index> wanted(counts.size());
    bool too_few = false;  // SMOTE's ValueError: a class to oversample has no 5 neighbours
    for (std::size_t c = 0; c < counts.size(); ++c) {
        wanted[c] = counts[c] == 0 ? 0 : majority - counts[c];  // imblearn knows only the classes present
        if (wanted[c] > 0 && counts[c] <= kNeighbours) too_few = true;
    }
    return too_few ? random_oversample(train, wanted) : smote(train, wanted, random);
}

}  // namespace treelab
