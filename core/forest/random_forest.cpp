// train_random_forest: sklearn 1.2.1 BaseForest.fit and _parallel_build_trees
// (sklearn/ensemble/_forest.py) on TreeLab's CART, which grows sklearn's trees (core/learners/cart).
#include "core/forest/random_forest.h"

#include <atomic>
#include <mutex>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "core/data/numpy_random.h"
#include "core/error.h"
#include "core/learners/cart/cart.h"
#include "core/learners/cart/cart_settings.h"

namespace treelab {
namespace {

// sklearn's MAX_INT = np.iinfo(np.int32).max: tree seeds are randint(MAX_INT), 0..MAX_INT-1.
constexpr std::uint64_t kMaxInt = 0x7FFFFFFF;

// The CART parameters of every tree; "auto" features are sklearn's defaults by task.
ParamValues tree_params(const ParamValues& params, Task task) {
    const std::span<const ParamSpec> cart = cart_hyperparameter_table();
    ParamValues values(cart);
    for (const char* name : {"criterion", "max_depth", "min_samples_split", "min_samples_leaf"})
        values.set(cart, name, params.text(name));
    std::string features = params.text("max_features");
    if (features == "auto") features = task == Task::Classification ? "sqrt" : "all";
    values.set(cart, "max_features", features);
    return values;
}

// Each tree's seed: RandomState(seed).randint(MAX_INT, size=n_estimators).
std::vector<std::uint32_t> tree_seeds(std::uint32_t seed, int trees) {
    NumpyRandom random(seed);
    std::vector<std::uint32_t> seeds(static_cast<std::size_t>(trees));
    for (std::uint32_t& s : seeds) s = static_cast<std::uint32_t>(random.interval(kMaxInt - 1));
    return seeds;
}

// _generate_sample_indices + bincount: RandomState(tree_seed).randint(0, n, n) as draw counts.
std::vector<int> bootstrap_counts(std::uint32_t tree_seed, Eigen::Index rows) {
    NumpyRandom random(tree_seed);
    std::vector<int> counts(static_cast<std::size_t>(rows), 0);
    const auto max = static_cast<std::uint64_t>(rows - 1);
    for (Eigen::Index draw = 0; draw < rows; ++draw) ++counts[random.interval(max)];
    return counts;
}

}  // namespace

RandomForest train_random_forest(const Dataset& train, const ParamValues& params, std::uint32_t seed,
                                 const Progress& progress) {
    const ParamValues per_tree = tree_params(params, train.task);
    cart::resolve_settings(per_tree, train);  // a criterion that does not fit the task throws here, once
    if (train.rows() == 0) throw TrainingError("the random forest needs at least one training row");
    const int n_trees = static_cast<int>(params.integer("n_estimators"));
    const bool bootstrap = params.boolean("bootstrap");
    const std::vector<std::uint32_t> seeds = tree_seeds(seed, n_trees);

    RandomForest forest;
    forest.task = train.task;
    forest.classes = train.classes();
    std::vector<TreeModel> trees(static_cast<std::size_t>(n_trees));
    std::vector<char> finished(trees.size(), 0);
    std::atomic<bool> stop{false};
    std::mutex report_mutex;
    int done = 0;
    // One tree per task: the trees depend on their seeds only, so the forest is the same whatever
    // the thread count and order.
    tbb::parallel_for(0, n_trees, 1, [&](int t) {
        if (stop.load()) return;
        const std::uint32_t tree_seed = seeds[static_cast<std::size_t>(t)];
        trees[t] = bootstrap ? grow_weighted_cart(train, bootstrap_counts(tree_seed, train.rows()), per_tree, tree_seed)
                             : grow_cart(train, per_tree, tree_seed);
        finished[t] = 1;
        if (!progress) return;
        const std::lock_guard lock(report_mutex);
        EpochReport report;
        report.epoch = ++done;
        report.total = n_trees;
        report.heartbeat = true;  // no loss and no epoch to plot: a count and a chance to stop
        if (!stop.load() && !progress(report)) stop.store(true);
    });
    // Stopped: keep the trees up to the first one not grown, the forest a smaller n_estimators gives.
    std::size_t grown = 0;
    while (grown < trees.size() && finished[grown]) ++grown;
    trees.resize(grown);
    forest.trees = std::move(trees);
    forest.stopped = stop.load();
    return forest;
}

Eigen::MatrixXd predict_proba(const RandomForest& forest, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    if (forest.task != Task::Classification) throw Error("predict_proba needs a classification forest");
    if (forest.trees.empty()) throw Error("the random forest has no tree");
    Eigen::MatrixXd proba = Eigen::MatrixXd::Zero(X.rows(), forest.classes);
    // Blocks of rows in parallel; within a block the trees add up in estimator order, as sklearn's
    // accumulation does, so the sums are the same for every thread count.
    tbb::parallel_for(tbb::blocked_range<Eigen::Index>(0, X.rows(), 512), [&](const tbb::blocked_range<Eigen::Index>& range) {
        const Eigen::Index size = range.end() - range.begin();
        for (const TreeModel& tree : forest.trees)
            proba.middleRows(range.begin(), size) += tree.predict_proba(X.middleRows(range.begin(), size));
    });
    proba /= static_cast<double>(forest.trees.size());
    return proba;
}

Eigen::VectorXd predict(const RandomForest& forest, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    if (forest.task == Task::Classification) return most_probable_class(predict_proba(forest, X));
    if (forest.trees.empty()) throw Error("the random forest has no tree");
    Eigen::VectorXd values = Eigen::VectorXd::Zero(X.rows());
    tbb::parallel_for(tbb::blocked_range<Eigen::Index>(0, X.rows(), 512), [&](const tbb::blocked_range<Eigen::Index>& range) {
        const Eigen::Index size = range.end() - range.begin();
        for (const TreeModel& tree : forest.trees)
            values.segment(range.begin(), size) += tree.predict(X.middleRows(range.begin(), size));
    });
    values /= static_cast<double>(forest.trees.size());
    return values;
}

}  // namespace treelab
