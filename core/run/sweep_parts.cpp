#include "core/run/sweep_parts.h"

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "core/error.h"
#include "core/io/sha256.h"

namespace treelab {
namespace {

constexpr std::size_t kMissingListed = 10;  // missing rows named in the message before "…"

std::size_t total_rows(const SweepConfig& config) { return config.values.size() * static_cast<std::size_t>(config.seeds); }

std::string first_line(const SweepConfig& config) {
    return "# treelab sweep part: identity=" + sweep_identity(config) + ", rows=" + std::to_string(total_rows(config)) +
           ", shard=" + std::to_string(config.shard) + "/" + std::to_string(config.shards);
}

struct Part {
    std::string identity, header;  // header: empty for a part without rows
    std::size_t rows = 0;
    std::map<std::size_t, std::string> lines;  // grid index → the sweep CSV's line
};

Part read_part(const std::filesystem::path& file) {
    const std::string name = file.string();
    std::ifstream in(file, std::ios::binary);
    if (!in) throw DataError(name, 0, 0, "cannot open the sweep part");
    std::string line;
    static const std::regex kFirst(R"(# treelab sweep part: identity=([0-9a-f]{64}), rows=([0-9]{1,12}), shard=[0-9]+/[0-9]+)");
    std::smatch match;
    if (!std::getline(in, line) || !std::regex_match(line, match, kFirst))
        throw DataError(name, 1, 0, "this is not a sweep part written by treelab-cli sweep --shard K/N");
    Part part{match[1], {}, std::stoull(match[2]), {}};
    if (!std::getline(in, line) || !line.starts_with("row,")) throw DataError(name, 2, 0, "the sweep part has no header line");
    part.header = line.substr(4);
    for (std::size_t number = 3; std::getline(in, line); ++number) {
        const std::size_t comma = line.find(',');
        std::size_t index = 0;
        try {
            std::size_t used = 0;
            index = std::stoull(line.substr(0, comma), &used);
            if (comma == std::string::npos || used != comma) throw std::invalid_argument("trailing text");
        } catch (const std::logic_error&) {
            throw DataError(name, number, 1, "a sweep part's line starts with its row number, not '" + line.substr(0, comma) + "'");
        }
        if (index >= part.rows)
            throw DataError(name, number, 1, "row " + std::to_string(index) + " is past the sweep's " + std::to_string(part.rows) + " rows");
        if (!part.lines.emplace(index, line.substr(comma + 1)).second)
            throw DataError(name, number, 1, "row " + std::to_string(index) + " appears twice in this part");
    }
    if (part.lines.empty()) part.header.clear();  // a shard with no rows has no score columns
    return part;
}

}  // namespace

std::string sweep_identity(const SweepConfig& config) {
    RunConfig base = config.base;
    base.data_file = base.data_file.filename();
    std::string text = "treelab sweep\ndata " + sha256_of_file(config.base.data_file) + "\nrun " + equivalent_command(base) +
                       "\nparam " + config.param + "\nseeds " + std::to_string(config.seeds) + "\nvalues";
    for (const std::string& value : config.values) text += "\n" + value;
    return sha256_hex(text);
}

std::string sweep_part_text(const SweepConfig& config, const std::vector<SweepRow>& rows) {
    const SweepCsvLines lines = sweep_csv_lines(config.param, rows);
    std::string text = first_line(config) + "\nrow," + lines.header + '\n';
    for (std::size_t k = 0; k < rows.size(); ++k) text += std::to_string(rows[k].index) + ',' + lines.rows[k] + '\n';
    return text;
}

std::string merge_sweep_parts(const std::vector<std::filesystem::path>& files) {
    if (files.empty()) throw Error("merge-sweep needs at least one part file");
    std::string identity;  // the first part's, which every other part must share
    std::size_t total = 0;
    std::string header, header_file;
    std::map<std::size_t, std::pair<std::string, std::string>> rows;  // grid index → (line, part file)
    for (const std::filesystem::path& file : files) {
        Part part = read_part(file);
        if (identity.empty()) {
            identity = part.identity;
            total = part.rows;
        }
        if (part.identity != identity || part.rows != total)
            throw DataError(file.string(), 1, 0,
                            "this part belongs to another sweep than " + files.front().string() +
                                " (another data file, method, parameters, grid or seeds)");
        if (!part.header.empty()) {
            if (header.empty()) {
                header = part.header;
                header_file = file.string();
            } else if (part.header != header) {
                throw DataError(file.string(), 2, 0, "this part's columns differ from those of " + header_file);
            }
        }
        for (auto& [index, line] : part.lines) {
            const auto [at, added] = rows.emplace(index, std::make_pair(std::move(line), file.string()));
            if (!added)
                throw DataError(file.string(), 0, 0, "row " + std::to_string(index) + " is also in " + at->second.second);
        }
    }
    std::vector<std::size_t> missing;
    for (std::size_t index = 0; index < total; ++index)
        if (!rows.contains(index)) missing.push_back(index);
    if (!missing.empty()) {
        std::string listed;
        for (std::size_t k = 0; k < missing.size() && k < kMissingListed; ++k) listed += (k ? ", " : "") + std::to_string(missing[k]);
        if (missing.size() > kMissingListed) listed += ", …";
        throw Error(std::to_string(missing.size()) + " of the sweep's " + std::to_string(total) + " rows are in no part (rows " +
                    listed + ", counted from 0); run their shards and merge again");
    }
    std::string csv = header + '\n';
    for (const auto& [index, line] : rows) csv += line.first + '\n';
    return csv;
}

}  // namespace treelab
