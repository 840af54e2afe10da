#include "core/data/gzip_input.h"

#include "core/error.h"

namespace treelab {
namespace {

constexpr int kGzipWindow = 15 + 16;  // zlib's largest window, gzip header and trailer (zlib.h, inflateInit2)

}  // namespace

bool starts_with_gzip_magic(std::istream& input) {
    const std::istream::pos_type here = input.tellg();
    char magic[2] = {};
    input.read(magic, 2);
    const bool gzip = input.gcount() == 2 && static_cast<unsigned char>(magic[0]) == 0x1f &&
                      static_cast<unsigned char>(magic[1]) == 0x8b;
    input.clear();
    input.seekg(here);
    return gzip;
}

GzipInput::GzipInput(std::istream& compressed, std::string source) : compressed_(compressed), source_(std::move(source)) {
    if (inflateInit2(&stream_, kGzipWindow) != Z_OK) fail("zlib could not start inflating");
    setg(out_.data(), out_.data(), out_.data());
}

GzipInput::~GzipInput() { inflateEnd(&stream_); }

void GzipInput::fail(const std::string& what) const {
    throw DataError(source_, 0, 0, "this gzip-compressed file cannot be read: " + what);
}

GzipInput::int_type GzipInput::underflow() {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    stream_.next_out = reinterpret_cast<Bytef*>(out_.data());
    stream_.avail_out = static_cast<uInt>(out_.size());
    while (stream_.avail_out == out_.size()) {
        if (stream_.avail_in == 0) {
            compressed_.read(in_.data(), static_cast<std::streamsize>(in_.size()));
            stream_.next_in = reinterpret_cast<Bytef*>(in_.data());
            stream_.avail_in = static_cast<uInt>(compressed_.gcount());
            compressed_read_ += stream_.avail_in;
            if (stream_.avail_in == 0) {
                if (!member_ended_) fail("it ends before its compressed data does (a truncated file)");
                return traits_type::eof();
            }
        }
        if (member_ended_) {  // another member follows the one that ended
            if (inflateReset(&stream_) != Z_OK) fail("zlib could not start the next member");
            member_ended_ = false;
        }
        const int status = inflate(&stream_, Z_NO_FLUSH);
        if (status == Z_STREAM_END)
            member_ended_ = true;
        else if (status != Z_OK && status != Z_BUF_ERROR)
            fail(stream_.msg != nullptr ? stream_.msg : "zlib error " + std::to_string(status));
    }
    setg(out_.data(), out_.data(), out_.data() + (out_.size() - stream_.avail_out));
    return traits_type::to_int_type(*gptr());
}

}  // namespace treelab
