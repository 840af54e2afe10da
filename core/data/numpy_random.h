#pragma once
// Internal to core/data: numpy's legacy RandomState draws on std::mt19937, which numpy seeds the
// same way (init_genrand), so seeded shuffles agree with numpy and scikit-learn bit for bit.
#include <cstdint>
#include <random>

#include "core/data/splits.h"

namespace treelab {

class NumpyRandom {
public:
    explicit NumpyRandom(std::uint32_t seed) : engine_(seed) {}
    // Uniform on 0..max by masked rejection (numpy random_interval).
    std::uint64_t interval(std::uint64_t max);
    // In-place Fisher-Yates from the back (numpy RandomState.shuffle on a 1-d array).
    void shuffle(RowIndices& rows);
    // RandomState.random_sample(): 53 random bits from two draws.
    double uniform();
    // RandomState.standard_normal(): numpy's legacy polar Box-Muller, which returns the second
    // value of each pair first and caches the other.
    double gauss();

private:
    std::mt19937 engine_;
    bool has_gauss_ = false;
    double cached_gauss_ = 0.0;
};

}  // namespace treelab
