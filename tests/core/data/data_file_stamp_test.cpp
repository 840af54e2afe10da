// A data file changed on disk after loading is noticed: by its size, or by its hash when the size
// and the modification time cannot tell; a file saved again with the same bytes has not changed.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "core/data/data_file_stamp.h"
#include "core/error.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// A file left alone has not changed; one rewritten with more rows has; one removed has.
TEST(DataFileStamp, SizeAndRemovalAreChanges) {
    test::TempDir dir;
    const fs::path file = dir.write("t.csv", "x,y\n1,2\n");
    const DataFileStamp stamp = stamp_data_file(file);
    EXPECT_EQ(stamp.size, 8u);
    EXPECT_FALSE(changed_since(stamp));
    dir.write("t.csv", "x,y\n1,2\n3,4\n");
    EXPECT_TRUE(changed_since(stamp));
    fs::remove(file);
    EXPECT_TRUE(changed_since(stamp));
}

// The same size and a new modification time: the hash decides (an edited digit is a change, the
// same bytes saved again are not).
TEST(DataFileStamp, SameSizeIsDecidedByTheHash) {
    test::TempDir dir;
    const fs::path file = dir.write("t.csv", "x,y\n1,2\n");
    const DataFileStamp stamp = stamp_data_file(file);
    dir.write("t.csv", "x,y\n1,2\n");
    fs::last_write_time(file, stamp.modified + 5s);
    EXPECT_FALSE(changed_since(stamp));
    dir.write("t.csv", "x,y\n1,3\n");
    fs::last_write_time(file, stamp.modified + 5s);
    EXPECT_TRUE(changed_since(stamp));
}

// A file modified just before it was stamped may be modified again within the same clock tick:
// even with the same size and time, the hash is asked.
TEST(DataFileStamp, RecentModificationTimeIsNotTrusted) {
    test::TempDir dir;
    const fs::path file = dir.write("t.csv", "x,y\n1,2\n");
    const DataFileStamp stamp = stamp_data_file(file);
    ASSERT_TRUE(stamp.modified_recently);
    dir.write("t.csv", "x,y\n9,2\n");
    fs::last_write_time(file, stamp.modified);
    EXPECT_TRUE(changed_since(stamp));
}

// An old file whose size and time are unchanged is not read again (the hash is not asked): the
// quick check make and rsync make.
TEST(DataFileStamp, OldFileWithSameSizeAndTimeIsNotHashed) {
    test::TempDir dir;
    const fs::path file = dir.write("t.csv", "x,y\n1,2\n");
    const fs::file_time_type old = fs::file_time_type::clock::now() - 1h;
    fs::last_write_time(file, old);
    const DataFileStamp stamp = stamp_data_file(file);
    ASSERT_FALSE(stamp.modified_recently);
    dir.write("t.csv", "x,y\n1,3\n");
    fs::last_write_time(file, old);
    EXPECT_FALSE(changed_since(stamp));
}

// A file that cannot be read is refused with its name.
TEST(DataFileStamp, MissingFileIsNamed) {
    test::TempDir dir;
    try {
        stamp_data_file(dir.file("none.csv"));
        FAIL() << "no error";
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find("none.csv"), std::string::npos) << error.what();
    }
}

}  // namespace
}  // namespace treelab
