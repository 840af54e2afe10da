// model_from_json on arbitrary text. ModelFileError is the expected refusal. A model that loads must
// also write (model_to_json throws only for models that would not load back), so that is checked too.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/error.h"
#include "core/model/model_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    treelab::ModelFile model;
    try {
        model = treelab::model_from_json(text, "fuzz.json");
    } catch (const treelab::ModelFileError&) {
        return 0;
    }
    treelab::model_to_json(model);
    return 0;
}
