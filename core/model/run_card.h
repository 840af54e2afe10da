#pragma once
// Everything needed to reproduce a run, stored in the model file.
#include <cstdint>
#include <map>
#include <string>

#include "core/data/feature_pipeline.h"
#include "core/data/target_encoding.h"

namespace treelab {

struct RunCard {
    std::string method;                         // "cart", ...
    std::map<std::string, std::string> params;  // every hyperparameter, canonical text
    std::uint32_t seed = 0;
    std::string data_file;                      // file name as given
    std::string data_sha256;                    // hex digest of the file's bytes
    std::string split;                          // e.g. "0.6,0.2,0.2"
    std::string split_mode;                     // "stratified" | "shuffled" | "gradtree"
    std::string command_line;                   // the equivalent treelab-cli command
    std::string treelab_version;
    // The scaling applied, and whether the user chose it: "zscore", "quantile-gradtree" or
    // "zscore (auto: the method's default)". Empty in model files written before it existed.
    std::string scaling;
    // How the reader took the data file (given or detected): "," or "tab", "." or ",", "utf-8",
    // "latin-1", ... Empty in model files written before they were recorded.
    std::string data_delimiter, data_decimal, data_encoding;
    // How text columns were allowed to read as numbers: "thousands auto, percent auto, dates auto"
    // (--thousands, --percent, --dates), and what became of the columns that did not read plain,
    // one "name: what" per column, joined by "; " ("d: date, as days since 1970-01-01; name: left
    // out: identifier-like: ..."). Empty in model files written before they were recorded.
    std::string data_reading{}, data_columns{};
};

}  // namespace treelab
