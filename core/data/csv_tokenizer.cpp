#include "core/data/csv_tokenizer.h"

#include <cstring>

#include "core/error.h"

namespace treelab {

CsvTokenizer::CsvTokenizer(const std::string& source, char delimiter) : source_(source), delimiter_(delimiter) {
    for (const char stop : {delimiter, '\r', '\n', '"', '\0'}) stops_[static_cast<unsigned char>(stop)] = true;
}

void CsvTokenizer::throw_nul(std::size_t line) const {
    throw DataError(source_, line, row_fields() + 1,
                    "a NUL byte in field " + std::to_string(row_fields() + 1) +
                        "; text files hold none: this is a binary file, or UTF-16 without a byte-order mark "
                        "(give --encoding utf-16le or utf-16be)");
}

void CsvTokenizer::throw_stray_quote(std::size_t field) const {
    throw DataError(source_, line_, field,
                    "a quote inside an unquoted field, or text after a closing quote; enclose the field in "
                    "quotes and write a quote inside it as \"\"");
}

CsvTokenizer::Step CsvTokenizer::after_field(const char*& p, const char* end, bool last) {
    if (p == end) return last ? Step::RowEnd : Step::Incomplete;
    if (*p == delimiter_) {
        ++p;
        return Step::Field;
    }
    if (*p == '\n') {
        ++p;
        ++line_;
        return Step::RowEnd;
    }
    if (*p == '\r') {
        if (p + 1 == end && !last) return Step::Incomplete;  // an LF may follow in the next block
        p += p + 1 < end && p[1] == '\n' ? 2 : 1;
        ++line_;
        return Step::RowEnd;
    }
    throw_stray_quote(row_fields());
}

CsvTokenizer::Step CsvTokenizer::read_quoted(const char*& p, const char* end, bool last) {
    const std::size_t open_line = line_;
    const char* content = p + 1;
    const char* close = content;
    bool escaped = false;
    for (;;) {
        close = static_cast<const char*>(std::memchr(close, '"', static_cast<std::size_t>(end - close)));
        if (close == nullptr || (close + 1 == end && !last)) {
            if (!last) return Step::Incomplete;
            throw DataError(source_, open_line, row_fields() + 1,
                            "the quote opened here is never closed; add the closing \" (a quote inside a quoted "
                            "field is written \"\")");
        }
        if (close + 1 == end || close[1] != '"') break;
        escaped = true;
        close += 2;
    }
    const std::string_view text(content, static_cast<std::size_t>(close - content));
    for (std::size_t at = 0; (at = text.find_first_of(std::string_view("\n\0", 2), at)) != text.npos; ++at) {
        if (text[at] == '\0') throw_nul(line_);
        ++line_;
    }
    if (escaped) {
        std::string& unescaped = out_->unescaped.emplace_back();
        for (std::size_t k = 0; k < text.size(); ++k) {
            unescaped += text[k];
            k += text[k] == '"';  // the second quote of a pair
        }
        out_->fields.push_back({unescaped, true});
    } else {
        out_->fields.push_back({text, true});
    }
    p = close + 1;
    while (p < end && is_pad(*p)) ++p;
    return after_field(p, end, last);
}

CsvTokenizer::Step CsvTokenizer::read_field(const char*& p, const char* end, bool last) {
    while (p < end && is_pad(*p)) ++p;
    if (p < end && *p == '"') return read_quoted(p, end, last);
    const char* start = p;
    while (p < end && !stops_[static_cast<unsigned char>(*p)]) ++p;
    if (p < end && *p == '"') throw_stray_quote(row_fields() + 1);
    if (p < end && *p == '\0' && delimiter_ != '\0') throw_nul(line_);
    const char* stop = p;
    while (stop > start && is_pad(stop[-1])) --stop;
    out_->fields.push_back({std::string_view(start, static_cast<std::size_t>(stop - start)), false});
    return after_field(p, end, last);
}

std::size_t CsvTokenizer::parse(const char* block, std::size_t size, bool last, CsvRows& out) {
    out_ = &out;
    const char* p = block;
    const char* const end = block + size;
    while (p < end) {
        const char* const row_start = p;
        const std::size_t row_line = line_;
        row_first_field_ = out.fields.size();
        const std::size_t unescaped_before = out.unescaped.size();
        Step step = Step::Field;
        while (step == Step::Field) step = read_field(p, end, last);
        if (step == Step::Incomplete) {
            line_ = row_line;
            out.fields.resize(row_first_field_);
            out.unescaped.resize(unescaped_before);
            return static_cast<std::size_t>(row_start - block);
        }
        const bool blank = row_fields() == 1 && !out.fields.back().quoted && out.fields.back().text.empty();
        if (blank) {
            out.fields.pop_back();
            continue;
        }
        out.rows.push_back({row_first_field_, row_fields(), row_line, static_cast<std::size_t>(p - block)});
    }
    return size;
}

}  // namespace treelab
