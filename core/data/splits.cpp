#include "core/data/splits.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>

#include "core/data/numpy_random.h"
#include "core/data/sklearn_stratified_split.h"
#include "core/error.h"

namespace treelab {
namespace {

constexpr std::size_t train_part = 0, valid_part = 1, test_part = 2;
using Counts = std::array<std::size_t, 3>;

double parse_fraction(std::string_view text, const std::string& whole) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
        throw ParamError("'" + std::string(text) + "' in the split '" + whole + "' is not a number");
    }
    return value;
}

// Rows per part: each floor(fraction * n) or one more, summing to n (largest remainder).
Counts part_sizes(std::size_t n, const SplitFractions& fractions) {
    const std::array<double, 3> wanted = {fractions.train * static_cast<double>(n),
                                          fractions.valid * static_cast<double>(n),
                                          fractions.test * static_cast<double>(n)};
    Counts sizes{};
    std::size_t given = 0;
    for (std::size_t p = 0; p < 3; ++p) given += sizes[p] = static_cast<std::size_t>(std::floor(wanted[p]));
    while (given < n) {
        std::size_t best = 0;
        for (std::size_t p = 1; p < 3; ++p) {
            if (wanted[p] - static_cast<double>(sizes[p]) > wanted[best] - static_cast<double>(sizes[best])) best = p;
        }
        ++sizes[best];
        ++given;
    }
    return sizes;
}

// Rows grouped by class label in ascending label order; nothing when the labels are not class
// indices (a regression target), which then gets a plain shuffle.
std::optional<std::vector<RowIndices>> class_groups(const Eigen::VectorXd& labels) {
    std::map<double, RowIndices> groups;
    for (Eigen::Index i = 0; i < labels.size(); ++i) {
        if (!std::isfinite(labels(i)) || labels(i) != std::floor(labels(i))) return std::nullopt;
        groups[labels(i)].push_back(i);
    }
    std::vector<RowIndices> result;
    for (auto& [label, rows] : groups) result.push_back(std::move(rows));
    return result;
}

// How many rows of each class go to each part: first one row of every class to every non-empty
// part when the class has enough rows, then each (class, part) up to the floor of its proportional
// share, then one row at a time to the pair furthest below its share, always within both the
// class size and the part size.
std::vector<Counts> allocate(const std::vector<RowIndices>& groups, const Counts& sizes) {
    std::vector<Counts> counts(groups.size(), Counts{});
    Counts part_room = sizes;
    std::vector<std::size_t> class_room(groups.size());
    const auto give = [&](std::size_t c, std::size_t p, std::size_t rows) {
        counts[c][p] += rows;
        class_room[c] -= rows;
        part_room[p] -= rows;
    };
    const std::size_t used_parts = (sizes[0] > 0) + (sizes[1] > 0) + (sizes[2] > 0);
    for (std::size_t c = 0; c < groups.size(); ++c) {
        class_room[c] = groups[c].size();
        if (groups[c].size() < used_parts) continue;
        for (std::size_t p = 0; p < 3; ++p) {
            if (part_room[p] > 0) give(c, p, 1);
        }
    }
    const double n = static_cast<double>(sizes[0] + sizes[1] + sizes[2]);
    const auto share = [&](std::size_t c, std::size_t p) {
        return static_cast<double>(sizes[p]) / n * static_cast<double>(groups[c].size());
    };
    for (std::size_t c = 0; c < groups.size(); ++c) {
        for (std::size_t p = 0; p < 3; ++p) {
            const auto floor_share = static_cast<std::size_t>(std::floor(share(c, p)));
            if (floor_share > counts[c][p])
                give(c, p, std::min({floor_share - counts[c][p], class_room[c], part_room[p]}));
        }
    }
    for (;;) {
        std::optional<std::pair<std::size_t, std::size_t>> best;
        double best_deficit = 0.0;
        for (std::size_t c = 0; c < groups.size(); ++c) {
            for (std::size_t p = 0; p < 3 && class_room[c] > 0; ++p) {
                if (part_room[p] == 0) continue;
                const double deficit = share(c, p) - static_cast<double>(counts[c][p]);
                if (!best || deficit > best_deficit) best = {c, p}, best_deficit = deficit;
            }
        }
        if (!best) return counts;
        give(best->first, best->second, 1);
    }
}

Split shuffled_split(Eigen::Index n, const SplitFractions& fractions, std::uint32_t seed) {
    const RowIndices order = numpy_permutation(n, seed);
    const Counts sizes = part_sizes(order.size(), fractions);
    const auto valid_begin = order.begin() + static_cast<std::ptrdiff_t>(sizes[train_part]);
    const auto test_begin = valid_begin + static_cast<std::ptrdiff_t>(sizes[valid_part]);
    return {RowIndices(order.begin(), valid_begin), RowIndices(valid_begin, test_begin),
            RowIndices(test_begin, order.end())};
}

Split stratified_split(const std::vector<RowIndices>& groups, std::size_t n, const SplitFractions& fractions,
                       std::uint32_t seed) {
    const std::vector<Counts> counts = allocate(groups, part_sizes(n, fractions));
    NumpyRandom random(seed);
    std::array<RowIndices, 3> parts;
    for (std::size_t c = 0; c < groups.size(); ++c) {
        RowIndices rows = groups[c];
        random.shuffle(rows);
        auto next = rows.begin();
        for (std::size_t p = 0; p < 3; ++p) {
            parts[p].insert(parts[p].end(), next, next + static_cast<std::ptrdiff_t>(counts[c][p]));
            next += static_cast<std::ptrdiff_t>(counts[c][p]);
        }
    }
    for (auto& part : parts) random.shuffle(part);  // do not hand learners rows sorted by class
    return {std::move(parts[train_part]), std::move(parts[valid_part]), std::move(parts[test_part])};
}

// sklearn train_test_split(test_size=test, random_state=seed), then again on the rest with
// test_size = floor(valid * n) rows (001 App. D; utilities_GDT.py, split_train_test_valid).
Split gradtree_split(Eigen::Index n, const SplitFractions& fractions, std::uint32_t seed) {
    const auto test_rows = static_cast<Eigen::Index>(std::floor(fractions.test * static_cast<double>(n)));
    const auto valid_rows = static_cast<Eigen::Index>(std::floor(fractions.valid * static_cast<double>(n)));
    const RowIndices first = numpy_permutation(n, seed);
    Split split;
    split.test.assign(first.begin(), first.begin() + test_rows);
    const RowIndices rest(first.begin() + test_rows, first.end());
    const RowIndices second = numpy_permutation(n - test_rows, seed);
    for (std::size_t i = 0; i < second.size(); ++i) {
        (static_cast<Eigen::Index>(i) < valid_rows ? split.valid : split.train)
            .push_back(rest[static_cast<std::size_t>(second[i])]);
    }
    return split;
}

}  // namespace

SplitFractions parse_split_fractions(const std::string& text) {
    std::vector<double> parts;
    std::size_t start = 0;
    for (std::size_t comma; (comma = text.find(',', start)) != std::string::npos; start = comma + 1) {
        parts.push_back(parse_fraction(std::string_view(text).substr(start, comma - start), text));
    }
    parts.push_back(parse_fraction(std::string_view(text).substr(start), text));
    if (parts.size() != 3) {
        throw ParamError("the split '" + text + "' must be three fractions train,valid,test, such as 0.6,0.2,0.2");
    }
    for (const double part : parts) {
        if (part < 0.0) throw ParamError("the split '" + text + "' has a negative fraction");
    }
    if (std::abs(parts[0] + parts[1] + parts[2] - 1.0) > 1e-9) {
        throw ParamError("the fractions of the split '" + text + "' must add up to 1");
    }
    if (parts[0] <= 0.0)
        throw ParamError("the split '" + text + "' leaves no training rows; give train a positive fraction");
    return {parts[0], parts[1], parts[2]};
}

std::string to_string(SplitMode mode) {
    switch (mode) {
        case SplitMode::Shuffled:
            return "shuffled";
        case SplitMode::GradTree:
            return "gradtree";
        case SplitMode::SklearnStratified:
            return "sklearn-stratified";
        case SplitMode::Stratified:
            break;
    }
    return "stratified";
}

std::span<const SplitMode> split_modes() {
    static constexpr SplitMode modes[] = {SplitMode::Stratified, SplitMode::Shuffled, SplitMode::GradTree,
                                          SplitMode::SklearnStratified};
    return modes;
}

SplitMode split_mode_from_string(const std::string& text) {
    if (text == "stratified") return SplitMode::Stratified;
    if (text == "shuffled") return SplitMode::Shuffled;
    if (text == "gradtree") return SplitMode::GradTree;
    if (text == "sklearn-stratified") return SplitMode::SklearnStratified;
    throw ParamError("unknown split mode '" + text + "'; use 'stratified', 'shuffled', 'gradtree' or 'sklearn-stratified'");
}

Split make_split(const Eigen::VectorXd& labels, const SplitFractions& fractions, SplitMode mode, std::uint32_t seed) {
    const Eigen::Index n = labels.size();
    if (mode == SplitMode::GradTree) return gradtree_split(n, fractions, seed);
    if (mode == SplitMode::SklearnStratified) {
        if (!class_groups(labels)) throw ParamError("the sklearn-stratified split needs class labels");
        return sklearn_stratified_split(labels.cast<int>(), fractions, seed);
    }
    if (mode == SplitMode::Stratified) {
        if (const auto groups = class_groups(labels))
            return stratified_split(*groups, static_cast<std::size_t>(n), fractions, seed);
    }
    return shuffled_split(n, fractions, seed);
}

}  // namespace treelab
