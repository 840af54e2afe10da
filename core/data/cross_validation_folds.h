#pragma once
// Resampling schemes for estimating a method's score: holdout (one split), k-fold (stratified for
// classification), repeated k-fold and leave-one-out. Folds depend only on the targets, k, the
// repeats and the seed, so every method of an experiment sees the same folds.
#include <cstdint>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/data/dataset.h"
#include "core/data/splits.h"

namespace treelab {

struct Resampling {
    enum class Kind { Holdout, KFold, LeaveOneOut } kind = Kind::KFold;
    int folds = 10;
    int repeats = 1;
    // Holdout only: the split a single run uses (the Split group's fractions and mode).
    SplitFractions holdout;
    SplitMode holdout_mode = SplitMode::Stratified;
};

// "10" (10-fold), "10x3" (10-fold repeated 3 times), "loo", "holdout"; throws ParamError.
Resampling parse_resampling(const std::string& text);
// The text parse_resampling reads back: "10", "10x3", "loo", "holdout".
std::string resampling_spec(const Resampling& resampling);
// For labels: "10-fold", "10×3-fold", "leave-one-out", "holdout".
std::string resampling_text(const Resampling& resampling);

struct Fold {
    int repeat = 0, fold = 0;
    int index = 0;  // place in make_folds' list: repeat · folds + fold
    RowIndices train, test;  // ascending row numbers
    RowIndices valid;        // holdout only: the split's validation rows; empty for k-fold folds
};

struct Folds {
    std::vector<Fold> folds;
    // Non-empty when k exceeds the rows of a class, so that some folds train without it
    // (scikit-learn warns the same and still splits); the folds are still usable.
    std::string warning;
};

// Classification: scikit-learn 1.2.1's StratifiedKFold(n_splits=k, shuffle=True, random_state=seed),
// resp. RepeatedStratifiedKFold(n_splits=k, n_repeats=r, random_state=seed), row for row (one
// RandomState for every repeat, so its stream continues). Regression: KFold / RepeatedKFold with
// shuffle=True. `targets` are class indices (classification) or values. Leave-one-out: fold i
// tests row i. Holdout: one fold, make_split's. Throws ParamError for k < 2, k > rows, or (for
// stratified folds) k larger than every class.
Folds make_folds(const Eigen::VectorXd& targets, Task task, const Resampling& resampling, std::uint32_t seed);

// The Split a fold's run uses: test = fold.test. A learner that does not use validation rows
// trains on all of fold.train (valid empty). One that stops early on validation rows gets a
// holdout of fold.train with the default split's validation share (0.2 of all rows = 0.25 of
// train + valid), stratified for classification, shuffled by numpy RandomState(seed + fold.index).
// A holdout fold returns its own split.
Split fold_split(const Fold& fold, const Eigen::VectorXd& targets, Task task, bool uses_validation, std::uint32_t seed);

}  // namespace treelab
