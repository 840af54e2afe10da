#pragma once
// --delimiter, --decimal and --encoding: how a CSV file is written when detection would guess
// wrong. Every command that reads a CSV registers them here, so their texts and parsing are one.
#include <string>

#include <CLI/CLI.hpp>

#include "core/data/csv_reader.h"

namespace treelab::cli {

struct CsvFormatOptions {
    std::string delimiter, decimal, encoding;  // empty = detected by the reader

    void bind(CLI::App& command);
    // The reader's options with these overrides; throws ParamError for a value it does not know.
    CsvOptions to_csv_options() const;
};

}  // namespace treelab::cli
