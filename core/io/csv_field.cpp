#include "core/io/csv_field.h"

namespace treelab {

std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text) quoted += (c == '"') ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

std::optional<std::vector<std::string>> csv_fields(const std::string& line) {
    const std::size_t end = !line.empty() && line.back() == '\r' ? line.size() - 1 : line.size();
    std::vector<std::string> fields;
    std::size_t at = 0;
    while (true) {
        std::string field;
        if (at < end && line[at] == '"') {
            for (++at;; ++at) {
                if (at >= end) return std::nullopt;  // the quote is never closed
                if (line[at] != '"') {
                    field += line[at];
                } else if (at + 1 < end && line[at + 1] == '"') {
                    field += '"';
                    ++at;
                } else {
                    ++at;
                    break;
                }
            }
            if (at < end && line[at] != ',') return std::nullopt;  // text after the closing quote
        } else {
            const std::size_t comma = line.find(',', at);
            const std::size_t stop = comma == std::string::npos || comma > end ? end : comma;
            field = line.substr(at, stop - at);
            at = stop;
        }
        fields.push_back(std::move(field));
        if (at >= end) return fields;
        ++at;  // past the comma; a line ending in one has a last, empty field
        if (at == end) {
            fields.emplace_back();
            return fields;
        }
    }
}

}  // namespace treelab
