// parse_csv on arbitrary bytes: the first byte picks the delimiter (detected, ',', ';' or tab) and
// whether there is a header row; the rest is the file. DataError is the expected refusal; any other
// exception, crash or sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/data/csv_reader.h"
#include "core/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    constexpr char kDelimiters[] = {0, ',', ';', '\t'};
    treelab::CsvOptions options;
    options.delimiter = kDelimiters[data[0] % 4];
    options.header = (data[0] & 4) == 0;
    std::istringstream input(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
    try {
        treelab::parse_csv(input, "fuzz.csv", options);
    } catch (const treelab::DataError&) {
    }
    return 0;
}
