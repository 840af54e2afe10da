#pragma once
// scikit-learn's tree RNG, so the feature visit order (and thus tie-breaking between equally good
// splits, sklearn/tree/_splitter.pyx) matches sklearn 1.2.1 for the same random_state.
#include <cstdint>
#include <random>

namespace treelab::cart {

class SklearnRng {
public:
    // Splitter.init: rand_r_state = RandomState(seed).randint(0, RAND_R_MAX). numpy seeds MT19937
    // with init_genrand (as std::mt19937 does) and draws the bound 2^31-2 by masked rejection.
    explicit SklearnRng(std::uint32_t seed) {
        std::mt19937 mt(seed);
        do {
            state_ = static_cast<std::uint32_t>(mt()) & 0x7FFFFFFFu;
        } while (state_ > 0x7FFFFFFEu);
    }

    // sklearn/tree/_utils rand_int: low + our_rand_r() % (high - low).
    int rand_int(int low, int high) { return low + static_cast<int>(next() % static_cast<std::uint32_t>(high - low)); }

private:
    // sklearn/utils/_random.pxd our_rand_r: 32-bit xorshift (Marsaglia 2003), 0 replaced by 1.
    std::uint32_t next() {
        if (state_ == 0) state_ = 1;
        state_ ^= state_ << 13;
        state_ ^= state_ >> 17;
        state_ ^= state_ << 5;
        return state_ % 0x80000000u;
    }

    std::uint32_t state_ = 0;
};

}  // namespace treelab::cart
