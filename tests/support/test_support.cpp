#include "tests/support/test_support.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>
#include <regex>

#include <gtest/gtest.h>

#include "core/io/csv_field.h"

namespace treelab::test {

std::filesystem::path test_data(const std::string& name) { return std::filesystem::path(TREELAB_TEST_DATA_DIR) / name; }
std::filesystem::path fixture(const std::string& name) { return std::filesystem::path(TREELAB_FIXTURES_DIR) / name; }
std::filesystem::path dataset(const std::string& name) { return std::filesystem::path(TREELAB_DATASETS_DIR) / name; }

std::string comparison_csv_without_seconds(const std::string& csv) {
    constexpr std::size_t fit_seconds_column = 6;
    std::string out;
    std::size_t start = 0;
    while (start < csv.size()) {
        const std::size_t end = csv.find('\n', start);
        const std::optional<std::vector<std::string>> fields = csv_fields(csv.substr(start, end - start));
        for (std::size_t i = 0; fields && i < fields->size(); ++i)
            if (i != fit_seconds_column) out += (*fields)[i] + ",";
        out += '\n';
        start = end == std::string::npos ? csv.size() : end + 1;
    }
    return out;
}

std::string read_file(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> file_names_in(const std::filesystem::path& folder) {
    std::vector<std::string> names;
    for (const std::filesystem::directory_entry& entry : std::filesystem::directory_iterator(folder))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

std::vector<std::pair<std::string, std::string>> fault_environment(const std::string& shim, const std::string& variable,
                                                                   const std::string& pattern) {
    return {{"LD_PRELOAD", shim}, {"ASAN_OPTIONS", "verify_asan_link_order=0"}, {variable, pattern}};
}

int raster_images(const std::string& figure) {
    static const std::regex kImage(R"(<image[\s>]|/Subtype\s*/Image\b)");
    return static_cast<int>(std::distance(std::sregex_iterator(figure.begin(), figure.end(), kImage), std::sregex_iterator()));
}

std::string widget_text_in(const std::string& svg) {
    for (const char* text : {"Log-scale", "Run sweep", ">Stop<", "Slurm", "Back to the run", "Click a start", "Export CSV",
                             "Compare trees", "Whole tree", "Tree at"})
        if (svg.find(text) != std::string::npos) return text;
    return {};
}

RunConfig dataset_run(const std::string& file, const std::string& target, const std::string& method,
                      const std::vector<std::string>& params, std::uint32_t seed) {
    RunConfig config;
    config.data_file = dataset(file);
    config.target = target;
    config.method = method;
    config.params = method_params(method, params);
    config.seed = seed;
    return config;
}

void expect_near_rel(double a, double b, double rel, double abs_floor) {
    const double tolerance = rel * std::max(std::abs(a), std::abs(b)) + abs_floor;
    EXPECT_LE(std::abs(a - b), tolerance) << "a = " << a << ", b = " << b << ", relative tolerance " << rel;
}

void check_gradient(const std::function<double(const Eigen::VectorXd&)>& f, const Eigen::VectorXd& x,
                    const Eigen::VectorXd& gradient, double eps, double tol) {
    ASSERT_EQ(gradient.size(), x.size());
    for (Eigen::Index i = 0; i < x.size(); ++i) {
        Eigen::VectorXd plus = x, minus = x;
        plus(i) += eps;
        minus(i) -= eps;
        const double numeric = (f(plus) - f(minus)) / (2.0 * eps);
        EXPECT_NEAR(gradient(i), numeric, tol * std::max(1.0, std::abs(numeric))) << "component " << i;
    }
}

TempDir::TempDir() {
    std::random_device device;
    path_ = std::filesystem::temp_directory_path() / ("treelab-test-" + std::to_string(device()));
    std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

std::filesystem::path TempDir::write(const std::string& name, const std::string& contents) const {
    const std::filesystem::path file = path_ / name;
    std::ofstream out(file, std::ios::binary);
    out << contents;
    return file;
}

}  // namespace treelab::test
