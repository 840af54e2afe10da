#pragma once
// Runs the treelab-cli binary under test and captures what a user would see.
#include <string>
#include <vector>

#include <sys/types.h>

#include "tests/support/test_support.h"

namespace treelab::test {

struct CommandResult {
    int exit_code = -1;
    std::string out, err;
};

// `arguments` after the program name; stderr goes through a file in `dir`. `environment` is put
// before the command as `env` takes it, read by the shell ("NAME=value NAME2='a*b'").
CommandResult run_cli(const std::string& arguments, const TempDir& dir, const std::string& environment = "");

// treelab-cli running beside the test, for what needs the test to act while it runs (signals):
// its stdout and stderr are read as it writes them.
class CliProcess {
public:
    explicit CliProcess(const std::vector<std::string>& arguments);
    ~CliProcess();  // kills a process still running
    CliProcess(const CliProcess&) = delete;
    CliProcess& operator=(const CliProcess&) = delete;

    // Reads stderr until it holds `text`; false when the process closed it first (or after a
    // minute, a guard against a hang, not a timing check).
    bool wait_for_stderr(const std::string& text);
    void send(int signal_number) const;
    // Reads the rest of both streams and waits for the end: the wait status (WIFEXITED, ...).
    int wait();
    const std::string& out() const { return out_; }
    const std::string& err() const { return err_; }

private:
    bool read_some();  // false when both streams are closed or nothing came for a minute
    pid_t pid_ = -1;
    int out_fd_ = -1, err_fd_ = -1;
    std::string out_, err_;
};

}  // namespace treelab::test
