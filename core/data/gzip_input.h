#pragma once
// Internal to core/data: a gzip-compressed file (data.csv.gz, as pandas reads directly) inflated
// by zlib as it is read, so the CSV reader streams it as it streams plain text. Members written
// one after another (gzip's concatenation) are read in turn.
#include <array>
#include <cstdint>
#include <istream>
#include <streambuf>
#include <string>

#include <zlib.h>

namespace treelab {

// Whether `input` starts with gzip's magic bytes 1f 8b; leaves the read position where it was.
bool starts_with_gzip_magic(std::istream& input);

class GzipInput : public std::streambuf {
public:
    // `source` names the file in messages. Reading throws DataError when the data is not gzip or
    // is corrupt or truncated.
    GzipInput(std::istream& compressed, std::string source);
    ~GzipInput() override;
    GzipInput(const GzipInput&) = delete;
    GzipInput& operator=(const GzipInput&) = delete;

    // Compressed bytes inflated so far: where in the file a corrupt or truncated stream failed.
    std::uint64_t compressed_bytes_used() const { return compressed_read_ - stream_.avail_in; }

protected:
    int_type underflow() override;

private:
    [[noreturn]] void fail(const std::string& what) const;

    std::istream& compressed_;
    std::string source_;
    z_stream stream_{};
    std::uint64_t compressed_read_ = 0;
    bool member_ended_ = false;  // the last member's end was met; more input starts another
    std::array<char, 1 << 16> in_{};
    std::array<char, 1 << 18> out_{};
};

}  // namespace treelab
