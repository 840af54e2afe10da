#pragma once
// Internal to core/data: a text input read block by block as UTF-8, whatever its encoding.
// Detected (unless given): a UTF-8 byte-order mark (dropped), UTF-16 LE or BE by its byte-order
// mark, Windows-1252 when the first block is not valid UTF-8 (what spreadsheets on Windows write:
// Latin-1 with €, ’, “ … where Latin-1 has control characters; as the WHATWG Encoding Standard
// reads a file labelled Latin-1), else UTF-8. UTF-16, Windows-1252 and Latin-1 are converted to
// UTF-8, so that levels and names read the same whatever the file's encoding.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace treelab {

enum class TextEncoding { Utf8, Windows1252, Latin1, Utf16Le, Utf16Be };
std::string to_string(TextEncoding encoding);  // "utf-8", "windows-1252", "latin-1", "utf-16le", "utf-16be"
// Those names (and cp1252, latin1, iso-8859-1, utf8); throws ParamError listing them.
TextEncoding text_encoding_from_string(const std::string& text);

class TextSource {
public:
    // `encoding`: empty = detect from the first block.
    TextSource(std::istream& input, const std::string& source, const std::string& encoding);

    // Appends UTF-8 text to buffer[from, ...) within its size; returns the new fill. At least one
    // byte is added unless the input has ended.
    std::size_t fill(std::vector<char>& buffer, std::size_t from);
    bool ended() const { return ended_ && carry_.empty(); }
    std::uint64_t raw_bytes_read() const { return raw_read_; }
    TextEncoding encoding() const { return encoding_; }

private:
    std::size_t decode(const char* bytes, std::size_t size, char* out);

    std::istream& input_;
    const std::string& source_;
    bool detect_;
    bool settled_ = false;
    bool ended_ = false;
    TextEncoding encoding_ = TextEncoding::Utf8;
    std::uint64_t raw_read_ = 0;
    std::vector<char> raw_;
    std::string carry_;  // bytes of a character cut by the block's end (UTF-16)
};

}  // namespace treelab
