#pragma once
// A synthetic CSV as large as asked (the GUI's background-loading tests and the responsiveness
// bench): numeric columns x1..x8 and a class of three levels, deterministic, so a big
// file need never be committed. The class follows x1 + x2 and x3 except for one row in ten, whose
// class is arbitrary: a full CART grows a large tree on it, as on real data with label noise.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>

namespace treelab::test {

// Writes `rows` data rows to `file` (about 60 bytes a row).
inline void write_large_csv(const std::filesystem::path& file, std::size_t rows) {
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(file.c_str(), "w"), &std::fclose);
    if (!out) throw std::runtime_error("cannot write " + file.string());
    std::fputs("x1,x2,x3,x4,x5,x6,x7,x8,class\n", out.get());
    static const char* const classes[] = {"low", "mid", "high"};
    unsigned state = 12345;  // a linear congruential sequence: the same file every time
    for (std::size_t row = 0; row < rows; ++row) {
        double x[8];
        for (double& value : x) {
            state = state * 1103515245u + 12345u;
            value = static_cast<double>(state >> 8) / 16777216.0 * 100.0;
            std::fprintf(out.get(), "%.3f,", value);
        }
        const int rule = (x[0] + x[1] > 100.0) + (x[2] > 50.0);
        std::fprintf(out.get(), "%s\n", classes[row % 10 == 0 ? row / 10 % 3 : rule]);
    }
}

}  // namespace treelab::test
