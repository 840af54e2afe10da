// The sweep grid of `treelab-cli sweep --param NAME=GRID` and the GUI's sweep tab: parse_grid then
// grid_values (the CLI's parse_sweep is only the split at '=' around them) for the learner the first
// byte picks. ParamError is the expected refusal.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/error.h"
#include "core/run/sweep_grid.h"
#include "tests/fuzz/fuzz_learner.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto [learner, text] = treelab::fuzz::split_learner(data, size);
    const std::size_t equals = text.find('=');
    if (equals == std::string::npos) return 0;
    const std::string name = text.substr(0, equals);
    try {
        treelab::grid_values(treelab::parse_grid(name, text.substr(equals + 1)), learner.params, name);
    } catch (const treelab::ParamError&) {
    }
    return 0;
}
