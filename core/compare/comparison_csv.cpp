#include "core/compare/comparison_csv.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "core/error.h"
#include "core/io/csv_field.h"
#include "core/io/sha256.h"

namespace treelab {
namespace {

const std::vector<std::string> kLeading = {"data_set", "method", "label", "repeat", "fold", "error", "fit_seconds", "train_rows", "test_rows"};
const std::vector<std::string> kTrailing = {"tree_depth", "nodes", "leaves"};

std::string number(double value) { return to_text(ParamValue(value)); }

// The union of the cells' score names, sorted, so that a whole run and its merged shards agree.
std::vector<std::string> score_names(const std::vector<ComparisonCell>& cells) {
    std::set<std::string> names;
    for (const ComparisonCell& cell : cells)
        for (const auto& [name, value] : cell.test) names.insert(name);
    return {names.begin(), names.end()};
}

std::string header_line(const std::vector<std::string>& scores) {
    std::string line;
    for (const std::string& name : kLeading) line += (line.empty() ? "" : ",") + name;
    for (const std::string& name : scores) line += "," + csv_field(name);
    for (const std::string& name : kTrailing) line += "," + name;
    return line;
}

std::string cell_line(const ComparisonResult& result, const ComparisonCell& cell, const std::vector<std::string>& scores) {
    std::ostringstream out;
    out << csv_field(result.data_set_names.at(cell.data_set)) << ',' << csv_field(result.config.contenders.at(cell.contender).method)
        << ',' << csv_field(result.contender_labels.at(cell.contender)) << ',' << cell.repeat + 1 << ',' << cell.fold + 1 << ','
        << csv_field(cell.error) << ',';
    if (cell.error.empty()) out << number(cell.fit_seconds);
    out << ',' << cell.train_rows << ',' << cell.test_rows.size();
    for (const std::string& name : scores) {
        out << ',';
        if (const auto found = cell.test.find(name); found != cell.test.end()) out << number(found->second);
    }
    if (cell.error.empty() && result.config.contenders.at(cell.contender).method != forest_method)  // the forest has no one tree
        out << ',' << cell.tree.depth << ',' << cell.tree.nodes << ',' << cell.tree.leaves;
    else
        out << ",,,";
    return out.str();
}

double parse_number(const std::string& text, const std::string& file, std::size_t line, std::size_t column) {
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        throw DataError(file, line, column, "'" + text + "' is not a number");
    return value;
}

// Reads the cells of CSV lines after `header` (the comparison CSV's header), each prefixed by its
// cell index when `indexed` (a part file). Names and labels are numbered in order of appearance.
void read_cells(const std::vector<std::string>& header, const std::vector<std::pair<std::size_t, std::string>>& lines,
                const std::string& file, ComparisonResult& result, std::vector<std::size_t>* indices) {
    if (header.size() < kLeading.size() + kTrailing.size() || !std::equal(kLeading.begin(), kLeading.end(), header.begin()) ||
        !std::equal(kTrailing.begin(), kTrailing.end(), header.end() - static_cast<std::ptrdiff_t>(kTrailing.size())))
        throw DataError(file, 1, 0, "this is not a comparison CSV written by treelab-cli compare (its header is not data_set,method,label,…)");
    const std::size_t first_score = kLeading.size(), end_score = header.size() - kTrailing.size();
    for (const auto& [number_of_line, line] : lines) {
        const std::optional<std::vector<std::string>> fields = csv_fields(line);
        if (!fields || fields->size() != header.size() + (indices ? 1 : 0))
            throw DataError(file, number_of_line, 0, "the line has " + std::to_string(fields ? fields->size() : 0) + " cells, the header " +
                                                         std::to_string(header.size() + (indices ? 1 : 0)));
        std::size_t at = 0;
        const auto next = [&] { return (*fields)[at++]; };
        if (indices) indices->push_back(static_cast<std::size_t>(parse_number(next(), file, number_of_line, 1)));
        ComparisonCell cell;
        const std::string data_set = next(), method = next(), label = next();
        const auto found_set = std::find(result.data_set_names.begin(), result.data_set_names.end(), data_set);
        cell.data_set = static_cast<std::size_t>(found_set - result.data_set_names.begin());
        if (found_set == result.data_set_names.end()) result.data_set_names.push_back(data_set);
        const auto found_label = std::find(result.contender_labels.begin(), result.contender_labels.end(), label);
        cell.contender = static_cast<std::size_t>(found_label - result.contender_labels.begin());
        if (found_label == result.contender_labels.end()) {
            result.contender_labels.push_back(label);
            result.config.contenders.push_back(Contender{method, {}, label});
        }
        cell.repeat = static_cast<int>(parse_number(next(), file, number_of_line, at)) - 1;
        cell.fold = static_cast<int>(parse_number(next(), file, number_of_line, at)) - 1;
        cell.error = next();
        const std::string seconds = next();
        if (!seconds.empty()) cell.fit_seconds = parse_number(seconds, file, number_of_line, at);
        cell.train_rows = static_cast<Eigen::Index>(parse_number(next(), file, number_of_line, at));
        cell.test_rows.resize(static_cast<std::size_t>(parse_number(next(), file, number_of_line, at)), -1);  // count only
        for (std::size_t column = first_score; column < end_score; ++column) {
            const std::string value = next();
            if (!value.empty()) cell.test[header[column]] = parse_number(value, file, number_of_line, at);
        }
        for (int* size : {&cell.tree.depth, &cell.tree.nodes, &cell.tree.leaves}) {
            const std::string value = next();
            if (!value.empty()) *size = static_cast<int>(parse_number(value, file, number_of_line, at));
        }
        result.cells.push_back(std::move(cell));
    }
}

}  // namespace

std::size_t comparison_cells(const ComparisonResult& result) {
    std::size_t folds = 0;
    for (const ComparedDataSet& data_set : result.data_sets) {
        const Resampling& r = result.config.resampling;
        folds += r.kind == Resampling::Kind::KFold     ? static_cast<std::size_t>(r.folds * r.repeats)
                 : r.kind == Resampling::Kind::Holdout ? 1
                                                        : static_cast<std::size_t>(data_set.targets.size());
    }
    return folds * result.config.contenders.size();
}

std::string comparison_to_csv(const ComparisonResult& result) {
    const std::vector<std::string> scores = score_names(result.cells);
    std::string csv = header_line(scores) + '\n';
    for (const ComparisonCell& cell : result.cells) csv += cell_line(result, cell, scores) + '\n';
    return csv;
}

ComparisonResult read_comparison_csv(const std::string& text, const std::string& file) {
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line)) throw DataError(file, 1, 0, "the comparison CSV is empty");
    const std::optional<std::vector<std::string>> header = csv_fields(line);
    std::vector<std::pair<std::size_t, std::string>> lines;
    for (std::size_t number = 2; std::getline(in, line); ++number)
        if (!line.empty()) lines.emplace_back(number, line);
    ComparisonResult result;
    read_cells(header.value_or(std::vector<std::string>{}), lines, file, result, nullptr);
    // The folds the cells name (leave-one-out reads back as n-fold).
    if (!result.cells.empty()) result.config.resampling.folds = 0;
    for (const ComparisonCell& cell : result.cells) {
        result.config.resampling.folds = std::max(result.config.resampling.folds, cell.fold + 1);
        result.config.resampling.repeats = std::max(result.config.resampling.repeats, cell.repeat + 1);
    }
    return result;
}

std::string comparison_identity(const ComparisonConfig& config) {
    std::string text = "treelab compare\nresampling " + resampling_spec(config.resampling) + "\nseed " + std::to_string(config.seed);
    for (const RunConfig& data_set : config.data_sets) {
        RunConfig named = data_set;
        named.data_file = named.data_file.filename();
        text += "\ndata " + sha256_of_file(data_set.data_file) + " " + run_options_text(named, "--set");
    }
    for (const Contender& contender : config.contenders) {
        text += "\nmethod " + contender.method + " " + contender.label;
        for (const auto& [name, value] : contender.params.canonical()) text += " " + name + "=" + value;
    }
    return sha256_hex(text);
}

std::string comparison_part_text(const ComparisonResult& result, std::size_t total_cells) {
    const std::vector<std::string> scores = score_names(result.cells);
    std::string text = "# treelab compare part: identity=" + comparison_identity(result.config) + ", cells=" + std::to_string(total_cells) +
                       ", shard=" + std::to_string(result.config.shard) + "/" + std::to_string(result.config.shards) + "\ncell," +
                       header_line(scores) + '\n';
    for (const ComparisonCell& cell : result.cells) text += std::to_string(cell.index) + ',' + cell_line(result, cell, scores) + '\n';
    return text;
}

bool is_comparison_part(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::string line;
    return std::getline(in, line) && line.starts_with("# treelab compare part:");
}

std::string merge_comparison_parts(const std::vector<std::filesystem::path>& files) {
    if (files.empty()) throw Error("merge-compare needs at least one part file");
    static const std::regex kFirst(R"(# treelab compare part: identity=([0-9a-f]{64}), cells=([0-9]{1,12}), shard=[0-9]+/[0-9]+)");
    std::string identity;
    std::size_t total = 0;
    std::map<std::size_t, std::pair<ComparisonCell, std::string>> cells;  // cell index → cell, its part
    ComparisonResult merged;
    for (const std::filesystem::path& file : files) {
        const std::string name = file.string();
        std::ifstream in(file, std::ios::binary);
        if (!in) throw DataError(name, 0, 0, "cannot open the comparison part");
        std::string line;
        std::smatch match;
        if (!std::getline(in, line) || !std::regex_match(line, match, kFirst))
            throw DataError(name, 1, 0, "this is not a comparison part written by treelab-cli compare --shard K/N");
        if (identity.empty()) {
            identity = match[1];
            total = std::stoull(match[2]);
        } else if (identity != match[1] || total != std::stoull(match[2])) {
            throw DataError(name, 1, 0, "this part belongs to another comparison (other data, methods, folds or seed) than " +
                                            files.front().string());
        }
        if (!std::getline(in, line) || !line.starts_with("cell,")) throw DataError(name, 2, 0, "the comparison part has no header line");
        const std::optional<std::vector<std::string>> header = csv_fields(line.substr(5));
        std::vector<std::pair<std::size_t, std::string>> lines;
        for (std::size_t number = 3; std::getline(in, line); ++number)
            if (!line.empty()) lines.emplace_back(number, line);
        // Read into `merged` so that names and labels keep one numbering across the parts.
        ComparisonResult part;
        part.data_set_names = merged.data_set_names;
        part.contender_labels = merged.contender_labels;
        part.config.contenders = merged.config.contenders;
        std::vector<std::size_t> indices;
        read_cells(header.value_or(std::vector<std::string>{}), lines, name, part, &indices);
        merged.data_set_names = part.data_set_names;
        merged.contender_labels = part.contender_labels;
        merged.config.contenders = part.config.contenders;
        for (std::size_t k = 0; k < indices.size(); ++k) {
            if (indices[k] >= total)
                throw DataError(name, lines[k].first, 1, "cell " + std::to_string(indices[k]) + " is past the comparison's " + std::to_string(total) + " cells");
            if (const auto [it, added] = cells.emplace(indices[k], std::make_pair(part.cells[k], name)); !added)
                throw DataError(name, lines[k].first, 1, "cell " + std::to_string(indices[k]) + " is also in " + it->second.second);
        }
    }
    std::string missing;
    std::size_t missing_count = 0;
    for (std::size_t i = 0; i < total; ++i)
        if (!cells.contains(i) && ++missing_count <= 10) missing += (missing.empty() ? "" : ", ") + std::to_string(i);
    if (missing_count > 0)
        throw DataError(files.front().string(), 0, 0, std::to_string(missing_count) + " cells are in no part (" + missing +
                                                          (missing_count > 10 ? ", …" : "") + "): a shard is missing or was stopped");
    for (auto& [index, cell] : cells) {
        cell.first.index = index;
        merged.cells.push_back(std::move(cell.first));
    }
    return comparison_to_csv(merged);
}

ComparisonResult combine_comparison_csvs(const std::vector<std::filesystem::path>& files) {
    if (files.empty()) throw Error("no comparison CSV to combine");
    ComparisonResult combined;
    for (const std::filesystem::path& file : files) {
        const std::string name = file.string();
        std::ifstream in(file, std::ios::binary);
        if (!in) throw DataError(name, 0, 0, "cannot open the comparison CSV");
        std::ostringstream text;
        text << in.rdbuf();
        ComparisonResult one = read_comparison_csv(text.str(), name);
        if (combined.data_set_names.empty()) {
            combined.config = one.config;
            combined.contender_labels = one.contender_labels;
        } else if (one.contender_labels != combined.contender_labels) {
            throw DataError(name, 1, 0, "its methods differ from those of " + files.front().string() +
                                            ": only comparisons of the same methods can be ranked together");
        }
        if (one.config.resampling.folds != combined.config.resampling.folds || one.config.resampling.repeats != combined.config.resampling.repeats)
            throw DataError(name, 1, 0, "its folds differ from those of " + files.front().string());
        const std::size_t offset = combined.data_set_names.size();
        for (const std::string& data_set : one.data_set_names) {
            if (std::find(combined.data_set_names.begin(), combined.data_set_names.end(), data_set) != combined.data_set_names.end())
                throw DataError(name, 0, 0, "the data set '" + data_set + "' is also in an earlier file");
            combined.data_set_names.push_back(data_set);
        }
        for (ComparisonCell& cell : one.cells) {
            cell.data_set += offset;
            cell.index = combined.cells.size();
            combined.cells.push_back(std::move(cell));
        }
    }
    return combined;
}

}  // namespace treelab
