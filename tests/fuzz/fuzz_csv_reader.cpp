// parse_csv on arbitrary bytes. The first byte picks the options: the delimiter (detected, ',', ';'
// or tab), whether there is a header row, the decimal separator (detected, '.' or ',') and the
// encoding (detected or one of the four); the second byte the block size (16 to 271 bytes, or the
// default 1 MiB), so that rows, quoted fields and UTF-16 characters are cut by blocks' ends. The
// rest is the file. DataError is the expected refusal (and ParamError for a decimal separator equal
// to the delimiter); any other exception, crash, hang or sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/data/csv_reader.h"
#include "core/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    constexpr char kDelimiters[] = {0, ',', ';', '\t'};
    constexpr char kDecimals[] = {0, '.', ',', 0};
    const char* const kEncodings[] = {"", "", "", "windows-1252", "utf-8", "latin-1", "utf-16le", "utf-16be"};
    treelab::CsvOptions options;
    options.delimiter = kDelimiters[data[0] & 3];
    options.header = (data[0] & 4) == 0;
    options.decimal = kDecimals[(data[0] >> 3) & 3];
    options.encoding = kEncodings[data[0] >> 5];
    if (data[1] != 0xFF) options.block_bytes = 16 + data[1];
    std::istringstream input(std::string(reinterpret_cast<const char*>(data) + 2, size - 2));
    try {
        treelab::parse_csv(input, "fuzz.csv", options);
    } catch (const treelab::DataError&) {
    } catch (const treelab::ParamError&) {
    }
    return 0;
}
