#include "app/cli/csv_format_options.h"

namespace treelab::cli {

void CsvFormatOptions::bind(CLI::App& command) {
    command.add_option("--delimiter", delimiter, "field delimiter: one character or 'tab' (default: detected from the header line)");
    command.add_option("--decimal", decimal, "decimal separator, . or , (default: detected; a comma when the delimiter is not one and the first lines hold numbers such as 1,5)");
    command.add_option("--encoding", encoding, "utf-8 | windows-1252 | latin-1 | utf-16le | utf-16be (default: detected; UTF-16 by its byte-order mark, Windows-1252 when the text is not UTF-8)");
}

CsvOptions CsvFormatOptions::to_csv_options() const {
    CsvOptions options;
    if (!delimiter.empty()) options.delimiter = csv_delimiter_from_string(delimiter);
    if (!decimal.empty()) options.decimal = csv_decimal_from_string(decimal);
    if (!encoding.empty()) options.encoding = csv_encoding_from_string(encoding);
    return options;
}

}  // namespace treelab::cli
