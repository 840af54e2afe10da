#include "core/run/sweep_csv_reader.h"

#include <array>
#include <cerrno>
#include <cstdlib>
#include <sstream>

#include "core/error.h"
#include "core/io/csv_field.h"

namespace treelab {
namespace {

// The tree sizes closing every line, in sweep_csv_lines's order.
constexpr std::array<const char*, 7> kTreeColumns = {"tree_depth", "nodes", "leaves", "active_nodes",
                                                     "empty_nodes", "pruned_nodes", "en"};
constexpr std::array<const char*, 3> kSplits = {"train_", "valid_", "test_"};

struct ScoreColumn {
    int split = 0;  // 0 train, 1 valid, 2 test
    std::string name;
};

std::vector<std::string> fields_of(const std::string& line, const std::string& file, std::size_t number) {
    std::optional<std::vector<std::string>> fields = csv_fields(line);
    if (!fields) throw DataError(file, number, 0, "a quoted cell is not closed");
    return std::move(*fields);
}

double number_in(const std::string& cell, const std::string& file, std::size_t line, std::size_t column) {
    char* end = nullptr;
    errno = 0;
    const double value = std::strtod(cell.c_str(), &end);
    if (cell.empty() || *end != '\0' || errno == ERANGE)
        throw DataError(file, line, column + 1, "'" + cell + "' is not a number");
    return value;
}

int count_in(const std::string& cell, const std::string& file, std::size_t line, std::size_t column) {
    const double value = number_in(cell, file, line, column);
    if (value < 0 || value != static_cast<int>(value)) throw DataError(file, line, column + 1, "'" + cell + "' is not a count");
    return static_cast<int>(value);
}

}  // namespace

SweepTable read_sweep_csv(const std::string& text, const std::string& file) {
    std::istringstream in(text);
    std::string line;
    std::getline(in, line);
    if (line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);  // a byte-order mark from a spreadsheet
    const std::vector<std::string> header = fields_of(line, file, 1);
    const auto not_a_sweep = [&](const std::string& why) {
        return DataError(file, 1, 0, "this is not a sweep's CSV as treelab-cli sweep --out writes it: " + why);
    };
    if (header.size() < 2 + kTreeColumns.size() || header[1] != "seed")
        throw not_a_sweep("its first line must start with the swept parameter and seed");
    const std::size_t tree_from = header.size() - kTreeColumns.size();
    for (std::size_t k = 0; k < kTreeColumns.size(); ++k)
        if (header[tree_from + k] != kTreeColumns[k]) throw not_a_sweep("its first line must end with the tree sizes");
    std::vector<ScoreColumn> scores;
    for (std::size_t column = 2; column < tree_from; ++column) {
        ScoreColumn score;
        for (std::size_t s = 0; s < kSplits.size() && score.name.empty(); ++s)
            if (header[column].starts_with(kSplits[s])) score = {static_cast<int>(s), header[column].substr(std::string(kSplits[s]).size())};
        if (score.name.empty()) throw not_a_sweep("column '" + header[column] + "' is no train_, valid_ or test_ score");
        scores.push_back(std::move(score));
    }

    SweepTable table{header[0], {}};
    for (std::size_t number = 2; std::getline(in, line); ++number) {
        if (line.empty() || line == "\r") continue;
        const std::vector<std::string> cells = fields_of(line, file, number);
        if (cells.size() != header.size())
            throw DataError(file, number, 0, "the line has " + std::to_string(cells.size()) + " cells, the header " +
                                                 std::to_string(header.size()));
        SweepRow row;
        row.index = table.rows.size();
        row.value = cells[0];
        row.seed = static_cast<std::uint32_t>(number_in(cells[1], file, number, 1));
        for (std::size_t k = 0; k < scores.size(); ++k) {
            const std::string& cell = cells[2 + k];
            if (cell.empty()) continue;  // a score this row's split does not have
            Scores& split = scores[k].split == 0 ? row.train : scores[k].split == 1 ? row.valid : row.test;
            split[scores[k].name] = number_in(cell, file, number, 2 + k);
        }
        int* sizes[] = {&row.tree.depth, &row.tree.nodes, &row.tree.leaves, &row.tree.active_nodes,
                        &row.tree.empty_nodes, &row.tree.pruned_nodes};
        for (std::size_t k = 0; k < std::size(sizes); ++k) *sizes[k] = count_in(cells[tree_from + k], file, number, tree_from + k);
        table.rows.push_back(std::move(row));
    }
    return table;
}

}  // namespace treelab
