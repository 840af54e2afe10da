#pragma once
// Seeded row splits. Row indices refer to the table's rows.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <Eigen/Core>

namespace treelab {

using RowIndices = std::vector<Eigen::Index>;

struct SplitFractions {
    double train = 0.6, valid = 0.2, test = 0.2;  // must sum to 1; valid or test may be 0
};
// "0.6,0.2,0.2" -> fractions; throws ParamError.
SplitFractions parse_split_fractions(const std::string& text);

enum class SplitMode {
    Stratified,  // per class (classification), shuffled with the seed; plain shuffle for regression
    Shuffled,    // plain shuffle
    GradTree,    // the GradTree protocol (001 §4.1, App. D; utilities_GDT.py, split_train_test_valid): numpy RandomState(seed).permutation,
                 // test = floor(test*n) first, then valid = floor(valid*n) of the rest; bit-identical
                 // to sklearn's train_test_split(random_state=seed) twice
    SklearnStratified,  // sklearn's train_test_split(stratify=y, random_state=seed) for test, then
                        // for valid from the rest, row for row (the LatentTrees protocol)
};
std::string to_string(SplitMode mode);
std::span<const SplitMode> split_modes();  // every mode, for menus and combo boxes
// "stratified" | "shuffled" | "gradtree" | "sklearn-stratified"
SplitMode split_mode_from_string(const std::string& text);

struct Split {
    RowIndices train, valid, test;
};

// `labels` are class indices for stratification (ignored unless Stratified); n = labels.size().
Split make_split(const Eigen::VectorXd& labels, const SplitFractions& fractions, SplitMode mode, std::uint32_t seed);

// numpy.random.RandomState(seed).permutation(n), bit for bit (it underlies sklearn's train_test_split with an int random_state).
RowIndices numpy_permutation(Eigen::Index n, std::uint32_t seed);

}  // namespace treelab
