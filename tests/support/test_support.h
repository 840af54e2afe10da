#pragma once
// Helpers shared by every test binary.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "core/run/run_config.h"

namespace treelab {
struct Project;  // core/project/project_file.h
}

namespace treelab::test {

std::filesystem::path test_data(const std::string& name);  // tests/data/<name>
std::filesystem::path fixture(const std::string& name);    // tests/fixtures/<name>
std::filesystem::path dataset(const std::string& name);    // datasets/<name>

// A run of `method` on the shipped data set `file` (datasets/) predicting `target`, with
// `params` typed over the method's defaults ("depth=3") and the given seed.
RunConfig dataset_run(const std::string& file, const std::string& target, const std::string& method,
                      const std::vector<std::string>& params, std::uint32_t seed = 0);

// |a - b| <= rel * max(|a|, |b|) + abs_floor, with a message naming both values.
void expect_near_rel(double a, double b, double rel, double abs_floor = 0.0);

// Central finite differences of f at x, compared with `gradient` to relative tolerance `tol`.
void check_gradient(const std::function<double(const Eigen::VectorXd&)>& f, const Eigen::VectorXd& x,
                    const Eigen::VectorXd& gradient, double eps = 1e-6, double tol = 1e-5);

// The bytes of `file` ("" when it cannot be read).
std::string read_file(const std::filesystem::path& file);
// The names of the entries of `folder`, sorted.
std::vector<std::string> file_names_in(const std::filesystem::path& folder);

// The variables that load the fault injector tests/faults/write_fault_shim.c, found at `shim`,
// into a process started with them, with `variable` (TREELAB_FAULT_ENOSPC, _EROFS or _EACCES) set
// to `pattern`, as name and value. AddressSanitizer's check that it is loaded first is turned off.
std::vector<std::pair<std::string, std::string>> fault_environment(const std::string& shim, const std::string& variable,
                                                                   const std::string& pattern);

// A comparison's CSV (treelab-cli compare --out) without its fit_seconds column: wall times
// differ between runs, every other field is deterministic.
std::string comparison_csv_without_seconds(const std::string& csv);

// Raster images inside a vector figure's bytes: SVG <image> elements, PDF image XObjects
// (/Subtype /Image, what `pdfimages -list` lists). A figure composed from data has none.
int raster_images(const std::string& figure);
// The first text of the workbench's widgets (check boxes, buttons, hints) found in an SVG's text;
// "" when none is there, as in a figure composed from data.
std::string widget_text_in(const std::string& svg);

// A small project as the workbench would hold it (built once): a CART run on glass, a two-epoch
// GradTree run on iris with recorded trees and non-finite scores, a model opened from a file, a
// max_depth sweep and a 3-fold comparison.
const Project& small_project();

// A temporary folder removed when the object goes out of scope.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path file(const std::string& name) const { return path_ / name; }
    // Writes `contents` to `name` and returns its path.
    std::filesystem::path write(const std::string& name, const std::string& contents) const;

private:
    std::filesystem::path path_;
};

}  // namespace treelab::test
