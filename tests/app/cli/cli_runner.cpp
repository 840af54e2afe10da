#include "tests/app/cli/cli_runner.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace treelab::test {

CommandResult run_cli(const std::string& arguments, const TempDir& dir, const std::string& environment) {
    const std::string err_file = dir.file("stderr.txt").string();
    const std::string command =
        (environment.empty() ? "" : "env " + environment + " ") + std::string(TREELAB_CLI) + " " + arguments + " 2>" + err_file;
    CommandResult result;
    FILE* pipe = popen(command.c_str(), "r");
    std::array<char, 4096> buffer{};
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) result.out.append(buffer.data(), n);
    const int status = pclose(pipe);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream err(err_file);
    std::ostringstream text;
    text << err.rdbuf();
    result.err = text.str();
    return result;
}

CliProcess::CliProcess(const std::vector<std::string>& arguments) {
    int out[2], err[2];
    if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) return;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
    for (const int fd : {out[0], out[1], err[0], err[1]}) posix_spawn_file_actions_addclose(&actions, fd);
    std::vector<std::string> words{TREELAB_CLI};
    words.insert(words.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    // The child starts with SIGINT and SIGTERM at their default actions, whatever the test runner set.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
    if (posix_spawn(&pid_, TREELAB_CLI, &actions, &attributes, argv.data(), environ) != 0) pid_ = -1;
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    close(err[1]);
    out_fd_ = out[0];
    err_fd_ = err[0];
}

CliProcess::~CliProcess() {
    if (pid_ > 0) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
    for (const int fd : {out_fd_, err_fd_})
        if (fd >= 0) close(fd);
}

bool CliProcess::read_some() {
    pollfd fds[2] = {{out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
    if (out_fd_ < 0 && err_fd_ < 0) return false;
    if (poll(fds, 2, 60'000) <= 0) return false;
    std::array<char, 4096> buffer{};
    for (int i = 0; i < 2; ++i) {
        if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        const ssize_t n = read(fds[i].fd, buffer.data(), buffer.size());
        if (n > 0) {
            (i == 0 ? out_ : err_).append(buffer.data(), static_cast<std::size_t>(n));
        } else {
            close(fds[i].fd);
            (i == 0 ? out_fd_ : err_fd_) = -1;
        }
    }
    return true;
}

bool CliProcess::wait_for_stderr(const std::string& text) {
    while (err_.find(text) == std::string::npos)
        if (!read_some()) return false;
    return true;
}

void CliProcess::send(int signal_number) const { kill(pid_, signal_number); }

int CliProcess::wait() {
    while (read_some()) {
    }
    // A stream still open here went a minute without a byte: a hang, which the status then shows.
    if (out_fd_ >= 0 || err_fd_ >= 0) kill(pid_, SIGKILL);
    int status = -1;
    if (pid_ > 0 && waitpid(pid_, &status, 0) == pid_) pid_ = -1;
    return status;
}

}  // namespace treelab::test
