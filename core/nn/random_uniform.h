#pragma once
// Uniform draws from std::mt19937 that are the same on every standard library (the <random>
// distributions are not specified bit for bit), for deterministic initialisations and dropout masks.
#include <random>
#include <span>

namespace treelab::nn {

// Uniform in [low, high) from one 32-bit output of the generator.
double random_uniform(std::mt19937& random, double low, double high);

// Each value drawn U(−bound, bound) in order: PyTorch's default Linear init U(±1/√fan_in) when
// bound = 1/√fan_in.
void fill_uniform(std::mt19937& random, double bound, std::span<double> values);

}  // namespace treelab::nn
