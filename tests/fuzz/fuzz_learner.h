#pragma once
// The param and sweep-grid targets take their learner from the input's first byte, so one corpus
// reaches every learner's ParamSpec table (the stage-list grammar of GET's schedule included).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/learners/learner.h"

namespace treelab::fuzz {

struct LearnerAndText {
    const LearnerInfo& learner;
    std::string text;
};

inline LearnerAndText split_learner(const std::uint8_t* data, std::size_t size) {
    const auto all = learners();
    const LearnerInfo& learner = all[size == 0 ? 0 : data[0] % all.size()];
    return {learner, size == 0 ? std::string() : std::string(reinterpret_cast<const char*>(data) + 1, size - 1)};
}

}  // namespace treelab::fuzz
