// signups_table.h.
#include "tests/support/signups_table.h"

#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace treelab::test {

void write_signups(const std::filesystem::path& file, bool times) {
    std::ofstream out(file);
    out << "signup,amount,plan\n";
    constexpr int kDaysIn[] = {31, 29, 31, 30, 31};  // 2020, January to May
    int month = 1, day = 1;
    for (int k = 0; k < 120; ++k) {
        const int minute = (97 * k) % 1440;
        const double amount = (37 * k) % 100 + 0.5;
        char signup[32];
        std::snprintf(signup, sizeof signup, "2020-%02d-%02d", month, day);
        out << signup;
        if (times) {
            std::snprintf(signup, sizeof signup, " %02d:%02d", minute / 60, minute % 60);
            out << signup;
        }
        out << ',' << amount << ',' << (k > 73 ? "late" : amount > 50 ? "big" : "small") << '\n';
        if (++day > kDaysIn[month - 1]) {
            day = 1;
            ++month;
        }
    }
    if (!out.flush()) throw std::runtime_error("cannot write " + file.string());
}

RunConfig signups_run(const std::filesystem::path& file) {
    RunConfig config;
    config.data_file = file;
    config.target = "plan";
    config.method = "cart";
    config.params = method_params("cart", {"max_depth=2"});
    config.split = {1.0, 0.0, 0.0};
    return config;
}

}  // namespace treelab::test
