// ParamValues::set_assignment, the `--param NAME=VALUE` of `treelab-cli train` and the GUI form's
// check, on arbitrary text for the learner the first byte picks. ParamError is the expected refusal;
// an accepted value must read back as canonical text.
#include <cstddef>
#include <cstdint>

#include "core/error.h"
#include "core/params/param_spec.h"
#include "tests/fuzz/fuzz_learner.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto [learner, text] = treelab::fuzz::split_learner(data, size);
    treelab::ParamValues values(learner.params);
    try {
        values.set_assignment(learner.params, text);
    } catch (const treelab::ParamError&) {
        return 0;
    }
    values.canonical();
    return 0;
}
