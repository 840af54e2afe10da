#include "core/learners/cart/node_splitter.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <span>

#include "core/error.h"

namespace treelab::cart {

NodeSplitter::NodeSplitter(const Dataset& train, const Settings& settings, std::uint32_t seed,
                           std::span<const int> row_counts)
    : settings_(settings),
      columns_(train.X),
      rng_(seed),
      classification_(train.task == Task::Classification),
      classes_(train.classes()),
      weights_(row_counts.begin(), row_counts.end()),
      features_(static_cast<std::size_t>(train.features())),
      constant_features_(features_.size()),
      total_weight_(static_cast<double>(train.rows())),
      counts_(std::max(classes_, 0)),
      left_(counts_.size()),
      right_(counts_.size()) {
    std::iota(features_.begin(), features_.end(), 0);
    if (!weights_.empty()) total_weight_ = static_cast<double>(std::accumulate(weights_.begin(), weights_.end(), std::int64_t{0}));
    if (classification_) {
        labels_.resize(static_cast<std::size_t>(train.rows()));
        for (Eigen::Index r = 0; r < train.rows(); ++r) {
            const double label = train.y(r);
            if (!(label >= 0 && label < classes_) || label != std::floor(label))
                throw TrainingError("CART: row " + std::to_string(r + 1) + " has no valid class index");
            labels_[r] = static_cast<int>(label);
        }
    } else {
        y_.assign(train.y.data(), train.y.data() + train.y.size());
    }
}

void NodeSplitter::reset(int start, int end) {
    start_ = start;
    end_ = end;
    const std::uint32_t* rows = columns_.samples();
    node_weight_ = end - start;
    if (classification_) {
        std::fill(counts_.begin(), counts_.end(), 0);
        if (weights_.empty()) {
            for (int p = start; p < end; ++p) ++counts_[labels_[rows[p]]];
        } else {
            node_weight_ = 0;
            for (int p = start; p < end; ++p) {
                counts_[labels_[rows[p]]] += weights_[rows[p]];
                node_weight_ += weights_[rows[p]];
            }
        }
    } else {
        // sklearn RegressionCriterion.init: sums over the node's rows, w·y and (w·y)·y.
        sum_ = sq_sum_ = 0.0;
        if (weights_.empty()) {
            for (int p = start; p < end; ++p) {
                const double v = y_[rows[p]];
                sum_ += v;
                sq_sum_ += v * v;
            }
        } else {
            node_weight_ = 0;
            for (int p = start; p < end; ++p) {
                const double w = weights_[rows[p]], w_v = w * y_[rows[p]];
                sum_ += w_v;
                sq_sum_ += w_v * y_[rows[p]];
                node_weight_ += weights_[rows[p]];
            }
        }
    }
}

double NodeSplitter::node_impurity() const {
    const double w = static_cast<double>(node_weight_);
    switch (settings_.criterion) {
        case Criterion::Gini: return gini_from_squares(sum_of_squares(counts_.data(), classes_), w);
        case Criterion::Entropy: return entropy(counts_.data(), classes_, w);
        case Criterion::SquaredError: break;
    }
    return squared_error(sum_, sq_sum_, w);
}

void NodeSplitter::node_value(TreeNode& node) const {
    const double w = static_cast<double>(node_weight_);
    node.samples = w;
    if (classification_) {
        node.class_counts.resize(classes_);
        for (int c = 0; c < classes_; ++c) node.class_counts(c) = static_cast<double>(counts_[c]);
        node.distribution = node.class_counts / w;
    } else {
        node.distribution = Eigen::VectorXd::Constant(1, sum_ / w);
    }
}

template <class Weights>
void NodeSplitter::scan_feature(int feature, Weights weights, Candidate& best) {
    const SortedEntry* col = columns_.column(feature);
    const int min_leaf = settings_.min_samples_leaf;
    if (!classification_) {
        SquaredErrorStats<Weights> stats{y_.data(), sum_, weights, node_weight_};
        scan_column(col, start_, end_, min_leaf, feature, stats, best);
        return;
    }
    std::fill(left_.begin(), left_.end(), 0);
    right_ = counts_;
    if (settings_.criterion == Criterion::Gini) {
        GiniStats<Weights> stats{labels_.data(), left_.data(), right_.data(), 0.0,
                                 sum_of_squares(counts_.data(), classes_), weights, 0, node_weight_};
        scan_column(col, start_, end_, min_leaf, feature, stats, best);
    } else {
        EntropyStats<Weights> stats{labels_.data(), left_.data(), right_.data(), classes_, weights, 0, node_weight_};
        scan_column(col, start_, end_, min_leaf, feature, stats, best);
    }
}

SplitRecord NodeSplitter::split(double impurity, int& n_constant_features) {
    // sklearn BestSplitter.node_split: Fisher-Yates draws over `features`, where
    //   [0, n_drawn)         known constants already drawn,
    //   [n_drawn, n_known)   known constants not drawn yet,
    //   [n_known, n_total)   constants found in this node,
    //   [n_total, f_i)       features not drawn yet,
    //   [f_i, n_features)    drawn, non-constant features.
    const int n_features = static_cast<int>(features_.size());
    const int n_known = n_constant_features;
    int f_i = n_features, n_visited = 0, n_found = 0, n_drawn = 0, n_total = n_known;
    Candidate best;
    while (f_i > n_total && (n_visited < settings_.max_features || n_visited <= n_found + n_drawn)) {
        ++n_visited;
        int f_j = rng_.rand_int(n_drawn, f_i - n_found);
        if (f_j < n_known) {
            std::swap(features_[n_drawn], features_[f_j]);
            ++n_drawn;
            continue;
        }
        f_j += n_found;
        const int feature = features_[f_j];
        const SortedEntry* col = columns_.column(feature);
        if (col[end_ - 1].value <= col[start_].value + kFeatureThreshold) {
            std::swap(features_[f_j], features_[n_total]);
            ++n_found;
            ++n_total;
            continue;
        }
        --f_i;
        std::swap(features_[f_i], features_[f_j]);
        if (weights_.empty())
            scan_feature(feature, UnitWeights{}, best);
        else
            scan_feature(feature, RowCounts{weights_.data()}, best);
    }
    SplitRecord record;
    record.pos = end_;
    if (best.pos >= 0) finish(best, impurity, record);
    // The known constants keep their order for siblings; newly found ones are appended.
    std::copy_n(constant_features_.begin(), n_known, features_.begin());
    std::copy_n(features_.begin() + n_known, n_found, constant_features_.begin() + n_known);
    n_constant_features = n_total;
    n_searchable_from_ = n_total;
    return record;
}

void NodeSplitter::finish(const Candidate& best, double impurity, SplitRecord& record) {
    const SortedEntry* col = columns_.column(best.feature);
    record.feature = best.feature;
    record.pos = best.pos;
    // Midpoint in double of the float32 neighbours; if rounding lands on the upper value (or
    // overflows), the lower value is the threshold, so that "left iff x <= t" still separates them.
    const double lo = col[best.pos - 1].value, hi = col[best.pos].value;
    record.threshold = lo / 2.0 + hi / 2.0;
    if (record.threshold == hi || std::isinf(record.threshold)) record.threshold = lo;

    const double w = static_cast<double>(node_weight_);
    double w_left = best.pos - start_;
    if (!weights_.empty()) {
        std::int64_t weight_left = 0;
        for (int p = start_; p < best.pos; ++p) weight_left += weights_[col[p].row];
        w_left = static_cast<double>(weight_left);
    }
    const double w_right = w - w_left;
    if (classification_) {
        std::fill(left_.begin(), left_.end(), 0);
        for (int p = start_; p < best.pos; ++p) left_[labels_[col[p].row]] += row_weight(col[p].row);
        for (int c = 0; c < classes_; ++c) right_[c] = counts_[c] - left_[c];
        if (settings_.criterion == Criterion::Gini) {
            record.impurity_left = gini_from_squares(sum_of_squares(left_.data(), classes_), w_left);
            record.impurity_right = gini_from_squares(sum_of_squares(right_.data(), classes_), w_right);
        } else {
            record.impurity_left = entropy(left_.data(), classes_, w_left);
            record.impurity_right = entropy(right_.data(), classes_, w_right);
        }
    } else {
        double sum_left = 0.0, sq_left = 0.0;
        // sklearn RegressionCriterion.children_impurity: Σ w·y and Σ (w·y)·y over the left rows.
        for (int p = start_; p < best.pos; ++p) {
            const double v = y_[col[p].row], w_v = static_cast<double>(row_weight(col[p].row)) * v;
            sum_left += w_v;
            sq_left += w_v * v;
        }
        record.impurity_left = squared_error(sum_left, sq_left, w_left);
        record.impurity_right = squared_error(sum_ - sum_left, sq_sum_ - sq_left, w_right);
    }
    // sklearn Criterion.impurity_improvement: (N_t/N)(i(t) - N_R/N_t i(t_R) - N_L/N_t i(t_L)).
    record.improvement = (w / total_weight_) *
                         (impurity - w_right / w * record.impurity_right - w_left / w * record.impurity_left);
}

void NodeSplitter::partition(const SplitRecord& split, bool children_split) {
    const std::size_t from = children_split ? n_searchable_from_ : features_.size();
    const std::span<const int> searchable(features_.data() + from, features_.size() - from);
    columns_.partition(split.feature, start_, split.pos, end_, searchable);
}

}  // namespace treelab::cart
