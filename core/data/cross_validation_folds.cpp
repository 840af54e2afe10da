#include "core/data/cross_validation_folds.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>

#include "core/data/numpy_random.h"
#include "core/error.h"

namespace treelab {
namespace {

int parse_count(std::string_view text, const std::string& whole) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        throw ParamError("'" + whole + "' is not a resampling: use k folds (10), k folds repeated r times (10x3), loo or holdout");
    return value;
}

// Folds from each row's test fold (scikit-learn's test_folds array): fold i tests the rows whose
// entry is i and trains on the others, both in ascending row order (_BaseKFold.split).
void add_folds(const std::vector<int>& test_fold, int k, int repeat, std::vector<Fold>& folds) {
    for (int i = 0; i < k; ++i) {
        Fold fold;
        fold.repeat = repeat;
        fold.fold = i;
        fold.index = repeat * k + i;
        for (std::size_t row = 0; row < test_fold.size(); ++row)
            (test_fold[row] == i ? fold.test : fold.train).push_back(static_cast<Eigen::Index>(row));
        folds.push_back(std::move(fold));
    }
}

// Classes numbered by first appearance in the rows, as StratifiedKFold._make_test_folds encodes y.
std::vector<int> classes_by_appearance(const Eigen::VectorXd& targets, int& classes) {
    std::map<double, int> code;
    std::vector<int> encoded(static_cast<std::size_t>(targets.size()));
    for (Eigen::Index row = 0; row < targets.size(); ++row) {
        const auto [it, added] = code.emplace(targets(row), static_cast<int>(code.size()));
        encoded[static_cast<std::size_t>(row)] = it->second;
    }
    classes = static_cast<int>(code.size());
    return encoded;
}

// StratifiedKFold._make_test_folds (scikit-learn 1.2.1) with shuffle=True: fold i receives, of
// class c, the count of c among the sorted encoded labels at positions i, i + k, i + 2k, …; each
// class's block of fold numbers is shuffled with the shared RandomState and dealt to its rows in order.
std::vector<int> stratified_test_folds(const std::vector<int>& encoded, int classes, int k, NumpyRandom& random) {
    std::vector<int> sorted = encoded;
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::vector<Eigen::Index>> allocation(static_cast<std::size_t>(classes),
                                                      std::vector<Eigen::Index>(static_cast<std::size_t>(k), 0));
    for (std::size_t p = 0; p < sorted.size(); ++p)
        ++allocation[static_cast<std::size_t>(sorted[p])][p % static_cast<std::size_t>(k)];
    std::vector<int> test_fold(encoded.size());
    for (int c = 0; c < classes; ++c) {
        RowIndices folds_for_class;
        for (int i = 0; i < k; ++i)
            folds_for_class.insert(folds_for_class.end(), static_cast<std::size_t>(allocation[static_cast<std::size_t>(c)][static_cast<std::size_t>(i)]), i);
        random.shuffle(folds_for_class);
        std::size_t next = 0;
        for (std::size_t row = 0; row < encoded.size(); ++row)
            if (encoded[row] == c) test_fold[row] = static_cast<int>(folds_for_class[next++]);
    }
    return test_fold;
}

// KFold._iter_test_indices with shuffle=True: the shuffled row numbers cut into k runs, the first
// n mod k of them one row longer.
std::vector<int> shuffled_test_folds(std::size_t n, int k, NumpyRandom& random) {
    RowIndices order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<Eigen::Index>(i);
    random.shuffle(order);
    std::vector<int> test_fold(n);
    const std::size_t folds = static_cast<std::size_t>(k);
    std::size_t start = 0;
    for (std::size_t i = 0; i < folds; ++i) {
        const std::size_t size = n / folds + (i < n % folds ? 1 : 0);
        for (std::size_t p = start; p < start + size; ++p) test_fold[static_cast<std::size_t>(order[p])] = static_cast<int>(i);
        start += size;
    }
    return test_fold;
}

RowIndices sorted_rows(RowIndices rows) {
    std::sort(rows.begin(), rows.end());
    return rows;
}

}  // namespace

Resampling parse_resampling(const std::string& text) {
    Resampling resampling;
    if (text == "loo" || text == "leave-one-out") {
        resampling.kind = Resampling::Kind::LeaveOneOut;
        return resampling;
    }
    if (text == "holdout") {
        resampling.kind = Resampling::Kind::Holdout;
        return resampling;
    }
    const std::size_t times = text.find('x');
    resampling.folds = parse_count(std::string_view(text).substr(0, times), text);
    if (times != std::string::npos) resampling.repeats = parse_count(std::string_view(text).substr(times + 1), text);
    if (resampling.folds < 2)
        throw ParamError("cross-validation needs at least 2 folds, not " + std::to_string(resampling.folds) + " ('" + text + "')");
    if (resampling.repeats < 1)
        throw ParamError("cross-validation needs at least 1 repeat, not " + std::to_string(resampling.repeats) + " ('" + text + "')");
    return resampling;
}

std::string resampling_spec(const Resampling& resampling) {
    switch (resampling.kind) {
        case Resampling::Kind::Holdout:
            return "holdout";
        case Resampling::Kind::LeaveOneOut:
            return "loo";
        case Resampling::Kind::KFold:
            break;
    }
    const std::string folds = std::to_string(resampling.folds);
    return resampling.repeats == 1 ? folds : folds + "x" + std::to_string(resampling.repeats);
}

std::string resampling_text(const Resampling& resampling) {
    switch (resampling.kind) {
        case Resampling::Kind::Holdout:
            return "holdout";
        case Resampling::Kind::LeaveOneOut:
            return "leave-one-out";
        case Resampling::Kind::KFold:
            break;
    }
    const std::string folds = std::to_string(resampling.folds);
    return resampling.repeats == 1 ? folds + "-fold" : folds + "×" + std::to_string(resampling.repeats) + "-fold";
}

Folds make_folds(const Eigen::VectorXd& targets, Task task, const Resampling& resampling, std::uint32_t seed) {
    const auto n = static_cast<std::size_t>(targets.size());
    Folds result;
    if (resampling.kind == Resampling::Kind::Holdout) {
        const SplitMode mode =
            task == Task::Regression && resampling.holdout_mode == SplitMode::Stratified ? SplitMode::Shuffled : resampling.holdout_mode;
        const Split split = make_split(targets, resampling.holdout, mode, seed);
        result.folds.push_back(Fold{0, 0, 0, sorted_rows(split.train), sorted_rows(split.test), sorted_rows(split.valid)});
        return result;
    }
    if (resampling.kind == Resampling::Kind::LeaveOneOut) {
        if (n < 2) throw ParamError("leave-one-out needs at least 2 rows, not " + std::to_string(n));
        std::vector<int> test_fold(n);
        for (std::size_t row = 0; row < n; ++row) test_fold[row] = static_cast<int>(row);
        add_folds(test_fold, static_cast<int>(n), 0, result.folds);
        return result;
    }
    const int k = resampling.folds;
    if (k < 2) throw ParamError("cross-validation needs at least 2 folds, not " + std::to_string(k));
    if (resampling.repeats < 1) throw ParamError("cross-validation needs at least 1 repeat, not " + std::to_string(resampling.repeats));
    if (static_cast<std::size_t>(k) > n)
        throw ParamError(std::to_string(k) + "-fold cross-validation needs at least " + std::to_string(k) + " rows; the data have " +
                         std::to_string(n));
    NumpyRandom random(seed);  // one RandomState for every repeat (RepeatedStratifiedKFold, RepeatedKFold)
    if (task == Task::Regression) {
        for (int r = 0; r < resampling.repeats; ++r) add_folds(shuffled_test_folds(n, k, random), k, r, result.folds);
        return result;
    }
    int classes = 0;
    const std::vector<int> encoded = classes_by_appearance(targets, classes);
    std::vector<long> class_rows(static_cast<std::size_t>(classes), 0);
    for (const int c : encoded) ++class_rows[static_cast<std::size_t>(c)];
    const long smallest = *std::min_element(class_rows.begin(), class_rows.end());
    const long largest = *std::max_element(class_rows.begin(), class_rows.end());
    if (k > largest)
        throw ParamError(std::to_string(k) + "-fold stratified cross-validation needs a class with at least " + std::to_string(k) +
                         " rows; the largest class has " + std::to_string(largest));
    if (k > smallest)
        result.warning = "the smallest class has only " + std::to_string(smallest) + " rows, fewer than the " + std::to_string(k) +
                         " folds: some folds test no row of it, and a fold that tests all of it trains without it";
    for (int r = 0; r < resampling.repeats; ++r)
        add_folds(stratified_test_folds(encoded, classes, k, random), k, r, result.folds);
    return result;
}

Split fold_split(const Fold& fold, const Eigen::VectorXd& targets, Task task, bool uses_validation, std::uint32_t seed) {
    if (!fold.valid.empty()) return {fold.train, fold.valid, fold.test};  // a holdout's own split
    if (!uses_validation) return {fold.train, {}, fold.test};
    // The default split's 0.6/0.2/0.2 has valid = 0.25 of train + valid.
    Eigen::VectorXd fold_targets(static_cast<Eigen::Index>(fold.train.size()));
    for (std::size_t i = 0; i < fold.train.size(); ++i) fold_targets(static_cast<Eigen::Index>(i)) = targets(fold.train[i]);
    const SplitMode mode = task == Task::Classification ? SplitMode::Stratified : SplitMode::Shuffled;
    const Split inner = make_split(fold_targets, SplitFractions{0.75, 0.25, 0.0}, mode, seed + static_cast<std::uint32_t>(fold.index));
    Split split;
    for (const Eigen::Index i : inner.train) split.train.push_back(fold.train[static_cast<std::size_t>(i)]);
    for (const Eigen::Index i : inner.valid) split.valid.push_back(fold.train[static_cast<std::size_t>(i)]);
    split.test = fold.test;
    return split;
}

}  // namespace treelab
