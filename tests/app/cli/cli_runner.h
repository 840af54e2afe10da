#pragma once
// Runs the treelab-cli binary under test and captures what a user would see.
#include <string>

#include "tests/support/test_support.h"

namespace treelab::test {

struct CommandResult {
    int exit_code = -1;
    std::string out, err;
};

// `arguments` after the program name; stderr goes through a file in `dir`.
CommandResult run_cli(const std::string& arguments, const TempDir& dir);

}  // namespace treelab::test
