#pragma once
// Ctrl+C (SIGINT) and SIGTERM during a long command: the first one asks the work to stop at the
// next progress report, as Stop does in the workbench, so the command can write what it has; a
// second one ends the process at once by the signal's default action.
#include <stdexcept>
#include <string>

namespace treelab::cli {

// Installs the handlers for its lifetime (the command's callback) and restores the previous ones.
class InterruptSignal {
public:
    InterruptSignal();
    ~InterruptSignal();
    InterruptSignal(const InterruptSignal&) = delete;
    InterruptSignal& operator=(const InterruptSignal&) = delete;

    // Whether a first signal came; what a training progress callback reads (return !requested()).
    static bool requested();
    // The signal that came (SIGINT, SIGTERM), 0 when none.
    static int signal_number();
};

// Thrown by a command after it wrote what an interrupted run had: main prints the message and
// exits with 128 + the signal's number (130 for SIGINT, 143 for SIGTERM), as shells report it.
class Interrupted : public std::runtime_error {
public:
    explicit Interrupted(const std::string& what_was_kept);
    int exit_code() const { return exit_code_; }

private:
    int exit_code_;
};

}  // namespace treelab::cli
