#include "core/data/text_source.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <string_view>

#include "core/error.h"

namespace treelab {
namespace {

constexpr std::array<std::pair<std::string_view, TextEncoding>, 9> kNames = {{
    {"utf-8", TextEncoding::Utf8},
    {"utf8", TextEncoding::Utf8},
    {"windows-1252", TextEncoding::Windows1252},
    {"cp1252", TextEncoding::Windows1252},
    {"latin-1", TextEncoding::Latin1},
    {"latin1", TextEncoding::Latin1},
    {"iso-8859-1", TextEncoding::Latin1},
    {"utf-16le", TextEncoding::Utf16Le},
    {"utf-16be", TextEncoding::Utf16Be},
}};

// Whether `text` is UTF-8; a character cut by the end counts as valid unless the input ends there.
bool is_utf8(std::string_view text, bool ends) {
    for (std::size_t k = 0; k < text.size();) {
        const auto lead = static_cast<unsigned char>(text[k]);
        const std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
        if (length == 0 || (length == 2 && lead < 0xC2)) return false;
        for (std::size_t next = 1; next < length; ++next) {
            if (k + next >= text.size()) return !ends;
            if ((static_cast<unsigned char>(text[k + next]) & 0xC0) != 0x80) return false;
        }
        k += length;
    }
    return true;
}

char* put_utf8(char32_t code, char* out) {
    if (code < 0x80) {
        *out++ = static_cast<char>(code);
    } else if (code < 0x800) {
        *out++ = static_cast<char>(0xC0 | (code >> 6));
        *out++ = static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        *out++ = static_cast<char>(0xE0 | (code >> 12));
        *out++ = static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        *out++ = static_cast<char>(0x80 | (code & 0x3F));
    } else {
        *out++ = static_cast<char>(0xF0 | (code >> 18));
        *out++ = static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        *out++ = static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        *out++ = static_cast<char>(0x80 | (code & 0x3F));
    }
    return out;
}

constexpr char32_t kReplacement = 0xFFFD;  // for a broken UTF-16 surrogate pair

// Windows-1252's bytes 0x80-0x9F (the WHATWG Encoding Standard's index-windows-1252); the five it
// leaves undefined read as Latin-1 does. Every other byte is its Latin-1 code point.
constexpr std::array<char32_t, 32> kWindows1252High = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

char32_t windows1252(unsigned char byte) { return byte >= 0x80 && byte < 0xA0 ? kWindows1252High[byte - 0x80] : byte; }

}  // namespace

std::string to_string(TextEncoding encoding) {
    switch (encoding) {
    case TextEncoding::Utf8: return "utf-8";
    case TextEncoding::Windows1252: return "windows-1252";
    case TextEncoding::Latin1: return "latin-1";
    case TextEncoding::Utf16Le: return "utf-16le";
    case TextEncoding::Utf16Be: return "utf-16be";
    }
    return "utf-8";
}

TextEncoding text_encoding_from_string(const std::string& text) {
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const auto& [name, encoding] : kNames)
        if (lower == name) return encoding;
    throw ParamError("unknown encoding '" + text + "'; choose utf-8, windows-1252, latin-1, utf-16le or utf-16be");
}

TextSource::TextSource(std::istream& input, const std::string& source, const std::string& encoding)
    : input_(input), source_(source), detect_(encoding.empty()) {
    if (!detect_) encoding_ = text_encoding_from_string(encoding);
}

std::size_t TextSource::fill(std::vector<char>& buffer, std::size_t from) {
    if (ended_ && carry_.empty()) return from;
    // Latin-1 and UTF-16 may take up to twice their bytes as UTF-8, Windows-1252 three times (€),
    // and so may the first block, whose encoding is not known yet; neither of those carries bytes.
    const std::size_t space = buffer.size() - from;
    const bool triple = !settled_ || encoding_ == TextEncoding::Windows1252;
    const std::size_t request = settled_ && encoding_ == TextEncoding::Utf8 ? space
                                : triple                                     ? space / 3
                                                                             : space / 2 - carry_.size();
    raw_.resize(carry_.size() + request);
    std::copy(carry_.begin(), carry_.end(), raw_.begin());
    input_.read(raw_.data() + carry_.size(), static_cast<std::streamsize>(request));
    if (input_.bad()) throw DataError(source_, 0, 0, "reading the file failed");
    const auto got = static_cast<std::size_t>(input_.gcount());
    ended_ = got < request;
    raw_read_ += got;
    const std::size_t size = carry_.size() + got;
    carry_.clear();
    std::size_t skip = 0;
    if (!settled_) {
        const std::string_view head(raw_.data(), size);
        const bool utf16_given = !detect_ && (encoding_ == TextEncoding::Utf16Le || encoding_ == TextEncoding::Utf16Be);
        if (head.starts_with("\xEF\xBB\xBF") && (detect_ || encoding_ == TextEncoding::Utf8)) {
            encoding_ = TextEncoding::Utf8;
            skip = 3;
        } else if (head.starts_with("\xFF\xFE") && (detect_ || utf16_given)) {
            encoding_ = TextEncoding::Utf16Le;
            skip = 2;
        } else if (head.starts_with("\xFE\xFF") && (detect_ || utf16_given)) {
            encoding_ = TextEncoding::Utf16Be;
            skip = 2;
        } else if (detect_) {
            encoding_ = is_utf8(head, ended_) ? TextEncoding::Utf8 : TextEncoding::Windows1252;
        }
        settled_ = true;
    }
    return from + decode(raw_.data() + skip, size - skip, buffer.data() + from);
}

std::size_t TextSource::decode(const char* bytes, std::size_t size, char* out) {
    char* const start = out;
    switch (encoding_) {
    case TextEncoding::Utf8: std::memcpy(out, bytes, size); return size;
    case TextEncoding::Latin1:
        for (std::size_t k = 0; k < size; ++k) out = put_utf8(static_cast<unsigned char>(bytes[k]), out);
        return static_cast<std::size_t>(out - start);
    case TextEncoding::Windows1252:
        for (std::size_t k = 0; k < size; ++k) out = put_utf8(windows1252(static_cast<unsigned char>(bytes[k])), out);
        return static_cast<std::size_t>(out - start);
    case TextEncoding::Utf16Le:
    case TextEncoding::Utf16Be: break;
    }
    const bool little = encoding_ == TextEncoding::Utf16Le;
    const auto unit_at = [&](std::size_t k) {
        const auto first = static_cast<unsigned char>(bytes[k]), second = static_cast<unsigned char>(bytes[k + 1]);
        return static_cast<char32_t>(little ? first | second << 8 : first << 8 | second);
    };
    std::size_t k = 0;
    while (k + 1 < size) {
        const char32_t unit = unit_at(k);
        if (unit >= 0xD800 && unit < 0xDC00) {
            if (k + 3 >= size && !ended_) break;  // the low half is in the next block
            const char32_t low = k + 3 < size ? unit_at(k + 2) : 0;
            if (low >= 0xDC00 && low < 0xE000) {
                out = put_utf8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), out);
                k += 4;
                continue;
            }
            out = put_utf8(kReplacement, out);
        } else {
            out = put_utf8(unit >= 0xDC00 && unit < 0xE000 ? kReplacement : unit, out);
        }
        k += 2;
    }
    if (ended_ && k < size) {  // an odd last byte
        out = put_utf8(kReplacement, out);
        k = size;
    }
    carry_.assign(bytes + k, size - k);
    return static_cast<std::size_t>(out - start);
}

}  // namespace treelab
