#include <fstream>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/io/sha256.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// The digests of "abc" and of the empty string are the FIPS 180-2 test vectors.
TEST(Sha256, KnownVectors) {
    EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

// A file spanning several read chunks hashes to the digest `sha256sum` printed for the same bytes.
TEST(Sha256, FileMatchesSha256sum) {
    const test::TempDir dir;
    std::string bytes(200000, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>((i * 7 + 3) % 251);
    const std::filesystem::path file = dir.write("blob.bin", bytes);
    // sha256sum of the same 200000 bytes
    EXPECT_EQ(sha256_of_file(file), "d2979f63fc353288130be1837d34f088e378e76c5baa67b8a6077c950db3c286");
    EXPECT_EQ(sha256_hex(bytes), sha256_of_file(file));
}

// A file that cannot be read is reported with its name and the system's reason.
TEST(Sha256, MissingFileThrows) {
    const test::TempDir dir;
    try {
        sha256_of_file(dir.file("absent.csv"));
        FAIL() << "expected treelab::Error";
    } catch (const Error& error) {
        EXPECT_EQ(std::string(error.what()), "cannot read " + dir.file("absent.csv").string() + ": No such file or directory");
    }
}

}  // namespace
}  // namespace treelab
