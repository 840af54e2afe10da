#include "app/cli/interrupt_signal.h"

#include <atomic>
#include <csignal>

#include <unistd.h>

namespace treelab::cli {
namespace {

// Lock-free, so safe to store from a handler and to read from the training threads.
std::atomic<int> received{0};
static_assert(std::atomic<int>::is_always_lock_free);
struct sigaction previous_int, previous_term;

// Async-signal-safe: a flag store, and on the second signal sigaction and raise (both on POSIX's
// list). The signal is blocked while its handler runs, so the raised one is delivered, with the
// default action, as soon as the handler returns.
extern "C" void on_signal(int number) {
    if (received != 0) {
        struct sigaction default_action {};
        default_action.sa_handler = SIG_DFL;
        sigemptyset(&default_action.sa_mask);
        sigaction(number, &default_action, nullptr);
        raise(number);
        return;
    }
    received = number;
    static constexpr char kNotice[] =
        "\ntreelab-cli: stopping at the next progress report to write what is finished; send the signal again "
        "(Ctrl+C) to end at once\n";
    [[maybe_unused]] const ssize_t ignored = write(STDERR_FILENO, kNotice, sizeof kNotice - 1);
}

const char* signal_name(int number) { return number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "a signal"; }

}  // namespace

InterruptSignal::InterruptSignal() {
    received = 0;
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    // Reads and writes in progress resume instead of failing with EINTR.
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, &previous_int);
    sigaction(SIGTERM, &action, &previous_term);
}

InterruptSignal::~InterruptSignal() {
    sigaction(SIGINT, &previous_int, nullptr);
    sigaction(SIGTERM, &previous_term, nullptr);
}

bool InterruptSignal::requested() { return received != 0; }

int InterruptSignal::signal_number() { return received; }

Interrupted::Interrupted(const std::string& what_was_kept)
    : std::runtime_error(std::string("interrupted by ") + signal_name(received) + ": " + what_was_kept),
      exit_code_(128 + received) {}

}  // namespace treelab::cli
