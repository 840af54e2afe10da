#pragma once
// Test-side harness of the ONNX export: writes exported models and their inputs, runs them all in
// one node process with onnxruntime-web (run_onnx_models.js), checks them all in one python
// process with onnx.checker, and compares each model's outputs with TreeLab's predictions on the
// same rows. Used by the ctest suite (tiny fits) and tests/bench/onnx_equality.py (default fits).
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/data/table.h"
#include "core/model/model_file.h"

namespace treelab::test {

// The onnxruntime-web package (env TREELAB_ONNXRUNTIME_WEB, else the CMake cache variable of that
// name), or a sentence saying why it cannot be used (node or the package missing).
struct OnnxRuntime {
    std::string package_dir;
    std::string unavailable;  // empty when node and the package are there
};
OnnxRuntime find_onnx_runtime();

struct OnnxCase {
    std::string name;  // a file stem
    const ModelFile* model = nullptr;
    const Table* table = nullptr;  // the rows to predict (the CSV the model was trained on)
};

// Writes each case's NAME.onnx and NAME.inputs.json into `dir`. A model the export refuses gets
// no file; its message is returned under its name.
std::vector<std::pair<std::string, std::string>> write_onnx_cases(const std::filesystem::path& dir, const std::vector<OnnxCase>& cases);
// Runs the written models with onnxruntime-web in one node process; the runner's JSON output.
nlohmann::json run_onnx_cases(const std::filesystem::path& dir, const std::vector<OnnxCase>& cases, const OnnxRuntime& runtime);
// onnx.checker.check_model on every written file in one python3 process: "" when all pass,
// else its messages.
std::string check_onnx_files(const std::filesystem::path& dir, const std::vector<OnnxCase>& cases);

// What the tables of the manual report: rows compared, rows whose class (or value, within
// rounding) equals TreeLab's, and the largest difference of a probability or value.
struct OnnxAgreement {
    long rows = 0, equal = 0;
    double largest_difference = 0.0;
    std::string error;  // the runtime's message when the model did not run
};
// Classes must be equal; values are equal within kValueTolerance relative to the value.
inline constexpr double kValueTolerance = 1e-6;
OnnxAgreement compare_with_treelab(const nlohmann::json& outputs, const OnnxCase& onnx_case);

}  // namespace treelab::test
