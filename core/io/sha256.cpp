#include "core/io/sha256.h"

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include <openssl/evp.h>

#include "core/error.h"

namespace treelab {
namespace {

using DigestContext = std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)>;

DigestContext start_digest() {
    DigestContext context(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1)
        throw Error("SHA-256 is not available from OpenSSL");
    return context;
}

void update(EVP_MD_CTX* context, const void* bytes, std::size_t size) {
    if (EVP_DigestUpdate(context, bytes, size) != 1) throw Error("OpenSSL failed to compute a SHA-256 digest");
}

std::string finish_hex(EVP_MD_CTX* context) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int size = 0;
    if (EVP_DigestFinal_ex(context, digest.data(), &size) != 1)
        throw Error("OpenSSL failed to compute a SHA-256 digest");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(2 * size);
    for (unsigned int i = 0; i < size; ++i) {
        hex += kHex[digest[i] >> 4];
        hex += kHex[digest[i] & 0x0f];
    }
    return hex;
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
    const DigestContext context = start_digest();
    update(context.get(), bytes.data(), bytes.size());
    return finish_hex(context.get());
}

// Streams the file in chunks, so data files larger than memory can be hashed.
std::string sha256_of_file(const std::filesystem::path& file) {
    const std::unique_ptr<std::FILE, decltype(&std::fclose)> in(std::fopen(file.c_str(), "rb"), &std::fclose);
    if (!in) throw Error("cannot read " + file.string() + ": " + std::strerror(errno));
    const DigestContext context = start_digest();
    std::array<char, 1 << 16> chunk;
    std::size_t got = 0;
    while ((got = std::fread(chunk.data(), 1, chunk.size(), in.get())) > 0) update(context.get(), chunk.data(), got);
    if (std::ferror(in.get())) throw Error("cannot read " + file.string() + ": " + std::strerror(errno));
    return finish_hex(context.get());
}

}  // namespace treelab
